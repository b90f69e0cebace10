// The snapshot file of the copyrightEdit screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('copyrightEdit');
