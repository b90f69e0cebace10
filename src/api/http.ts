// The HTTP layer: one ky instance whose hooks carry the CSRF token (taken from every response's X-CSRF-Token
// header, sent back on every request), and the client kinds of 000 §7 as request options. ky loads with the first
// call that goes through it: the login page, the portal's first load, reads its configuration with readFirst (plain
// fetch, the same headers) and needs ky only once the provider signs in.
import type { KyInstance, Options } from 'ky';
import type { ClientKind } from '../engine/types';
import { ApiError, type Answer } from './answer';
import { checkAnswer, downloadRefused, fileMissing, forbidden, networkFailure } from './errors';

const TIMEOUTS = { normal: 30_000, long: 100_000, batch: 180_000 } as const;
const CSRF_HEADER = 'X-CSRF-Token';
const CSRF_KEY = 'csrfToken';

// In memory for speed, mirrored in session storage so a reloaded page can still write before its first read.
let csrfToken: string | null = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CSRF_KEY);

function rememberCsrf(response: Response) {
  const token = response.headers.get(CSRF_HEADER);
  if (token && token !== csrfToken) {
    csrfToken = token;
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(CSRF_KEY, token);
  }
}

const TIME_ZONE = typeof Intl === 'undefined' ? '' : (Intl.DateTimeFormat().resolvedOptions().timeZone ?? '');

/** What every request carries: the CSRF token, the language answers are worded in, the provider's time zone. */
function setHeaders(headers: Headers): void {
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  // The server answers in the session's language, else in this one: messages before login follow the switch.
  const language = typeof localStorage === 'undefined' ? null : localStorage.getItem('portal.language');
  if (language) headers.set('Accept-Language', language);
  // Answers written for people (the tone export) give times in the provider's own time zone.
  if (TIME_ZONE) headers.set('X-Time-Zone', TIME_ZONE);
}

interface Client {
  http: KyInstance;
  isHTTPError: typeof import('ky').isHTTPError;
  isTimeoutError: typeof import('ky').isTimeoutError;
}
let client: Promise<Client> | undefined;
const loadClient = (): Promise<Client> =>
  (client ??= import('ky').then(({ default: ky, isHTTPError, isTimeoutError }) => ({
    http: ky.create({
      prefixUrl: '/',
      timeout: TIMEOUTS.normal,
      retry: 0,
      credentials: 'same-origin',
      hooks: {
        beforeRequest: [(request) => setHeaders(request.headers)],
        afterResponse: [(_request, _options, response) => rememberCsrf(response)],
      },
    }),
    isHTTPError,
    isTimeoutError,
  })));

/**
 * A public read of the first page (the login configuration) without ky: a GET with the same headers and timeout,
 * its answer judged like any other. Everything else goes through request().
 */
export async function readFirst<R = any>(path: string, o: Pick<RequestOptions, 'passCodes' | 'quiet'> = {}) {
  const headers = new Headers();
  setHeaders(headers);
  let response: Response;
  try {
    response = await fetch(`/${path}?portalType=1`, {
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUTS.normal),
    });
  } catch (error) {
    throw networkFailure((error as Error)?.name === 'TimeoutError' ? 'timeout' : 'network');
  }
  rememberCsrf(response);
  if (!response.ok) throw networkFailure(response.status >= 500 ? 'server' : 'network', response.status);
  return checkAnswer((await response.json().catch(() => ({}))) as Answer<R>, o.passCodes, o.quiet);
}

export type Payload = Record<string, unknown>;

/** Form and query values are strings: objects travel as JSON text, empty values are left out. */
function toParams(payload: Payload, extra: Payload = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...payload, ...extra })) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value))
      value.forEach((v) => params.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v)));
    else params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params;
}

/** Multipart: File and Blob values (or lists of them) go under their key, the rest as text. */
function toFormData(payload: Payload): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      if (v instanceof Blob) data.append(key, v, v instanceof File ? v.name : undefined);
      else data.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  return data;
}

export interface RequestOptions {
  kind?: ClientKind;
  /** Codes this call treats like success besides 000000 and the pass-through codes. */
  passCodes?: readonly string[];
  /** Refusals are not toasted: the caller shows the ApiError's message (the login page's banner). */
  quiet?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  onUploadProgress?: (percent: number) => void;
}

