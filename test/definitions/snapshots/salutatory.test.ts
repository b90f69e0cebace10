// The snapshot file of the salutatory screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('salutatory');
