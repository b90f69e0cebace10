// The snapshot file of the forgetPassword screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('forgetPassword');
