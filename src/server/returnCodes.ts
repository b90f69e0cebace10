// The one list of return codes: every answer's returnCode comes from here. Its message is the catalogue key
// `ReturnCode.<code>` (i18n/<language>.json, {0}, {1} its arguments), so an answer reads in whichever language
// the session speaks, falling back along that language's chain like every other text. Codes named by the spec
// keep their numbers (000 §8, 001 §8); the client passes 312011, 900014, 920013, 201002, 942201, 942202, 900439,
// 900440, 302031, 312022, 956012 back to the screen without a toast, so those are used where the screen decides
// what to show. Codes of our own start with 95x/96x.
import type { Lang } from './http/lang';
import { translate } from './http/messages';

export type { Lang } from './http/lang';

interface CodeDef {
  /** HTTP status when not 200 (the body is still the envelope). */ http?: number;
}

export const RETURN_CODES = {
  '000000': {},
  '000001': {},
  // Session
  '900000': {},
  '312022': {},
  '909090': {},
  '312011': {},
  '900014': {},
  '920013': {},
  '201002': {},
  '942201': {},
  '942202': {},
  // Content (used by the tone and tone-box calls)
  '900439': {},
  '900440': {},
  '302031': {},
  '956012': {},
  '100010': {},
  // Our own
  '950001': { http: 403 },
  '950002': {},
  '950003': {},
  '950004': {},
  '950005': {},
  '950006': {},
  '950007': {},
  '950008': {},
  '950009': {},
  '950010': {},
  '950011': {},
  '950012': {},
  '950013': {},
  '950014': {},
  '950015': {},
  // The capability gate (src/engine/gate.ts): a screen or action the account's menu does not offer.
  '950016': {},
  // Tone maintenance
  '961001': {},
  '961002': {},
  // Every approvable entity (src/server/lifecycle)
  '961003': {},
  // Uploads
  '962001': {},
  '962002': {},
  '962003': {},
  '962004': {},
  // Audio intake (src/server/media/intake.ts): the reason, naming what the file is, follows in the answer.
  '962005': {},
  // Batch tasks
  '963001': {},
  '963002': {},
  '963003': {},
  '963004': {},
  // IVR directories and prompts
  '964001': {},
  '964003': {},
  '964004': {},
  '964005': {},
} as const satisfies Record<string, CodeDef>;

export type ReturnCode = keyof typeof RETURN_CODES;

/** Names for the codes our own code refers to, so call sites read as intent rather than numbers. */
export const RC = {
  ok: '000000',
  partial: '000001',
  sessionExpired: '900000',
  mustChangePassword: '312022',
  accountExpired: '909090',
  oldPasswordWrong: '312011',
  dynamicCodeWrong: '900014',
  weakPassword: '920013',
  accountUnavailable: '201002',
  accountLocked: '942201',
  addressLocked: '942202',
  toneAddWarning: '900439',
  toneEditWarning: '900440',
  exists: '302031',
  noNameTonePrivilege: '956012',
  relativeTooLong: '100010',
  csrf: '950001',
  prohibitedWindow: '950002',
  badCredentials: '950003',
  badInput: '950004',
  notFound: '950005',
  notAvailable: '950016',
  serverError: '950006',
  fileNameSpecial: '950007',
  fileType: '950008',
  fileTooLarge: '950009',
  uploadFailed: '950010',
  samePassword: '950011',
  codeTooSoon: '950012',
  fileContentMismatch: '950013',
  noFile: '950014',
  notLoggedIn: '950015',
  toneInUse: '961001',
  tooManyToDelete: '961002',
  changePending: '961003',
  uploadMalformed: '962001',
  uploadQuota: '962002',
  uploadRate: '962003',
  uploadDuplicate: '962004',
  audioRefused: '962005',
  batchRefused: '963001',
  exportLimit: '963002',
  taskActionUnavailable: '963003',
  taskFileMissing: '963004',
  notOwnDirectory: '964001',
  directoryFull: '964003',
  entryNotAllowed: '964004',
  directoryNameTaken: '964005',
} as const satisfies Record<string, ReturnCode>;

/** The catalogue key of a code's message. */
export const returnCodeKey = (code: string): string => `ReturnCode.${code}`;

/** A code's message without arguments, per language and code: every successful answer carries one. */
const plainMessages = new Map<string, string>();

export function messageFor(code: ReturnCode, lang: Lang, args: ReadonlyArray<string | number> = []): string {
  // The catalogues are read once per process (http/messages.ts), so a message without arguments never changes.
  if (args.length === 0) {
    const key = `${lang}|${code}`;
    let text = plainMessages.get(key);
    if (text === undefined) plainMessages.set(key, (text = withArgs(code, lang, args)));
    return text;
  }
  return withArgs(code, lang, args);
}

function withArgs(code: ReturnCode, lang: Lang, args: ReadonlyArray<string | number>): string {
  // An argument not given reads as nothing rather than as "{1}".
  const params = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), args[i] ?? '']));
  return translate(returnCodeKey(code), lang, params);
}

export function httpStatusFor(code: ReturnCode): number {
  const def: CodeDef = RETURN_CODES[code];
  return def.http ?? 200;
}
