// The snapshot file of the toneDetail screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('toneDetail');
