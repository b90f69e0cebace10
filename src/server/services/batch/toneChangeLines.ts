// Batch changes to existing tones, one tone a line:
// - task type 2, update tones and singers (000 §2, Kenya): `toneCode|toneName|singerName`, an empty value
//   keeps the current one;
// - task type 5, the Ais expiry batch (001 §7 sp/batchupdaterbtexpiredate): a tone code a line, the new
//   expiry date shared by the task.
// The values meet the tone edit form's rules (rbtUploading in edit mode, through the engine: name characters
// and length, the expiry date against the relative period and the copyright validity), so a line is refused
// for the reasons and with the message keys the form gives. A change follows the provider's approval flow
// like sp/edittone and sp/deltones: believeCP '1'/'2' applies it at once, anyone else's waits for the
// operator ('modification to be approved').
// A line decides its outcome and notes its write; the group's writes go to the database together at the end
// of its lines (flush: a statement or two for the whole group instead of two round trips a line), in the
// transaction that also records the lines' results, so a line's change and its result still commit together.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { RC } from '../../returnCodes';
import { requestToneModifications, type ToneModification } from '../changeRequests';
import type { Violation } from '../../validation';
import { failed, ok, refused, type LineOutcome } from './outcome';
import { valuesOf } from './textFile';
import type { LineContext, LineHandler } from './lineTypes';
import { fieldRules } from './fieldRules';
import { toneFields } from '../toneRecord';
import { DELETED } from '../tones';

type Tx = Transaction<Database>;

const TONE_CODE = /^\d{1,22}$/;

interface ToneRow {
  id: number;
  status: string;
  approve_type: string;
  table_type: string;
  relative_time: string;
  details: string;
  rights: Record<string, string>;
}

/**
 * The group's tones by code (the newest live tone of a code) with their copyright validity dates, in two
 * queries: a line then finds its tone here, and a change it makes is noted here for a later line of the group.
 */
async function prefetchTones(tx: Tx, codes: string[], lc: LineContext): Promise<void> {
  const valid = [...new Set(codes.filter((c) => TONE_CODE.test(c)))];
  const byCode = new Map<string, ToneRow>();
  if (valid.length) {
    const rows = await tx
      .selectFrom('tones')
      .select(['id', 'tone_code', 'status', 'approve_type', 'table_type', 'relative_time', 'details'])
      .where('provider_id', '=', lc.provider.id)
      .where('tone_code', 'in', valid)
      .where('status', '!=', DELETED)
      .orderBy('id')
      .execute();
    for (const r of rows) byCode.set(r.tone_code, { ...r, rights: {} });
    const ids = [...byCode.values()].map((t) => t.id);
    if (ids.length) {
      const rights = await tx
        .selectFrom('tone_copyrights')
        .select(['tone_id', 'role', 'valid_day'])
        .where('tone_id', 'in', ids)
        .execute();
      const byId = new Map([...byCode.values()].map((t) => [t.id, t]));
      for (const r of rights) if (r.valid_day) byId.get(r.tone_id)!.rights[`${r.role}ValidDay`] = r.valid_day;
    }
  }
  lc.group.tones = byCode;
}

const firstValue = (text: string) => text.split('|')[0].trim();

/** Errors of the tone edit form for the given fields only (the rest of the form is not part of the line). */
function editFormErrors(lc: LineContext, payload: Record<string, unknown>, fields: string[]): Violation[] {
  return fieldRules(lc, 'rbtUploading', 'edit', 'edit', fields)(payload);
}

type Columns = Record<string, unknown>;

/** What the group's lines will write: modifications sent to approval, and tones' new column values by tone id. */
interface GroupWrites {
  modifications: ToneModification[];
  updates: Map<number, Columns>;
}

function writesOf(lc: LineContext): GroupWrites {
  return ((lc.group.writes as GroupWrites | undefined) ??= { modifications: [], updates: new Map() });
}

/**
 * Applies (or sends to approval) a change given as the edit call's parameters: the change is the tone record's
 * (toneFields().changeOf), as sp/edittone makes it, and applies through the record's columns as an approved one does.
 * The write itself waits for the group's flush; the tone's row in lc.group shows it at once, for a later line.
 */
function changeTone(lc: LineContext, tone: ToneRow, params: Record<string, string>, lineNo: number): LineOutcome {
  const change = toneFields().changeOf(params, tone.details);
  const detail = { task: lc.task.id, line: lineNo, change: params };
  const writes = writesOf(lc);
  if (lc.approval) {
    writes.modifications.push({ toneId: tone.id, status: tone.status, change });
    // A later line of the group naming this tone finds it waiting, as the database will say.
    Object.assign(tone, { status: '0', approve_type: '1', table_type: '1' });
    lc.audit({
      providerId: lc.provider.id,
      actor: lc.provider.code,
      action: 'batch.edittone',
      entityType: 'tone',
      entityId: tone.id,
      detail,
    });
    return ok('Batch.toneSubmitted');
  }
  const columns = toneFields().changeColumns(change);
  // Two lines changing one tone: the later values win, column by column, as two updates in a row would leave them.
  writes.updates.set(tone.id, { ...writes.updates.get(tone.id), ...columns });
  if (typeof columns.details === 'string') tone.details = columns.details;
  lc.audit({
    providerId: lc.provider.id,
    actor: lc.provider.code,
    action: 'batch.updatetone',
    entityType: 'tone',
    entityId: tone.id,
    detail,
  });
  return ok('Batch.toneUpdated');
}

