// The snapshot file of the batchupdaterbtexpiredate screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('batchupdaterbtexpiredate');
