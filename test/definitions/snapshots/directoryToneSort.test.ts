// The snapshot file of the directoryToneSort screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('directoryToneSort');
