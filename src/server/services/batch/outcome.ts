// What applying one line gave: its returnCode and the reason, kept as message keys (with parameters) and
// field violations, and translated into the reader's language when the results are read.
import { RC, RETURN_CODES, messageFor, type Lang, type ReturnCode } from '../../returnCodes';
import { translate, translateViolation } from '../../http/messages';
import type { Violation } from '../../validation';

export interface LineOutcome {
  code: ReturnCode;
  /** A message key of i18n/*.json with its parameters, instead of the code's own text. */
  message?: { key: string; params?: Record<string, unknown> };
  violations?: Violation[];
}

export const ok = (key?: string, params?: Record<string, unknown>): LineOutcome => ({
  code: RC.ok,
  ...(key ? { message: { key, params } } : {}),
});
export const refused = (violations: Violation[]): LineOutcome => ({ code: RC.badInput, violations });
export const failed = (code: ReturnCode, key?: string, params?: Record<string, unknown>): LineOutcome => ({
  code,
  ...(key ? { message: { key, params } } : {}),
});

/** The stored form of an outcome's reason (batch_task_lines.return_msg). */
export const storedMessage = (o: LineOutcome): string =>
  o.message || o.violations ? JSON.stringify({ message: o.message, violations: o.violations }) : '';

/** returnMsg of a stored line in the reader's language; `labels` names a refused field by its label's key. */
export function lineMessage(code: string, stored: string, lang: Lang, labels: Record<string, string> = {}): string {
  let parsed: { message?: LineOutcome['message']; violations?: Violation[] };
  try {
    parsed = stored ? JSON.parse(stored) : {};
  } catch {
    parsed = {};
  }
  // Each reason is a sentence of its own (ending in '.' or '。'), so a space is all that goes between them.
  if (parsed.violations?.length)
    return parsed.violations
      .map((v) => translateViolation(v, lang, labels[v.field] ? translate(labels[v.field], lang) : undefined))
      .join(' ');
  if (parsed.message) return translate(parsed.message.key, lang, parsed.message.params ?? {});
  return code in RETURN_CODES ? messageFor(code as ReturnCode, lang) : '';
}
