// The snapshot file of the batchTaskList screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('batchTaskList');
