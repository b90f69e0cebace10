// The run's seeded templates, one directory a site, each built once however many Jest workers ask for it. Shared by
// the API suite (seeded.ts: buildApp in process, PostgreSQL clones) and the e2e suite (support/server.ts: the built
// server as a process).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The run's template directory (RBT_TEST_SEEDS, made by a project's globalSetup), if it keeps templates. */
export const seedsDir = () => process.env.RBT_TEST_SEEDS;
/** A short id of the run, for names outside the directory (template databases). */
export const runId = () => process.env.RBT_TEST_SEEDS_RUN ?? '';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The run's seeded template of a site: the first caller builds it into its directory (a lock directory keeps
 * workers from building it twice; the others wait for its `ready` mark). Undefined when this run keeps no
 * templates or the build failed (the caller then seeds its own, and says why once).
 */
export async function seededTemplate(site: string, build: (dir: string) => Promise<void>): Promise<string | undefined> {
  const root = seedsDir();
  if (!root) return undefined;
  const dir = join(root, site);
  const ready = join(root, `${site}.ready`);
  const failed = join(root, `${site}.failed`);
  try {
    mkdirSync(join(root, `${site}.lock`));
  } catch {
    for (let waited = 0; waited < 120_000; waited += 100) {
      if (existsSync(ready)) return dir;
      if (existsSync(failed)) return undefined;
      await sleep(100);
    }
    return undefined;
  }
  try {
    mkdirSync(dir);
    await build(dir);
    writeFileSync(ready, '');
    return dir;
  } catch (e) {
    writeFileSync(failed, String(e));
    console.warn(`test servers seed their own databases: no template for ${site} (${(e as Error).message})`);
    return undefined;
  }
}

/** Makes the run's template directory, named in the environment every Jest worker inherits (a globalSetup). */
export function makeSeedsDir(tmp: string): void {
  process.env.RBT_TEST_SEEDS = mkdtempSync(join(tmp, 'rbt-seeds-'));
  process.env.RBT_TEST_SEEDS_RUN = randomBytes(4).toString('hex');
}

/** Removes the run's template directory (a globalTeardown). */
export function removeSeedsDir(): void {
  const root = seedsDir();
  if (root) rmSync(root, { recursive: true, force: true });
}
