// The snapshot file of the user guide: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('guide');
