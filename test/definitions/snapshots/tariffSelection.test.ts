// The snapshot file of the tariffSelection screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('tariffSelection');
