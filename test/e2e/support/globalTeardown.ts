// The shared Chromium of globalSetup.ts and the run's seeded DATA_DIRs go with the run.
import { removeSeedsDir } from '../../api/seedTemplate';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { e2eBrowserServer?: { close(): Promise<void> } }).e2eBrowserServer?.close();
  removeSeedsDir();
}
