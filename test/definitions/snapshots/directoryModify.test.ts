// The snapshot file of the directoryModify screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('directoryModify');
