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
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { RC } from '../../returnCodes';
import { requestToneModification } from '../changeRequests';
import type { Violation } from '../../validation';
import { failed, ok, refused, type LineOutcome } from './outcome';
import { valuesOf } from './textFile';
import type { LineContext, LineHandler } from './lineTypes';
import { fieldRules } from './fieldRules';

type Tx = Transaction<Database>;

const TONE_CODE = /^\d{1,22}$/;

interface ToneRow {
  id: number;
  status: string;
  approve_type: string;
  table_type: string;
  relative_time: string;
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
      .select(['id', 'tone_code', 'status', 'approve_type', 'table_type', 'relative_time'])
      .where('provider_id', '=', lc.provider.id)
      .where('tone_code', 'in', valid)
      .where('status', '!=', '6')
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

/** Applies (or sends to approval) a change of tone columns given by the API's names (changeRequests' TONE_FIELDS). */
async function changeTone(
  tx: Tx,
  lc: LineContext,
  tone: ToneRow,
  change: Record<string, string>,
  lineNo: number,
): Promise<LineOutcome> {
  const now = lc.ctx.now();
  const detail = { task: lc.task.id, line: lineNo, change };
  if (lc.approval) {
    await requestToneModification(tx, {
      toneId: tone.id,
      status: tone.status,
      providerId: lc.provider.id,
      change,
      now,
    });
    // A later line of the group naming this tone finds it waiting, as the database now says.
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
  const columns: Record<string, string> = {
    toneName: 'tone_name',
    singerName: 'singer_name',
    toneValidDay: 'tone_valid_day',
  };
  const set = Object.fromEntries(Object.entries(change).map(([k, v]) => [columns[k], v]));
  await tx
    .updateTable('tones')
    .set({ ...set, updated_at: now })
    .where('id', '=', tone.id)
    .execute();
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

/** The tone a line names, or the line's refusal. */
function lineTone(lc: LineContext, code: string): ToneRow | LineOutcome {
  if (!TONE_CODE.test(code))
    return refused([{ field: 'toneCode', message: 'Batch.toneCodeInvalid', params: { toneCode: code } }]);
  const tone = (lc.group.tones as Map<string, ToneRow>).get(code);
  if (!tone) return failed(RC.notFound, 'Batch.toneMissing', { toneCode: code });
  // A tone already waiting for the operator takes no second change until that one is decided.
  if (tone.approve_type === '1' && tone.table_type === '1')
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
  async apply(tx, line, lc) {
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
    const change: Record<string, string> = {};
    if (toneName) change.toneName = toneName;
    if (singerName) change.singerName = singerName;
    // Only the values the line gives are checked (the form's field for singerName is 'artist').
    const fields = [...(toneName ? ['toneName'] : []), ...(singerName ? ['artist'] : [])];
    const violations = editFormErrors(lc, { toneID: String(tone.id), ...change }, fields);
    if (violations.length) return refused(violations);
    return changeTone(tx, lc, tone, change, line.no);
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
  async apply(tx, line, lc) {
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
    return changeTone(tx, lc, tone, { toneValidDay }, line.no);
  },
};