/**
 * The group's changes: its modifications in two statements, its direct updates in one statement per set of
 * columns changed (an UPDATE joined to a VALUES list; the columns a batch line edits are text).
 */
async function flushToneChanges(tx: Tx, lc: LineContext): Promise<void> {
  const writes = lc.group.writes as GroupWrites | undefined;
  if (!writes) return;
  const now = lc.ctx.now();
  await requestToneModifications(tx, lc.provider.id, now, writes.modifications);
  const bySet = new Map<string, Array<[number, Columns]>>();
  for (const [id, columns] of writes.updates) {
    const key = Object.keys(columns).sort().join(',');
    bySet.set(key, [...(bySet.get(key) ?? []), [id, columns]]);
  }
  for (const [key, rows] of bySet) {
    const columns = key ? key.split(',') : [];
    const set = sql.join([
      ...columns.map((c, i) => sql`${sql.ref(c)} = ${sql.ref(`v.column${i + 2}`)}`),
      sql`updated_at = ${now}`,
    ]);
    const values = sql.join(
      rows.map(([id, row]) => sql`(${sql.join([sql`cast(${id} as integer)`, ...columns.map((c) => sql`${row[c]}`)])})`),
    );
    await sql`update tones set ${set} from (values ${values}) as v where tones.id = v.column1`.execute(tx);
  }
}

/** The tone a line names, or the line's refusal. */
function lineTone(lc: LineContext, code: string): ToneRow | LineOutcome {
  if (!TONE_CODE.test(code))
    return refused([{ field: 'toneCode', message: 'Batch.toneCodeInvalid', params: { toneCode: code } }]);
  const tone = (lc.group.tones as Map<string, ToneRow>).get(code);
  if (!tone) return failed(RC.notFound, 'Batch.toneMissing', { toneCode: code });
  // A tone whose change waits for the operator takes no second change until that one is decided.
  const row = { approveType: tone.approve_type, tableType: tone.table_type };
  if (lc.engine.evaluateExpression('toneWaiting', { row }))
    return failed(RC.badInput, 'Batch.tonePending', { toneCode: code });
  return tone;
}

const isOutcome = (x: unknown): x is LineOutcome => typeof x === 'object' && x !== null && 'code' in x;

export const UPDATE_COLUMNS = ['toneCode', 'toneName', 'singerName'] as const;

export const toneUpdateLines: LineHandler = {
  kind: 'lines',
  prefetch: (tx, lines, lc) =>
    prefetchTones(
      tx,
      lines.map((l) => firstValue(l.text)),
      lc,
    ),
  flush: flushToneChanges,
  async apply(_tx, line, lc) {
    const values = valuesOf(line.text);
    if (values.length < 2 || values.length > UPDATE_COLUMNS.length) {
      return refused([
        {
          field: '',
          message: 'Batch.lineColumns',
          params: { expected: '2-3', found: values.length, columns: UPDATE_COLUMNS.join('|') },
        },
      ]);
    }
    const [code, toneName = '', singerName = ''] = values;
    if (!toneName && !singerName) return refused([{ field: '', message: 'Batch.nothingToChange' }]);
    const tone = lineTone(lc, code);
    if (isOutcome(tone)) return tone;
    const edited: Record<string, string> = {};
    if (toneName) edited.toneName = toneName;
    if (singerName) edited.singerName = singerName;
    // Only the values the line gives are checked (the form's field for singerName is 'artist').
    const fields = [...(toneName ? ['toneName'] : []), ...(singerName ? ['artist'] : [])];
    const violations = editFormErrors(lc, { toneID: String(tone.id), ...edited }, fields);
    if (violations.length) return refused(violations);
    return changeTone(lc, tone, edited, line.no);
  },
};

export const expiryLines: LineHandler = {
  kind: 'lines',
  prefetch: (tx, lines, lc) =>
    prefetchTones(
      tx,
      lines.map((l) => l.text.trim()),
      lc,
    ),
  flush: flushToneChanges,
  async apply(_tx, line, lc) {
    const code = line.text.trim();
    const toneValidDay = String(lc.data?.toneValidDay ?? '');
    const tone = lineTone(lc, code);
    if (isOutcome(tone)) return tone;
    // The copyright validity of the tone's owners must stay on or after the tone's (001 §5.1).
    const payload = { toneID: String(tone.id), toneValidDay, relativeTime: tone.relative_time, ...tone.rights };
    const violations = editFormErrors(lc, payload, [
      'toneValidDay',
      'relativeTime',
      'lyricValidDay',
      'tuneValidDay',
      'recordValidDay',
    ]);
    if (violations.length) return refused(violations);
    return changeTone(lc, tone, { toneValidDay }, line.no);
  },
};
