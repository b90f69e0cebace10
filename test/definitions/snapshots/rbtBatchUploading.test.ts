// The snapshot file of the rbtBatchUploading screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('rbtBatchUploading');
