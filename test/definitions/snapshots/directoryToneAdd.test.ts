// The snapshot file of the directoryToneAdd screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('directoryToneAdd');