function optionsFor(path: string, kind: ClientKind, payload: Payload, o: RequestOptions): Options {
  const base: Options = { timeout: o.timeout ?? TIMEOUTS.normal, signal: o.signal };
  switch (kind) {
    case 'get':
      return { ...base, method: 'get', searchParams: toParams(payload, { portalType: 1 }) };
    case 'json':
      return { ...base, method: 'post', json: payload };
    case 'multipart':
      return {
        ...base,
        method: 'post',
        body: toFormData(payload),
        timeout: o.timeout ?? TIMEOUTS.batch,
      };
    case 'long':
    case 'batch':
    case 'binary':
    case 'form':
    default: {
      const timeout =
        o.timeout ?? (kind === 'long' ? TIMEOUTS.long : kind === 'batch' ? TIMEOUTS.batch : TIMEOUTS.normal);
      // The action header names the call, as the operator back-ends route form posts by it.
      return { ...base, timeout, method: 'post', body: toParams(payload), headers: { action: path } };
    }
  }
}

async function send(path: string, kind: ClientKind, payload: Payload, o: RequestOptions): Promise<Response> {
  const { http, isHTTPError, isTimeoutError } = await loadClient();
  try {
    return await http(path.replace(/^\//, ''), optionsFor(path, kind, payload, o));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isHTTPError(error)) {
      const status = error.response.status;
      // 001 §8: a download answered with a status other than 200 asks to log in again, whatever it carries.
      if (kind === 'binary') throw downloadRefused(status);
      if (status === 403) throw forbidden();
      // An error status that still carries the envelope is judged by its code.
      const data = (await error.response
        .clone()
        .json()
        .catch(() => undefined)) as Answer | undefined;
      if (data && typeof data === 'object' && 'returnCode' in data) {
        checkAnswer(data, o.passCodes, o.quiet);
        throw new ApiError(String(data.returnCode), String(data.returnMsg ?? ''), data, status);
      }
      throw networkFailure(status >= 500 ? 'server' : 'network', status);
    }
    if (isTimeoutError(error)) throw networkFailure('timeout');
    if ((error as Error)?.name === 'AbortError') throw error;
    throw networkFailure('network');
  }
}

/** Multipart with upload progress goes over XHR (a fetch body stream needs HTTP/2 in Chromium). */
async function sendWithProgress<R>(path: string, payload: Payload, o: RequestOptions): Promise<Answer<R>> {
  // Loaded with the first upload: no page before one needs it.
  const { xhrMultipart } = await import('./xhr');
  const result = await xhrMultipart(`/${path.replace(/^\//, '')}`, toFormData(payload), {
    timeout: o.timeout ?? TIMEOUTS.batch,
    onProgress: o.onUploadProgress,
    signal: o.signal,
  });
  if (result.kind === 'failed') throw networkFailure(result.timeout ? 'timeout' : 'network', result.status);
  if (result.status === 403) throw forbidden();
  if (result.body && typeof result.body === 'object') return result.body as Answer<R>;
  throw networkFailure(result.status >= 500 ? 'server' : 'network', result.status);
}

/** A call answered with the envelope: resolves with success or pass-through answers, rejects (already shown) otherwise. */
export async function request<R = any>(
  path: string,
  payload: Payload = {},
  o: RequestOptions = {},
): Promise<Answer<R>> {
  const kind = o.kind ?? 'form';
  if (kind === 'binary') throw new Error('use download() for binary calls');
  if (kind === 'multipart' && o.onUploadProgress)
    return checkAnswer(await sendWithProgress(path, payload, o), o.passCodes, o.quiet);
  const response = await send(path, kind, payload, o);
  const answer = (await response.json().catch(() => ({}))) as Answer<R>;
  return checkAnswer(answer, o.passCodes, o.quiet);
}

export interface Download {
  blob: Blob;
  filename: string;
}

function filenameOf(disposition: string): string {
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : 'download';
}

/**
 * Binary-response POST. A status other than 200 asks to log in again (001 §8); without a Content-Disposition
 * header there is no file: an envelope is judged, else 'file not exist' (000 §8).
 */
export async function download(path: string, payload: Payload = {}, o: RequestOptions = {}): Promise<Download> {
  const response = await send(path, 'binary', payload, o);
  if (response.status !== 200) throw downloadRefused(response.status);
  const disposition = response.headers.get('content-disposition');
  if (!disposition) {
    const answer = (await response.json().catch(() => null)) as Answer | null;
    if (answer && typeof answer === 'object' && answer.returnCode && answer.returnCode !== '000000')
      checkAnswer(answer, o.passCodes);
    throw fileMissing();
  }
  return { blob: await response.blob(), filename: filenameOf(disposition) };
}

/** Hand a downloaded file to the browser's save flow. */
export function saveFile({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
