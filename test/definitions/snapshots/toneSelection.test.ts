// The snapshot file of the toneSelection screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('toneSelection');
