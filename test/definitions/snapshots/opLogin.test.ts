// The snapshot file of the opLogin screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opLogin');
