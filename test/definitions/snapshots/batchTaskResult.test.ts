// The snapshot file of the batchTaskResult screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('batchTaskResult');
