// The snapshot file of the namerbtInfo screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('namerbtInfo');
