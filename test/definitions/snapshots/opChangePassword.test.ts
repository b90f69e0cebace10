// The snapshot file of the opChangePassword screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opChangePassword');
