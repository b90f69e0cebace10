// The snapshot file of the opProviderCreate screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opProviderCreate');
