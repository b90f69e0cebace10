// The snapshot file of the noPrivilege screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('noPrivilege');
