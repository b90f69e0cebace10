// The snapshot file of the opDecide screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opDecide');
