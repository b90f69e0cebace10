// The calls the shell and the account screens make, typed, plus `call()` which runs any engine CallDef by its
// client kind. Screens built from definitions use `call()`; nothing else builds requests by hand.
import type { CallDef } from '../engine/types';
import type { Answer } from './answer';
import { download, readFirst, request, saveFile, type Download, type Payload, type RequestOptions } from './http';

/** A path may name payload values ('sp/browsebatchtask/{taskType}'): they fill the path and leave the payload. */
export function fillPath(path: string, payload: Payload): { path: string; payload: Payload } {
  const rest = { ...payload };
  const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(value === undefined || value === null ? '' : String(value));
  });
  return { path: filled, payload: rest };
}

/** Run a screen definition's call: the answer for envelope calls, the saved file for binary ones. */
export async function call<R = any>(
  def: CallDef,
  given: Payload = {},
  options: RequestOptions = {},
): Promise<Answer<R>> {
  const { path, payload } = fillPath(def.path, given);
  const o: RequestOptions = {
    ...options,
    kind: def.client,
    passCodes: [...(def.successCodes ?? []), ...(options.passCodes ?? [])],
  };
  if (def.client === 'binary') {
    const file = await download(path, payload, o);
    saveFile(file);
    return { returnCode: '000000', record: file as R };
  }
  return request<R>(path, payload, o);
}

/** The user of a session, as login and the session check answer it (000 §3). */
export interface StoredUser {
  name?: string;
  code?: string;
  spType?: string;
  firstLogin?: string;
  lastLoginTime?: string;
  believeCP?: string;
  isSuperSP?: string;
  site?: string;
  [key: string]: unknown;
}

/** What a login (000000 / 312022) or a session check answers (000 §3). */
export interface SessionRecord {
  userInfo: StoredUser;
  needChangePwd?: string;
  config?: Record<string, string>;
  language?: string;
  ossLoginUser?: string;
  isSuperSP?: string;
  visitorIp?: string;
  roles?: string[];
  permissions?: string[];
}

export interface LoginConfig {
  pictureCode?: string;
  allowedPasswordSpecialChar?: string;
  site?: string;
  maxErrorTimes?: string;
  dictionaries?: Array<{ dictType: string; itemCode: string; itemLabelValue: string; itemValue: string }>;
}

export interface ErrorTimes {
  errorTimes: number;
  maxErrorTimes: number;
  remainingTimes: number;
  locked: string;
  lockMinutes: number;
  addressLocked?: string;
  addressLockMinutes?: number;
}

export interface SelfInfo {
  code?: string;
  name?: string;
  [key: string]: unknown;
}

export const api = {
  login: (form: { account: string; pwd: string; pictureCode?: string; language?: string }) =>
    request<SessionRecord>('sp/sploginhs', { ...form, portalType: 1 }),
  /** The live session; 909090 (account expired) is passed on with its record (000 §4). */
  sessionInfo: () => request<SessionRecord>('checkLoginInfo', {}, { kind: 'get', passCodes: ['909090'] }),
  checkLogin: () => request('sp/checkcplogin', {}, { kind: 'get' }),
  logout: () => request('common/logout'),
  config: () => request<Record<string, string>>('common/queryconfig', {}, { kind: 'get' }),
  /** Read by the login page as it loads, without ky (http.ts readFirst). */
  loginConfig: () => readFirst<LoginConfig>('common/queryloginconfig'),
  errorTimes: (account: string) => request<ErrorTimes>('common/checkModifyErrorTimes', { account }, { kind: 'get' }),
  switchLanguage: (language: string) => request('common/switchlanguage', { language }),
  checkWeakPassword: (pwd: string) => request('sp/checkweakpwd', { pwd, portalType: 1 }),
  changePassword: (form: { oldPwd: string; newPwd: string; spvCode?: string }) => request('sp/updatecppwd', form),
  sendDynamicCode: (account: string) => request('sp/senddynamicpassword', { account }),
  resetPassword: (form: { account: string; dynamicCode: string; newPwd: string }) => request('sp/restpassword', form),
  selfInfo: () => request<SelfInfo>('sp/qrycpselfInfo'),
  updateSelfInfo: (form: Payload) => request('sp/updatecpinfo', form),
  accountDownload: (): Promise<Download> => download('sp/accountdownload'),
  /** One of the provider's stored files by its saved name (001 §7 sp/download). */
  fileDownload: (fileName: string): Promise<Download> => download('sp/download', { fileName }),
  prelistenUrl: (payload: Payload) => request<{ url?: string; playUrl?: string }>('sp/getprelistenurl', payload),
  /** Name-RBT: the category the provider may upload into (000 §2 menu gate). */
  categoryId: () => request<Record<string, unknown>>('sp/getcategoryid', { portalType: 1 }, { kind: 'get' }),
  languages: () => request('common/querylanguagelist', {}, { kind: 'get' }),
  dictionary: (dictType?: string) =>
    request('common/queryAllDataDictItem', dictType ? { dictType } : {}, { kind: 'get' }),
  upload: (files: File[], onUploadProgress?: (percent: number) => void) =>
    request<Record<string, { savedFilename: string; originalFilename?: string }>>(
      'sp/uploadfile',
      { multipartFiles: files },
      { kind: 'multipart', onUploadProgress },
    ),
};
