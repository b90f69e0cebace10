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
// A line decides its outcome and notes its change; the group's changes go to the lifecycle together at the end
// of its lines (flush: a few statements for the whole group instead of round trips a line), in the transaction
// that also records the lines' results, so a line's change and its result still commit together.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { RC } from '../../returnCodes';
import { submit } from '../../lifecycle/lifecycle';
import { marks, waiting, type Marks } from '../../lifecycle/states';
import type { Violation } from '../../validation';
import { failed, ok, refused, type LineOutcome } from './outcome';
import { valuesOf } from './textFile';
import type { LineContext, LineHandler } from './lineTypes';
import { fieldRules } from './fieldRules';
import { toneFields } from '../toneRecord';
import { STATUS } from '../../lifecycle/states';

type Tx = Transaction<Database>;

const TONE_CODE = /^\d{1,22}$/;

interface ToneRow extends Marks {
  id: number;
  status: string;
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
      .select([
        'id',
        'tone_code',
        'status',
        'approve_type',
        'table_type',
        'ask_type',
        'refuse_reason',
        'relative_time',
        'details',
      ])
      .where('provider_id', '=', lc.provider.id)
      .where('tone_code', 'in', valid)
      .where('status', '!=', STATUS.deleted)
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

/** The group's changes by tone, in line order: what the flush sends to the lifecycle. */
function changesOf(lc: LineContext): Map<number, Record<string, unknown>> {
  return ((lc.group.changes as Map<number, Record<string, unknown>> | undefined) ??= new Map());
}

/**
 * Notes a change given as the edit call's parameters (the tone record's toneFields().changeOf, as sp/edittone makes
 * it) for the group's flush: the lifecycle applies it at once for a trusted provider and stages it otherwise. The
 * tone's row in lc.group shows it at once, for a later line.
 */
function changeTone(lc: LineContext, tone: ToneRow, params: Record<string, string>, lineNo: number): LineOutcome {
  const change = toneFields().changeOf(params, tone.details);
  const changes = changesOf(lc);
  // Two lines changing one tone (a trusted provider's): the later values win, field by field.
  changes.set(tone.id, { ...changes.get(tone.id), ...change });
  if (typeof change.details === 'string') tone.details = change.details;
  // In the approval flow a later line of the group naming this tone finds it waiting, as the database will say.
  if (lc.approval) Object.assign(tone, marks('modify'));
  lc.audit({
    providerId: lc.provider.id,
    actor: lc.provider.code,
    action: lc.approval ? 'batch.edittone' : 'batch.updatetone',
    entityType: 'tone',
    entityId: tone.id,
    detail: { task: lc.task.id, line: lineNo, change: params },
  });
  return ok(lc.approval ? 'Batch.toneSubmitted' : 'Batch.toneUpdated');
}

async function flushToneChanges(tx: Tx, lc: LineContext): Promise<void> {
  const changes = changesOf(lc);
  if (!changes.size) return;
  await submit(
    tx,
    'tone',
    lc.provider,
    [...changes].map(([id, payload]) => ({ id, kind: 'modify' as const, payload })),
    { now: lc.ctx.now() },
  );
}

/** The tone a line names, or the line's refusal. */
function lineTone(lc: LineContext, code: string): ToneRow | LineOutcome {
  if (!TONE_CODE.test(code))
    return refused([{ field: 'toneCode', message: 'Batch.toneCodeInvalid', params: { toneCode: code } }]);
  const tone = (lc.group.tones as Map<string, ToneRow>).get(code);
  if (!tone) return failed(RC.notFound, 'Batch.toneMissing', { toneCode: code });
  // A tone whose change waits for the operator takes no second change until that one is decided.
  if (waiting(tone)) return failed(RC.badInput, 'Batch.tonePending', { toneCode: code });
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
