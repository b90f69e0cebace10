// A transcode: one uploaded master to make into the platform's files for one entity's change, on the durable
// media queue (jobs/transcodeRunner.ts). It is requested in the transaction that stores the change, so the
// change exists with its transcode and job or not at all; the entity shows 'to be transcoded' meanwhile
// (lifecycle/states.ts transcodeMark). Once the files are made the change goes to the approval lifecycle as
// any addition or modification (lifecycle.ts submit): nothing of it is live before that, and a modification's
// files stay in its change request's payload until the operator approves. While a transcode waits or runs the
// entity takes no other change (lifecycle/changes.ts withPendingChange counts it as a change waiting).
import type { Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import type { Config } from '../services/config';
import type { JobQueue, TranscodeJob } from '../jobs/queue';
import { submit } from '../lifecycle/lifecycle';
import { transcodeMark, type TranscodeState } from '../lifecycle/states';
import { translate } from '../http/messages';
import type { Lang } from '../returnCodes';
import { toneProfiles, TONE_FILE_KEY, type OutputProfile, type Role } from './profiles';

type Tx = Transaction<Database>;
export type Payload = Record<string, unknown>;

export interface TranscodeRow {
  id: number;
  provider_id: number;
  entity_type: string;
  entity_id: number;
  change_kind: string;
  master: string;
  state: string;
  payload: string;
}

/** What an entity that takes a master needs: which files it gets, and what happens once they are made. */
export interface Transcodable {
  table: 'tones';
  profiles(config: Config): OutputProfile[];
  /** In the transaction that records the files: the entity gets them and its change goes to the lifecycle. */
  finish(tx: Tx, t: TranscodeRow, files: Partial<Record<Role, string>>, provider: Provider, now: number): Promise<void>;
}

const parseMap = (text: unknown): Record<string, string> => {
  try {
    const v = JSON.parse(typeof text === 'string' && text ? text : '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
};

/** A tone's file map with the made files: the master stays its media file, the rest is derived from it. */
function toneFileMap(base: Record<string, string>, master: string, files: Partial<Record<Role, string>>) {
  const map: Record<string, string> = { ...base, mediaPlay: master };
  for (const [role, key] of Object.entries(TONE_FILE_KEY)) {
    const saved = files[role as Role];
    if (saved) map[key] = saved;
    else delete map[key]; // a file this configuration does not make is not left over from another master
  }
  return map;
}

const tone: Transcodable = {
  table: 'tones',
  profiles: toneProfiles,
  async finish(tx, t, files, provider, now) {
    const row = await tx
      .selectFrom('tones')
      .select('tone_file')
      .where('id', '=', t.entity_id)
      .executeTakeFirstOrThrow();
    await setTranscodeState(tx, 'tone', t.entity_id, 'none', now);
    if (t.change_kind === 'add') {
      // Not on sale yet: the addition's own row holds its files, as sp/addtone stores a separate upload's.
      await tx
        .updateTable('tones')
        .set({ tone_file: JSON.stringify(toneFileMap(parseMap(row.tone_file), t.master, files)), updated_at: now })
        .where('id', '=', t.entity_id)
        .execute();
      // The fields of an edit that resubmitted the addition with a new master go with it (applied on approval).
      const payload = JSON.parse(t.payload || '{}') as Payload;
      await submit(tx, 'tone', provider, [{ id: t.entity_id, kind: 'add', payload }], { now });
      return;
    }
    // A modification: the files join the staged change; the live tone keeps its own until the operator approves.
    const payload = JSON.parse(t.payload || '{}') as Payload;
    const map = toneFileMap({ ...parseMap(row.tone_file), ...parseMap(payload.toneFile) }, t.master, files);
    await submit(
      tx,
      'tone',
      provider,
      [{ id: t.entity_id, kind: 'modify', payload: { ...payload, toneFile: JSON.stringify(map) } }],
      {
        now,
        approval: true,
      },
    );
  },
};

export const TRANSCODABLE: Record<string, Transcodable> = { tone };

/** Writes an entity's transcode state (and the reason a failure gives, '' otherwise). */
export async function setTranscodeState(
  tx: Tx | Parameters<Transcodable['finish']>[0],
  entityType: string,
  id: number,
  state: TranscodeState | 'none',
  now: number,
  reason: { key: string; params?: Record<string, unknown> } | undefined = undefined,
): Promise<void> {
  const table = TRANSCODABLE[entityType]?.table;
  if (!table) return;
  await tx
    .updateTable(table)
    .set({
      transcode_state: transcodeMark(state),
      transcode_reason: reason ? storedReason(reason) : '',
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A failure's reason as stored on the row: its message key and parameters, translated when read. */
export function storedReason(r: { key: string; params?: Record<string, unknown> }): string {
  const text = JSON.stringify({ key: r.key, params: r.params ?? {} });
  return text.length <= 500 ? text : JSON.stringify({ key: r.key, params: {} });
}

/** A stored reason in the reader's language ('' for none). */
export function reasonText(stored: unknown, lang: Lang): string {
  if (typeof stored !== 'string' || stored === '') return '';
  try {
    const r = JSON.parse(stored) as { key?: string; params?: Record<string, unknown> };
    return typeof r.key === 'string' ? translate(r.key, lang, r.params ?? {}) : '';
  } catch {
    return stored;
  }
}

export interface TranscodeRequest {
  provider: { id: number };
  entityType: string;
  entityId: number;
  kind: 'add' | 'modify';
  /** The provider's uploaded master (saved file name). */
  master: string;
  /** The rest of a modification, staged with the files once they are made. */
  payload?: Payload;
}

/**
 * Records a transcode and queues its job, in the caller's transaction; the entity shows 'to be transcoded'. The
 * caller wakes the queue once the transaction has committed (queue.wake()).
 */
export async function requestTranscode(
  tx: Tx,
  queue: JobQueue<TranscodeJob>,
  r: TranscodeRequest,
  now: number,
): Promise<number> {
  const row = await tx
    .insertInto('transcodes')
    .values({
      provider_id: r.provider.id,
      entity_type: r.entityType,
      entity_id: r.entityId,
      change_kind: r.kind,
      master: r.master,
      payload: JSON.stringify(r.payload ?? {}),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setTranscodeState(tx, r.entityType, r.entityId, 'waiting', now);
  await queue.enqueue(tx, [{ transcodeId: row.id }]);
  return row.id;
}

/** A tone's unified master (uploadMode 2, 001 §3): the media file the rest is made from, or undefined. */
export function unifiedMaster(params: Record<string, unknown>, files: Record<string, string>): string | undefined {
  return String(params.uploadMode ?? '') === '2' && files.mediaPlay ? files.mediaPlay : undefined;
}
