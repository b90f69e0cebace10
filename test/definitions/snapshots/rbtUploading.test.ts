// The snapshot file of the rbtUploading screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('rbtUploading');
