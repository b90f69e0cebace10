// The snapshot file of the batchOperation screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('batchOperation');
