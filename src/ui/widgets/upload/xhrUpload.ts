// Multipart upload to sp/uploadfile over XMLHttpRequest (src/api/xhr.ts, for its progress), handing back the
// raw answer, which 001 §8 needs: an answer that is not an object (a login page served instead of JSON) means the session expired.
import type { Answer } from '../../../api';
import { xhrMultipart } from '../../../api/xhr';

export const UPLOAD_PATH = 'sp/uploadfile';
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

export async function xhrUpload(
  file: File,
  opts: { fileType?: string; onProgress?(percent: number): void; signal?: AbortSignal },
): Promise<UploadResult> {
  const query = opts.fileType ? `?fileType=${encodeURIComponent(opts.fileType)}` : '';
  const data = new FormData();
  data.append('multipartFiles', file, file.name);
  const result = await xhrMultipart(`/${UPLOAD_PATH}${query}`, data, { ...opts, timeout: UPLOAD_TIMEOUT_MS });
  if (result.kind === 'failed') return { kind: 'failed', status: result.status };
  const { status, body } = result;
  if (body && typeof body === 'object') return { kind: 'answer', answer: body as Answer<UploadRecord> };
  if (status === 403 || status === 401 || typeof body === 'string') return { kind: 'expired' };
  return { kind: 'failed', status };
}
