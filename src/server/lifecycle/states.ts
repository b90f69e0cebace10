// The approval states of 001 §4 as the server writes them. They are declared once, as data: the named expressions
// approvalAdd, approvalModify, approvalDelete, approvalRejected and approvalSettled (screen-definitions/expressions/)
// that every status column reads through toneStatus. A state's marks are the equalities of its expression (a mark
// the expression does not name is written empty; the refuse reason is the operator's when rejected), so what the
// server stores is exactly what the lists recognise, and no approval value is spelled in TypeScript.
// The live statuses an approvable entity passes through are here too, so this file is the one place they are named,
// and so are the transcode states of a tone (001 §4: to be transcoded, transcoding, transcoding failed, convert
// failed), declared as the named expressions transcodeWaiting, transcodeRunning, transcodeFailed, convertFailed:
// the value each compares row.transcodeState with is what the server writes into transcode_state.
import { BASE_SITE } from '../../engine';
import { engineFor } from '../validation';
import { logicToSql } from '../db/logicSql';
import type { ApprovalMarks } from '../db/schema';

/** An entity's live status: '0' not yet on sale (its addition not approved), '1' normal, '2' hidden, '4' hidden and unavailable, '6' deleted (001 §4). */
export const STATUS = { new: '0', normal: '1', hidden: '2', hiddenUnavailable: '4', deleted: '6' } as const;

export type ChangeKind = 'add' | 'modify' | 'delete';
export type ApprovalState = ChangeKind | 'rejected' | 'settled';

const EXPRESSIONS: Record<ApprovalState, string> = {
  add: 'approvalAdd',
  modify: 'approvalModify',
  delete: 'approvalDelete',
  rejected: 'approvalRejected',
  settled: 'approvalSettled',
};

/** The approval marks of an entity row: the same four columns in every approvable table (db/schema.ts). */
export type Marks = ApprovalMarks;
const COLUMN: Record<string, keyof Marks> = {
  approveType: 'approve_type',
  tableType: 'table_type',
  askType: 'ask_type',
  refuseReason: 'refuse_reason',
};
/** The marks' names on the wire, in the order the calls' records list them (after status). */
export const WIRE_MARKS = Object.keys(COLUMN);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The mark a `row.<field>` variable names. */
function markOf(v: unknown, expressionName: string): keyof Marks {
  const name = isObject(v) ? (Array.isArray(v.var) ? v.var[0] : v.var) : undefined;
  const column = typeof name === 'string' && name.startsWith('row.') ? COLUMN[name.slice(4)] : undefined;
  if (!column) throw new Error(`${expressionName}: only row.approveType, tableType, askType, refuseReason may be read`);
  return column;
}

/**
 * The marks an approval-state expression requires: a conjunction of `{"==": [{"var": "row.<mark>"}, "value"]}`
 * and `{"!": {"var": "row.<mark>"}}` (an empty mark). Anything else cannot be written and throws at start.
 */
export function marksOfExpression(expression: unknown, name: string): Marks {
  const out: Marks = { approve_type: '', table_type: '', ask_type: '', refuse_reason: '' };
  const terms = isObject(expression) && Array.isArray(expression.and) ? expression.and : [expression];
  for (const term of terms) {
    if (isObject(term) && Array.isArray(term['==']) && typeof term['=='][1] === 'string')
      out[markOf(term['=='][0], name)] = term['=='][1];
    else if (isObject(term) && '!' in term) out[markOf(term['!'], name)] = '';
    else throw new Error(`${name}: an approval state is a conjunction of equalities, not ${JSON.stringify(term)}`);
  }
  return out;
}

let declared: Record<ApprovalState, Marks> | undefined;
function all(): Record<ApprovalState, Marks> {
  // Named expressions are shared by every site (an overlay cannot change one), so the base site's are the ones.
  const engine = engineFor(BASE_SITE);
  declared ??= Object.fromEntries(
    Object.entries(EXPRESSIONS).map(([state, name]) => [state, marksOfExpression(engine.expression(name), name)]),
  ) as Record<ApprovalState, Marks>;
  return declared;
}

/** The marks of an entity in no approval state: a tone whose master is still being transcoded (nothing was sent yet). */
export const NO_MARKS: Marks = { approve_type: '', table_type: '', ask_type: '', refuse_reason: '' };

/** The marks to write for a state; a refusal carries the operator's reason ('-' when none was given, so it shows). */
/** The columns every submitted addition starts with: not on air yet, 'addition to be approved', created `now`. */
export const addedRow = (now: number) => ({
  status: STATUS.new,
  ...marks('add'),
  created_at: now,
  updated_at: now,
});

export function marks(state: ApprovalState, reason = ''): Marks {
  const m = all()[state];
  return state === 'rejected' ? { ...m, refuse_reason: reason || '-' } : { ...m };
}

/** The approval state a row's marks are in (the first expression they satisfy), for code that reads rows. */
export function stateOf(row: Marks): ApprovalState | undefined {
  const engine = engineFor(BASE_SITE);
  return (Object.keys(EXPRESSIONS) as ApprovalState[]).find((s) =>
    engine.evaluateExpression(EXPRESSIONS[s], { row: wireMarks(row) }),
  );
}

/** A query condition on an approvable table (or its alias `table`): its rows in `state`. */
export const stateCondition = (state: ApprovalState, table?: string) =>
  logicToSql(engineFor(BASE_SITE).expression(EXPRESSIONS[state]), (f) => COLUMN[f], table) as never;

/** A row's approval marks as the calls answer them (approveType, tableType, askType, refuseReason; 001 §3). */
export const wireMarks = (row: Marks) => ({
  approveType: row.approve_type,
  tableType: row.table_type,
  askType: row.ask_type,
  refuseReason: row.refuse_reason,
});

/** Whether a change of the row waits for the operator (approvalWaiting). */
export const waiting = (row: Marks): boolean => {
  const s = stateOf(row);
  return s === 'add' || s === 'modify' || s === 'delete';
};

export type TranscodeState = 'waiting' | 'running' | 'failed' | 'convertFailed';
const TRANSCODE_EXPRESSIONS: Record<TranscodeState, string> = {
  waiting: 'transcodeWaiting',
  running: 'transcodeRunning',
  failed: 'transcodeFailed',
  convertFailed: 'convertFailed',
};

/** The value a transcode-state expression requires: `{"==": [{"var": "row.transcodeState"}, "value"]}`. */
export function transcodeValueOf(expression: unknown, name: string): string {
  const eq = isObject(expression) && Array.isArray(expression['==']) ? expression['=='] : undefined;
  const v = eq && isObject(eq[0]) ? eq[0].var : undefined;
  if (v !== 'row.transcodeState' || typeof eq?.[1] !== 'string' || eq[1] === '')
    throw new Error(`${name}: a transcode state is {"==": [{"var": "row.transcodeState"}, "<value>"]}`);
  return eq[1];
}

let transcodeValues: Record<TranscodeState, string> | undefined;
/** What a tone's transcode_state holds in each transcode state ('' when none is active or failed). */
export function transcodeMark(state: TranscodeState | 'none'): string {
  if (state === 'none') return '';
  const engine = engineFor(BASE_SITE);
  transcodeValues ??= Object.fromEntries(
    Object.entries(TRANSCODE_EXPRESSIONS).map(([s, name]) => [s, transcodeValueOf(engine.expression(name), name)]),
  ) as Record<TranscodeState, string>;
  return transcodeValues[state];
}
