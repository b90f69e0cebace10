// The snapshot file of the helpPromptUpload screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('helpPromptUpload');
