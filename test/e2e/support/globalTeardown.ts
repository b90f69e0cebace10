// The shared Chromium of globalSetup.ts and the run's seeded DATA_DIRs go with the run.
import { removeSeedsDir } from '../../api/seedTemplate';

export default async function globalTeardown(): Promise<void> {
  if (process.env.RBT_E2E_HOSTED) return; // the run's host (host.ts) removes what it made
  await (globalThis as { e2eBrowserServer?: { close(): Promise<void> } }).e2eBrowserServer?.close();
  removeSeedsDir();
}
