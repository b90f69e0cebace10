// The snapshot file of the namerbtUpload screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('namerbtUpload');
