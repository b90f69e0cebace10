// The snapshot file of the userMenu screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('userMenu');
