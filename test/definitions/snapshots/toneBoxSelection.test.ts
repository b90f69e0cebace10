// The snapshot file of the toneBoxSelection screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('toneBoxSelection');
