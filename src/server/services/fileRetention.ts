// Files of deleted tones and music boxes are kept for deleted_file_retention_days (the operator's setting, per
// site; '0' keeps them for ever), then removed from storage with their uploaded_files rows, which frees the
// provider's quota. A file is removed only when nothing live of the provider names it: a tone or box not deleted,
// an IVR directory or prompt, a name tone, a change waiting for the operator, a batch task. A swept tone or box
// keeps its row (deletion is a status) with an empty file map, so the next sweep passes over it.
// Every server process that runs workers sweeps hourly (FILE_SWEEP_MINUTES); on PostgreSQL one at a time.
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { FileStore } from '../files/storage';
import { num } from './config';
import { STATUS } from '../lifecycle/states';

const DAY_MS = 86_400_000;
/** A saved name as FileStore.savedName makes it: epoch milliseconds, 12 hex digits, the extension. */
const SAVED_NAME = /\d{13}[0-9a-f]{12}\.[a-z0-9]+/g;
/** Deleted rows looked at per sweep; the rest wait for the next one. */
const BATCH = 500;

const namesIn = (texts: Array<string | null | undefined>): Set<string> =>
  new Set(texts.flatMap((t) => (t ? (t.match(SAVED_NAME) ?? []) : [])));

/** Every saved name something live of the provider uses. */
async function namesInUse(db: Kysely<Database>, providerId: number): Promise<Set<string>> {
  const of = <T>(rows: T[], pick: (r: T) => Array<string | null | undefined>) => rows.flatMap(pick);
  const [tones, boxes, dirs, prompts, names, changes, tasks] = await Promise.all([
    db
      .selectFrom('tones')
      .select(['tone_file', 'details'])
      .where('provider_id', '=', providerId)
      .where('status', '!=', STATUS.deleted)
      .execute(),
    db
      .selectFrom('tone_boxes')
      .select(['tone_file', 'additional_info'])
      .where('provider_id', '=', providerId)
      .where('status', '!=', STATUS.deleted)
      .execute(),
    db.selectFrom('ivr_directories').select('prompt_file').where('provider_id', '=', providerId).execute(),
    db.selectFrom('ivr_prompts').select('prompt_file').where('provider_id', '=', providerId).execute(),
    db.selectFrom('name_tones').select('upload_link').where('provider_id', '=', providerId).execute(),
    db
      .selectFrom('change_requests')
      .select('payload')
      .where('provider_id', '=', providerId)
      .where('status', '=', 'pending')
      .execute(),
    db.selectFrom('batch_tasks').select(['result_file', 'data']).where('provider_id', '=', providerId).execute(),
  ]);
  return namesIn([
    ...of(tones, (r) => [r.tone_file, r.details]),
    ...of(boxes, (r) => [r.tone_file, r.additional_info]),
    ...of(dirs, (r) => [r.prompt_file]),
    ...of(prompts, (r) => [r.prompt_file]),
    ...of(names, (r) => [r.upload_link]),
    ...of(changes, (r) => [r.payload]),
    ...of(tasks, (r) => [r.result_file, r.data]),
  ]);
}

export interface SweepResult {
  /** Deleted tones and boxes whose files were dealt with. */
  rows: number;
  /** Files removed from storage. */
  files: number;
}

/** One sweep at `now`: the files of tones and boxes deleted longer ago than their site's retention. */
export async function sweepDeletedFiles(ctx: AppContext, store: FileStore, now = ctx.now()): Promise<SweepResult> {
  const { db } = ctx;
  const retention = new Map<string, number>();
  for (const site of ctx.config.sites()) {
    const days = num(await ctx.config.forSite(site), 'deleted_file_retention_days');
    retention.set(site, days > 0 ? days * DAY_MS : Infinity);
  }
  const shortest = Math.min(...retention.values());
  if (shortest === Infinity) return { rows: 0, files: 0 };
  const result: SweepResult = { rows: 0, files: 0 };
  const inUse = new Map<number, Set<string>>();
  for (const [table, deleted] of [
    ['tones', STATUS.deleted],
    ['tone_boxes', STATUS.deleted],
  ] as const) {
    // Both tables have the columns used here (id, provider_id, status, tone_file, updated_at): typed as tones.
    const same = table as 'tones';
    const rows = await db
      .selectFrom(`${same} as t`)
      .innerJoin('providers as p', 'p.id', 't.provider_id')
      .select(['t.id', 't.provider_id', 't.tone_file', 't.updated_at', 'p.site'])
      .where('t.status', '=', deleted)
      .where('t.tone_file', 'not in', ['', '{}'])
      .where('t.updated_at', '<', now - shortest)
      .orderBy('t.id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      if (now - row.updated_at < (retention.get(row.site) ?? Infinity)) continue;
      if (!inUse.has(row.provider_id)) inUse.set(row.provider_id, await namesInUse(db, row.provider_id));
      const names = [...namesIn([row.tone_file])].filter((n) => !inUse.get(row.provider_id)!.has(n));
      let removed = 0;
      for (const name of names) if (await store.remove(row.provider_id, name)) removed++;
      // Storage out of reach: the row stays as it is, for the next sweep.
      if (removed < names.length) continue;
      await db.transaction().execute(async (tx) => {
        if (names.length)
          await tx
            .deleteFrom('uploaded_files')
            .where('provider_id', '=', row.provider_id)
            .where('saved_filename', 'in', names)
            .execute();
        await tx
          .updateTable(same)
          .set({ tone_file: '{}' })
          .where('id', '=', row.id)
          .where('status', '=', deleted)
          .execute();
      });
      result.rows++;
      result.files += removed;
    }
  }
  return result;
}

/**
 * Sweeps every `minutes` (the first one a minute after the start) until stopped. On PostgreSQL a session
 * advisory lock named after the schema lets one process sweep at a time; the others skip that round.
 */
export function scheduleSweeps(
  ctx: AppContext,
  store: FileStore,
  log: (line: string) => void,
  minutes = Number(process.env.FILE_SWEEP_MINUTES) > 0 ? Number(process.env.FILE_SWEEP_MINUTES) : 60,
): () => void {
  let running: Promise<void> | undefined;
  const once = async () => {
    const swept = await withSweepLock(ctx, () => sweepDeletedFiles(ctx, store));
    if (swept && swept.files)
      log(`file retention: removed ${swept.files} files of ${swept.rows} deleted tones and boxes`);
  };
  const tick = () => {
    running ??= once()
      .catch((e: Error) => log(`file retention sweep failed: ${e.message}`))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(tick, 60_000).unref();
  const every = setInterval(tick, minutes * 60_000).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

async function withSweepLock<T>(ctx: AppContext, f: () => Promise<T>): Promise<T | undefined> {
  if (ctx.handle.dialect !== 'postgres') return f();
  return ctx.db.connection().execute(async (conn) => {
    const key = sql`hashtext(current_schema() || '.rbt_file_retention')`;
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(conn);
    if (!got.rows[0]?.ok) return undefined;
    try {
      return await f();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
