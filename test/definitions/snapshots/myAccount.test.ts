// The snapshot file of the myAccount screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('myAccount');
