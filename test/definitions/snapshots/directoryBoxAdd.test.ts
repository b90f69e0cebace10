// The snapshot file of the directoryBoxAdd screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('directoryBoxAdd');
