// The snapshot file of the salutatoryUpload screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('salutatoryUpload');
