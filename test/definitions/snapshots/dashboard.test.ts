// The snapshot file of the dashboard screen: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('dashboard');
