// The snapshot file of the opConfigEdit screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opConfigEdit');
