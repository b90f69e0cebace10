// The snapshot file of the batchTaskSubmit screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('batchTaskSubmit');
