// Runs transcode jobs (media queue), the same code on either queue. A run copies the master out of storage
// into a scratch directory of its own (emptied first: whatever a killed run left is gone), makes every file in
// one ffmpeg run there (media/transcode.ts), checks what the result sounds like, commits the files under names
// fixed by the transcode (tc<id><role>.<ext>: a second run after a crash rewrites the same files, never adds
// others) and then, in one transaction, records them, marks the transcode done and hands the change to the
// lifecycle (media/transcodes.ts). The scratch directory is removed however the run ends.
//
// Failures: a master that cannot be converted (not audio, silent, too short or long once decoded) is 'convert
// failed' at once, since another run would not help; anything else (ffmpeg stopped, ran out of time, made a file
// that is not what the profile asks) is thrown, so the queue runs the job again with a growing delay, and the
// last attempt's failure is 'transcoding failed'. Either shows on the entity with its reason.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context';
import type { FileStore } from '../files/storage';
import type { Provider } from '../db/schema';
import { audit } from '../services/audit';
import { ownUpload, recordUploads } from '../services/uploadedFiles';
import { analyse, type Analysis } from '../media/analyse';
import { probe } from '../media/probe';
import { intakeLimits, lengthProblem, soundProblem, type AudioInfo } from '../media/intake';
import { processingOf, type OutputProfile, type Role } from '../media/profiles';
import { transcode, type Made } from '../media/transcode';
import { setTranscodeState, TRANSCODABLE, type TranscodeRow } from '../media/transcodes';
import type { TranscodeState } from '../lifecycle/states';
import type { Config } from '../services/config';
import type { SampleSummary } from '../media/samples';
import { StoppedError } from './stopped';
import type { DeadJobHandler, JobHandler, JobRun, TranscodeJob } from './queue';

const LIVE = ['queued', 'running'];

/** A master that cannot become the platform's files, whatever the attempt: its reason is the provider's to read. */
class ConvertFailure extends Error {
  constructor(readonly reason: { key: string; params?: Record<string, unknown> }) {
    super(reason.key);
  }
}

/** The saved name of a transcode's file: fixed by the transcode, so a repeated run rewrites rather than adds. */
export const outputName = (transcodeId: number, role: Role, ext: string) => `tc${transcodeId}${role}.${ext}`;

/**
 * The files of a master (a local file in the run's scratch directory `dir`): probed, analysed when trimming or
 * normalisation need it (the intake's analysis when `stored` has one), made in one ffmpeg run and checked for what
 * the result sounds like (a batch's masters were only probed at intake): silent or too short is a ConvertFailure.
 * bench/transcode.ts times this function against ffmpeg's own command line.
 */
export async function makeFiles(
  master: string,
  o: {
    config: Config;
    profiles: OutputProfile[];
    dir: string;
    signal?: AbortSignal;
    stored?: () => Promise<Analysis | undefined>;
  },
): Promise<{ files: Made[]; result: SampleSummary }> {
  const facts = await probe(master);
  if (!facts) throw new ConvertFailure({ key: 'Audio.notAudio' });
  const processing = processingOf(o.config);
  const needs = processing.trim || processing.loudnessLufs !== null;
  const analysis = needs ? ((await o.stored?.()) ?? (await analyse(master, facts))) : undefined;
  const made = await transcode(master, { profiles: o.profiles, processing, analysis, dir: o.dir, signal: o.signal });
  const limits = intakeLimits(o.config);
  const result = { ...facts, durationSeconds: made.result.durationSeconds };
  const bad = soundProblem(result, made.result, limits) ?? lengthProblem(result, limits);
  if (bad) throw new ConvertFailure({ key: bad.violation.message, params: bad.violation.params });
  return made;
}

export interface TranscodeRunner {
  handle: JobHandler<TranscodeJob>;
  dead: DeadJobHandler<TranscodeJob>;
}

