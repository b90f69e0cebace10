// The one catalogue of return codes: every answer's returnCode comes from here, with its message in English
// and Chinese. Codes named by the spec keep their numbers (000 §8, 001 §8); the client passes 312011,
// 900014, 920013, 201002, 942201, 942202, 900439, 900440, 302031, 312022, 956012 back to the screen without a
// toast, so those are used where the screen decides what to show. Codes of our own start with 95x/96x.
export type Lang = 'en' | 'zh';

interface CodeDef {
  en: string;
  zh: string;
  /** HTTP status when not 200 (the body is still the envelope). */ http?: number;
}

export const RETURN_CODES = {
  '000000': { en: 'Operation succeeded.', zh: '操作成功。' },
  '000001': { en: 'Operation partly succeeded.', zh: '操作部分成功。' },
  // Session
  '900000': { en: 'Your session has expired. Please log in again.', zh: '会话已过期，请重新登录。' },
  '312022': {
    en: 'This is your first login or your password must be changed. Please change your password.',
    zh: '首次登录或密码需要修改，请修改密码。',
  },
  '909090': { en: 'Your account has expired. Please contact the administrator.', zh: '您的账号已过期，请联系管理员。' },
  '312011': { en: 'The old password is incorrect.', zh: '旧密码不正确。' },
  '900014': { en: 'The verification code is incorrect or has expired.', zh: '验证码错误或已过期。' },
  '920013': {
    en: 'The password is too weak or was used recently. Please choose another one.',
    zh: '密码过于简单或最近使用过，请更换。',
  },
  '201002': { en: 'The account does not exist or has been disabled.', zh: '账号不存在或已被停用。' },
  '942201': {
    en: 'Too many failed attempts for this account. Try again in {0} minutes.',
    zh: '该账号失败次数过多，请{0}分钟后再试。',
  },
  '942202': {
    en: 'Too many failed attempts from this address. Try again in {0} minutes.',
    zh: '该地址失败次数过多，请{0}分钟后再试。',
  },
  // Content (used by the tone and tone-box calls)
  '900439': { en: 'The tone was submitted with a warning: {0}', zh: '铃音已提交，但有警告：{0}' },
  '900440': { en: 'The modification was submitted with a warning: {0}', zh: '修改已提交，但有警告：{0}' },
  '302031': { en: 'The data already exists.', zh: '数据已存在。' },
  '956012': { en: "Sorry, you don't have privilege to upload Name Tone", zh: '抱歉，您没有上传名字铃音的权限' },
  '100010': {
    en: 'The relative validity period must be shorter than the absolute validity period.',
    zh: '相对有效期必须短于绝对有效期。',
  },
  // Our own
  '950001': { en: 'The page has expired. Please refresh the page.', zh: '页面已过期，请刷新页面。', http: 403 },
  '950002': {
    en: 'Operations are prohibited from 0:00 to 5:00 because of the system background data run',
    zh: '0:00至5:00系统后台数据处理期间禁止操作',
  },
  '950003': { en: 'Incorrect account or password.', zh: '账号或密码错误。' },
  '950004': { en: 'Please check the validation.', zh: '请检查输入校验。' },
  '950005': { en: 'The resource does not exist.', zh: '资源不存在。' },
  '950006': { en: 'Server network error. Please try again later.', zh: '服务器网络异常，请稍后再试。' },
  '950007': {
    en: 'Upload file failed. File name contain some special character!',
    zh: '上传文件失败，文件名包含特殊字符！',
  },
  '950008': { en: 'Wrong file type. Allowed types: {0}', zh: '文件类型错误，允许的类型：{0}' },
  '950009': { en: 'The file is too large. Maximum size: {0}', zh: '文件过大，最大：{0}' },
  '950010': { en: 'upload video failed!', zh: '上传文件失败！' },
  '950011': { en: 'The new password must differ from the old password.', zh: '新密码不能与旧密码相同。' },
  '950012': {
    en: 'A dynamic code was sent recently. Please wait {0} seconds.',
    zh: '动态码刚刚发送过，请{0}秒后再试。',
  },
  '950013': { en: 'The file content does not match its extension.', zh: '文件内容与扩展名不符。' },
  // Audio intake (src/server/media/intake.ts): the reason, naming what the file is, follows in the answer.
  '962005': { en: 'This audio file cannot be used.', zh: '此音频文件无法使用。' },
  '950014': { en: 'No file was uploaded.', zh: '没有上传文件。' },
  '950015': { en: 'Please log in first.', zh: '请先登录。' },
  // The capability gate (src/engine/gate.ts): a screen or action the account's menu does not offer.
  '950016': { en: '{0} is not available for your account: {1}', zh: '{0}对您的账号不可用：{1}' },
  // Tone maintenance
  '961001': { en: '{0} is already in use.', zh: '{0}已被使用。' },
  '961002': { en: 'At most {0} records can be deleted at a time.', zh: '一次最多删除{0}条记录。' },
  // Every approvable entity (src/server/lifecycle)
  '961003': {
    en: 'A change of this item is waiting for approval; it can be changed again once the operator has decided.',
    zh: '该项目有待审批的变更，运营商处理后才能再次修改。',
  },
  // Uploads
  '962001': {
    en: 'The upload is incomplete or malformed. Please upload the file again.',
    zh: '上传内容不完整或格式错误，请重新上传文件。',
  },
  '962002': {
    en: 'The upload does not fit in your storage quota of {0} ({1} already stored). Please contact the administrator.',
    zh: '上传内容超出您的存储配额{0}（已存储{1}），请联系管理员。',
  },
  '962003': { en: 'Too many uploads. Please try again in {0} seconds.', zh: '上传过于频繁，请{0}秒后再试。' },
  '962004': { en: 'The file {0} was sent twice in one upload.', zh: '文件{0}在一次上传中重复发送。' },
  // Batch tasks
  '963001': { en: 'The batch file was refused.', zh: '批量文件被拒绝。' },
  '963002': { en: 'exceed the max limit task.', zh: '超过任务数量上限。' },
  '963003': {
    en: 'This action is not available for the task in its current status.',
    zh: '任务当前状态下不能执行此操作。',
  },
  '963004': { en: 'file not exist. please re-dump file again', zh: '文件不存在，请重新导出。' },
  // IVR directories and prompts
  '964001': {
    en: 'You can only browse your own IVR directories. Please contact the administrator.',
    zh: '您只能浏览自己的IVR目录，请联系管理员。',
  },
  '964003': { en: 'A directory holds at most {0} tones or tone boxes.', zh: '一个目录最多包含{0}个铃音或铃音盒。' },
  '964004': {
    en: 'Only normal tones that are not jockey tones (or normal tone boxes in a tone box directory) can be added: {0}',
    zh: '只能添加状态正常且非DJ铃音的铃音（铃音盒目录只能添加正常的铃音盒）：{0}',
  },
  '964005': { en: 'You already have a directory named {0}.', zh: '您已有名为{0}的目录。' },
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

export function messageFor(code: ReturnCode, lang: Lang, args: ReadonlyArray<string | number> = []): string {
  const text: string = RETURN_CODES[code][lang];
  return text.replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}

export function httpStatusFor(code: ReturnCode): number {
  const def: CodeDef = RETURN_CODES[code];
  return def.http ?? 200;
}
