// A multipart POST over XMLHttpRequest: XHR reports upload progress on every browser and HTTP version (a fetch
// body stream needs HTTP/2 in Chromium). It carries the CSRF token and the language as the ky client does and
// keeps the token the answer sends back; the caller judges the answer (raw text, parsed when it is JSON).
const CSRF_KEY = 'csrfToken';
const CSRF_HEADER = 'X-CSRF-Token';

export type XhrResult =
  { kind: 'answer'; status: number; body: unknown } | { kind: 'failed'; status: number; timeout: boolean };

export function xhrMultipart(
  url: string,
  data: FormData,
  opts: { timeout: number; onProgress?(percent: number): void; signal?: AbortSignal },
): Promise<XhrResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = opts.timeout;
    xhr.withCredentials = true;
    const token = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CSRF_KEY);
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    const language = typeof localStorage === 'undefined' ? null : localStorage.getItem('portal.language');
    if (language) xhr.setRequestHeader('Accept-Language', language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const fresh = xhr.getResponseHeader(CSRF_HEADER);
      if (fresh) sessionStorage.setItem(CSRF_KEY, fresh);
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* stays a string */
      }
      resolve({ kind: 'answer', status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ kind: 'failed', status: 0, timeout: false });
    xhr.ontimeout = () => resolve({ kind: 'failed', status: 0, timeout: true });
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(data);
  });
}
