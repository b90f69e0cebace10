// The answer of every call: {returnCode, returnMsg, record, recordSum} (000 §7). Handlers return data or
// throw ApiError; one hook turns both into the envelope, in the language of the request.
import { RC, messageFor, type Lang, type ReturnCode } from './returnCodes';

export interface Envelope {
  returnCode: string;
  returnMsg: string;
  record?: unknown;
  recordSum?: number;
}

/**
 * A refusal with a catalogued code. `detail` adds field-level reasons (translated message keys). A refusal is an
 * answer, not a fault: nothing reads its stack, so none is captured (capturing it cost a refused request about
 * 10 µs, and requests refused by the capability gate or by bad input are common).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ReturnCode,
    readonly args: ReadonlyArray<string | number> = [],
    readonly detail?: unknown,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(code);
    Error.stackTraceLimit = limit;
  }
}

/**
 * The value a lookup found, or the catalogued 950005 ("does not exist") when it found none: a row another
 * provider owns is looked up as absent, so it answers the same.
 */
export function orNotFound<T>(value: T): NonNullable<T> {
  if (!value) throw new ApiError(RC.notFound);
  return value as NonNullable<T>;
}

/** What a handler returns on success; `code` lets a handler answer a pass-through code such as 312022. */
export interface Result {
  code?: ReturnCode;
  args?: ReadonlyArray<string | number>;
  record?: unknown;
  recordSum?: number;
}

export function envelope(lang: Lang, r: Result): Envelope {
  const code = r.code ?? RC.ok;
  const out: Envelope = { returnCode: code, returnMsg: messageFor(code, lang, r.args) };
  if (r.record !== undefined) out.record = r.record;
  if (r.recordSum !== undefined) out.recordSum = r.recordSum;
  return out;
}
