// The snapshot file of the opOperatorCreate screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opOperatorCreate');
