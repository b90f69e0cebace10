// The snapshot file of the musicBoxUpload screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('musicBoxUpload');
