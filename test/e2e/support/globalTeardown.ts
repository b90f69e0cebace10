// The shared Chromium of globalSetup.ts goes with the run.
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { e2eBrowserServer?: { close(): Promise<void> } }).e2eBrowserServer?.close();
}
