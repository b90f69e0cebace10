// The snapshot file of the opOutbox screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opOutbox');
