// /readyz's checks: the database answers, the file storage takes files, the batch and transcode queues can be read, and the
// process is neither starting (migrating) nor draining. Each check has a deadline, so a database or bucket that
// hangs reads as unreachable within seconds rather than holding the probe.
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { FileStore } from '../files/storage';
import { NOT_READY, type Lifecycle } from './lifecycle';

const CHECK_TIMEOUT_MS = 5000;

export interface Readiness {
  ready: boolean;
  /** Why not, for a person reading the probe's answer. */
  reason?: string;
  phase: Lifecycle['phase'];
  checks: Record<'database' | 'storage' | 'queue' | 'transcoding', string>;
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function readiness(ctx: AppContext, store: FileStore, lifecycle: Lifecycle): Promise<Readiness> {
  const run = (f: () => Promise<unknown>) =>
    within(f(), CHECK_TIMEOUT_MS).then(
      () => 'ok',
      (e: Error) => e.message || e.name,
    );
  const [database, storage, queue, transcoding] = await Promise.all([
    run(() => sql`select 1`.execute(ctx.db)).then((r) => (r === 'ok' ? r : `database unreachable: ${r}`)),
    run(() => store.ready()),
    run(() => ctx.jobs.stats()).then((r) => (r === 'ok' ? r : `job queue unreachable: ${r}`)),
    run(() => ctx.media.stats()).then((r) => (r === 'ok' ? r : `transcode queue unreachable: ${r}`)),
  ]);
  const checks = { database, storage, queue, transcoding };
  const failing = Object.values(checks).filter((c) => c !== 'ok');
  const phase = lifecycle.phase;
  const reason = phase !== 'ready' ? NOT_READY[phase] : failing.join('; ') || undefined;
  return { ready: !reason, reason, phase, checks };
}
