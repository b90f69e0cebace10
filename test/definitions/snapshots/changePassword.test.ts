// The snapshot file of the changePassword screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('changePassword');
