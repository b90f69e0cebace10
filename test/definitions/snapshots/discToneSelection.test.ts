// The discToneSelection screen's resolved definition: see screenSnapshots.ts.
import { snapshotScreen } from './screenSnapshots';

snapshotScreen('discToneSelection');
