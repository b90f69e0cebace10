// The snapshot file of the opProviderEdit screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('opProviderEdit');
