// The snapshot file of the copyrightAdd screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('copyrightAdd');
