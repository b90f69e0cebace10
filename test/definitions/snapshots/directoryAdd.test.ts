// The snapshot file of the directoryAdd screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('directoryAdd');
