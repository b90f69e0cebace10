// The snapshot file of the tariffDetail screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('tariffDetail');
