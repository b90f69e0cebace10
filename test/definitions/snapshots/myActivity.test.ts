// The snapshot file of the myActivity screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('myActivity');
