// The snapshot file of the copyrightMaintenance screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('copyrightMaintenance');
