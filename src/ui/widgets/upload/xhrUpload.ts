// Multipart upload to sp/uploadfile over XMLHttpRequest: XHR reports upload progress on every browser and
// HTTP version (a fetch body stream needs HTTP/2 in Chromium), and hands back the raw answer, which 001 §8
// needs: an answer that is not an object (a login page served instead of JSON) means the session expired.
import type { Answer } from '../../../api';

export const UPLOAD_PATH = 'sp/uploadfile';
/** The CSRF token the API client keeps from the last response (src/api/http.ts mirrors it here). */
const CSRF_KEY = 'csrfToken';
const CSRF_HEADER = 'X-CSRF-Token';
const UPLOAD_TIMEOUT_MS = 180_000;

export type UploadRecord = Record<
  string,
  {
    originalFilename?: string;
    savedFilename: string;
    url?: string;
    width?: number;
    height?: number;
    [k: string]: unknown;
  }
>;
export type UploadResult =
  { kind: 'answer'; answer: Answer<UploadRecord> } | { kind: 'expired' } | { kind: 'failed'; status: number };

export function xhrUpload(
  file: File,
  opts: { fileType?: string; onProgress?(percent: number): void; signal?: AbortSignal },
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const query = opts.fileType ? `?fileType=${encodeURIComponent(opts.fileType)}` : '';
    xhr.open('POST', `/${UPLOAD_PATH}${query}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.withCredentials = true;
    const token = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CSRF_KEY);
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const fresh = xhr.getResponseHeader(CSRF_HEADER);
      if (fresh) sessionStorage.setItem(CSRF_KEY, fresh);
      let parsed: unknown = xhr.responseText;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        /* stays a string */
      }
      if (parsed && typeof parsed === 'object') resolve({ kind: 'answer', answer: parsed as Answer<UploadRecord> });
      else if (xhr.status === 403 || xhr.status === 401 || typeof parsed === 'string') resolve({ kind: 'expired' });
      else resolve({ kind: 'failed', status: xhr.status });
    };
    xhr.onerror = () => resolve({ kind: 'failed', status: 0 });
    xhr.ontimeout = () => resolve({ kind: 'failed', status: 0 });
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const data = new FormData();
    data.append('multipartFiles', file, file.name);
    xhr.send(data);
  });
}
