// Tests and benchmarks run at any hour, but the default configuration refuses writes 00:00-05:00 (000 §8,
// maintenance_window). A harness that starts a server process switches the window off as an operator would
// (the config table), then waits until the server answers so: a running server keeps configuration for up to
// 2 s, and its start-up (the console's write-window line, the demo seeding) has just read it with the window on.
import { siteIds } from '../../src/engine/fsLoader';
import { openDatabase } from '../../src/server/db/connection';
import { ConfigStore } from '../../src/server/services/config';

/** Switches the write window off in a server's database (SQLite in dataDir, or the PostgreSQL schema) and waits until it answers so. */
export async function openWrites(
  base: string,
  where: { dataDir: string; databaseUrl?: string; pgSchema?: string },
): Promise<void> {
  const db = await openDatabase(where);
  try {
    await new ConfigStore(db.db).set('maintenance_window', '');
  } finally {
    await db.close();
  }
  await untilWritesOpen(base);
}

async function untilWritesOpen(base: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Every site's configuration is kept apart; a site the server does not know answers for its default site.
  const urls = ['', ...siteIds()].map((site) => `${base}/common/querywritewindow${site ? `?site=${site}` : ''}`);
  for (;;) {
    const windows = await Promise.all(
      urls.map(async (url) => ((await (await fetch(url)).json()) as { record?: { window?: string } }).record?.window),
    );
    if (windows.every((w) => w === '')) return;
    if (Date.now() > deadline)
      throw new Error(`the write window is still ${JSON.stringify(windows)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
