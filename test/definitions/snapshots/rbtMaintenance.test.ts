// The snapshot file of the rbtMaintenance screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('rbtMaintenance');
