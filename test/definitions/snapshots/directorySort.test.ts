// The snapshot file of the directorySort screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('directorySort');