export function transcodeRunner(ctx: AppContext, store: FileStore, log: (line: string) => void): TranscodeRunner {
  const db = ctx.db;

  /** Ends a transcode that failed (state failed or convertFailed) and shows why on its entity. */
  async function fail(
    t: TranscodeRow,
    state: Extract<TranscodeState, 'failed' | 'convertFailed'>,
    reason: ConvertFailure['reason'],
  ) {
    const now = ctx.now();
    await db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('transcodes')
        .set({ state, reason: JSON.stringify(reason).slice(0, 500), updated_at: now, finished_at: now })
        .where('id', '=', t.id)
        .where('state', 'in', LIVE)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return;
      await setTranscodeState(tx, t.entity_type, t.entity_id, state, now, reason);
      await audit(tx, {
        providerId: t.provider_id,
        actor: 'transcoder',
        action: `transcode.${state}`,
        entityType: t.entity_type,
        entityId: t.entity_id,
        detail: { transcode: t.id, reason },
      });
    });
  }

  /** The master's intake analysis (uploaded_files.info), when it has what trimming and normalisation need. */
  async function storedAnalysis(t: TranscodeRow): Promise<Analysis | undefined> {
    const row = await ownUpload(db, t.provider_id, t.master, ['info']);
    try {
      const info = JSON.parse(row?.info || '{}') as AudioInfo & { peaks?: number[] };
      return typeof info.leadingSilence === 'number' && info.loudnessLufs !== undefined
        ? (info as unknown as Analysis)
        : undefined;
    } catch {
      return undefined;
    }
  }

  async function make(t: TranscodeRow, provider: Provider, dir: string, signal: AbortSignal) {
    const config = await ctx.config.forSite(provider.site);
    const entity = TRANSCODABLE[t.entity_type];
    if (!entity) throw new ConvertFailure({ key: 'Transcode.unknownEntity' });
    const source = await store.open(t.provider_id, t.master);
    if (!source) throw new ConvertFailure({ key: 'Transcode.masterMissing' });
    const master = join(dir, `master.${t.master.split('.').pop()}`);
    await pipeline(source.stream, createWriteStream(master));
    const made = await makeFiles(master, {
      config,
      profiles: entity.profiles(config),
      dir,
      signal,
      stored: () => storedAnalysis(t),
    });
    return { entity, made };
  }

  /** Commits the files (fixed names), then records them and hands the change on, once. */
  async function record(
    t: TranscodeRow,
    provider: Provider,
    made: { files: Made[]; result: { peaks: number[]; durationSeconds: number } },
  ) {
    const entity = TRANSCODABLE[t.entity_type];
    const names: Partial<Record<Role, string>> = {};
    for (const f of made.files) {
      const name = outputName(t.id, f.profile.role, f.profile.ext);
      await store.commit(f.path, t.provider_id, name);
      names[f.profile.role] = name;
    }
    const now = ctx.now();
    await db.transaction().execute(async (tx) => {
      // Marked done first: the change it hands on is then the entity's only one (lifecycle/changes.ts).
      const r = await tx
        .updateTable('transcodes')
        .set({ state: 'done', outputs: JSON.stringify(names), reason: '', updated_at: now, finished_at: now })
        .where('id', '=', t.id)
        .where('state', 'in', LIVE)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return; // another run finished it first
      const saved = Object.values(names) as string[];
      await tx
        .deleteFrom('uploaded_files')
        .where('provider_id', '=', t.provider_id)
        .where('saved_filename', 'in', saved)
        .execute();
      await recordUploads(
        tx,
        made.files.map((f) => ({
          providerId: t.provider_id,
          savedFilename: names[f.profile.role]!,
          original: `${t.master.replace(/\.[a-z0-9]+$/, '')}-${f.profile.role}.${f.profile.ext}`,
          kind: f.profile.ext,
          size: f.size,
          info: {
            codec: f.facts.codec,
            channels: f.facts.channels,
            sampleRate: f.facts.sampleRate,
            bitsPerSample: f.facts.bitsPerSample,
            audioFormat: f.facts.audioFormat,
            durationSeconds: made.result.durationSeconds,
            peaks: made.result.peaks,
            transcode: t.id,
          },
          now,
        })),
      );
      await entity.finish(tx, t, names, provider, now);
      await audit(tx, {
        providerId: t.provider_id,
        actor: 'transcoder',
        action: 'transcode.done',
        entityType: t.entity_type,
        entityId: t.entity_id,
        detail: { transcode: t.id, files: names },
      });
    });
  }

  const handle: JobHandler<TranscodeJob> = async (job, run: JobRun) => {
    const t = await db.selectFrom('transcodes').selectAll().where('id', '=', job.transcodeId).executeTakeFirst();
    if (!t || !LIVE.includes(t.state)) return;
    const provider = await db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', t.provider_id)
      .executeTakeFirstOrThrow();
    const now = ctx.now();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('transcodes')
        .set({ state: 'running', attempts: run.attempt, updated_at: now })
        .where('id', '=', t.id)
        .where('state', 'in', LIVE)
        .execute();
      await setTranscodeState(tx, t.entity_type, t.entity_id, 'running', now);
    });
    const scratch = await store.scratch(`transcode-${t.id}`);
    const abort = new AbortController();
    // The lease is renewed while ffmpeg works; a lost lease (another process took the job) stops this run.
    const beat = setInterval(() => {
      void run.heartbeat().then(
        (alive) => alive || abort.abort(),
        () => undefined,
      );
    }, 5000);
    try {
      const { made } = await make(t, provider, scratch.dir, abort.signal);
      if (abort.signal.aborted) throw new StoppedError();
      await record(t, provider, made);
    } catch (e) {
      if (abort.signal.aborted || e instanceof StoppedError) throw new StoppedError();
      if (e instanceof ConvertFailure) {
        log(`transcode ${t.id}: cannot convert ${t.master}: ${e.reason.key}`);
        await fail(t, 'convertFailed', e.reason);
        return;
      }
      if (!run.last) {
        // Runs again after a growing delay: meanwhile the entity waits for it as before.
        await db.transaction().execute(async (tx) => {
          await tx
            .updateTable('transcodes')
            .set({ state: 'queued', updated_at: ctx.now() })
            .where('id', '=', t.id)
            .execute();
          await setTranscodeState(tx, t.entity_type, t.entity_id, 'waiting', ctx.now());
        });
        throw e;
      }
      await fail(t, 'failed', { key: 'Transcode.failed', params: { reason: (e as Error).message.slice(0, 300) } });
    } finally {
      clearInterval(beat);
      await scratch.dispose().catch(() => undefined);
    }
  };

  const dead: DeadJobHandler<TranscodeJob> = async (job, reason) => {
    log(`transcode ${job.transcodeId}: gave up: ${reason}`);
    const t = await db.selectFrom('transcodes').selectAll().where('id', '=', job.transcodeId).executeTakeFirst();
    if (t && LIVE.includes(t.state))
      await fail(t, 'failed', { key: 'Transcode.failed', params: { reason: reason.slice(0, 300) } });
    await store
      .scratch(`transcode-${job.transcodeId}`)
      .then((s) => s.dispose())
      .catch(() => undefined);
  };

  return { handle, dead };
}
