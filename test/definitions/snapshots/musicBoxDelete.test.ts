// The snapshot file of the musicBoxDelete screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('musicBoxDelete');
