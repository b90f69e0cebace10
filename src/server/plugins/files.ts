// sp/uploadfile (001 §5.2, §7), the owner-only file download, the play address of a tone, the upload path
// check. An upload is refused, with nothing stored, when the name has special characters, the extension is
// not allowed here, the content is not what the extension claims, or it is larger than its kind allows.
import type { FastifyInstance } from 'fastify';
import { access, constants } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { registerRoutes } from '../routes';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { obj } from '../http/schemas';
import { FileStore } from '../files/storage';
import { contentMatches, EXTENSIONS, extensionOf, hasSpecialCharacters, type FileKind } from '../files/sniff';
import { allowedKinds, sizeLimit, formatSize, GROUPS } from '../files/accept';
import { receiveToTemp, TooLargeError, type Received } from '../files/receive';
import { readWavInfo } from '../files/wav';
import { readImageSize } from '../files/image';
import { audit } from '../services/audit';
import { ownUpload, recordUpload, toneFiles } from '../services/uploadedFiles';

const CONTENT_TYPES: Record<FileKind, string> = {
  wav: 'audio/wav', mp3: 'audio/mpeg', '3gp': 'video/3gpp', mp4: 'video/mp4', jpg: 'image/jpeg', gif: 'image/gif', png: 'image/png', zip: 'application/zip', txt: 'text/plain; charset=utf-8', inf: 'text/plain; charset=utf-8',
};

interface Accepted extends Received { original: string; kind: FileKind; info: Record<string, unknown> }

/** What the headers say, or a refusal when the content is not a readable file of its kind. */
function describe(kind: FileKind, r: Received): Record<string, unknown> {
  if (kind === 'wav') {
    const wav = readWavInfo(r.head, r.size);
    if (!wav) throw new ApiError(RC.fileContentMismatch);
    return { ...wav };
  }
  if (kind === 'jpg' || kind === 'gif' || kind === 'png') {
    const size = readImageSize(kind, r.head);
    if (!size) throw new ApiError(RC.fileContentMismatch);
    return { ...size };
  }
  return {};
}

export const fileUrl = (savedName: string) => `/sp/file/${savedName}`;

/**
 * After a refusal, reads and discards the rest of the request body, so the client (which is still sending)
 * receives the answer instead of a reset connection. Bounded by the multipart limits (files, sizes).
 */
function drainRequest(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  raw.unpipe();
  return new Promise((resolve) => {
    raw.once('end', resolve);
    raw.once('close', resolve);
    raw.once('error', () => resolve());
    raw.resume();
  });
}

export function fileRoutes(app: FastifyInstance, store: FileStore): void {
  registerRoutes(app, [
    {
      method: 'POST',
      url: '/sp/uploadfile',
      tag: 'files',
      summary: 'Upload files (multipart, parts named multipartFiles)',
      description:
        'Login is checked before the body is read. Optional query fileType (wav, media, video, image, zip, txt, inf) narrows the kinds accepted. Each file is streamed to a temporary file and kept only when every file of the request is accepted: the name has no special character (letters, digits, space . _ - ( ) only: 950007 \'Upload file failed. File name contain some special character!\'), the extension is allowed (950008, listing the allowed types), the content matches the extension (950013), the size is within its kind\'s limit (950009: media and images 10 MB, txt/inf 1 MB, zip uploadfile_max_size up to 200 MB). The record is keyed by original file name: {originalFilename, savedFilename, kind, size, url, and for wav channels, sampleRate, bitsPerSample, byteRate, blockAlign, audioFormat, durationSeconds; for images width, height}.',
      auth: 'session',
      write: true,
      multipart: true,
      params: obj({ fileType: { type: 'string', enum: Object.keys(GROUPS) } }),
      record: { type: 'object', additionalProperties: { type: 'object', properties: { originalFilename: { type: 'string' }, savedFilename: { type: 'string' }, kind: { type: 'string' }, size: { type: 'integer' }, url: { type: 'string' } } } },
      codes: ['950007', '950008', '950009', '950013', '950014'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session!;
        if (!req.isMultipart()) throw new ApiError(RC.noFile);
        const kinds = allowedKinds(s.config, typeof params.fileType === 'string' ? params.fileType : undefined);
        const accepted: Accepted[] = [];
        try {
          for await (const part of req.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== 'multipartFiles') throw new ApiError(RC.badInput, [], [{ field: part.fieldname, message: 'file parts must be named multipartFiles' }]);
            const original = part.filename ?? '';
            if (hasSpecialCharacters(original)) throw new ApiError(RC.fileNameSpecial);
            const kind = EXTENSIONS[extensionOf(original)];
            if (!kind || !kinds.includes(kind)) throw new ApiError(RC.fileType, [kinds.join(', ')]);
            const limit = sizeLimit(kind, s.config);
            let r: Received;
            try {
              r = await receiveToTemp(part.file, store, limit);
            } catch (e) {
              if (e instanceof TooLargeError) throw new ApiError(RC.fileTooLarge, [formatSize(limit)]);
              throw e;
            }
            accepted.push({ ...r, original, kind, info: {} });
            if (!contentMatches(kind, r.head)) throw new ApiError(RC.fileContentMismatch);
            accepted[accepted.length - 1].info = describe(kind, r);
          }
          if (accepted.length === 0) throw new ApiError(RC.noFile);
        } catch (e) {
          for (const a of accepted) await store.discard(a.path);
          await drainRequest(req.raw);
          throw e;
        }
        const record: Record<string, unknown> = {};
        for (const a of accepted) {
          const savedFilename = FileStore.savedName(extensionOf(a.original));
          await store.commit(a.path, s.provider.id, savedFilename);
          await recordUpload(ctx.db, { providerId: s.provider.id, savedFilename, original: a.original, kind: a.kind, size: a.size, info: a.info, now: ctx.now() });
          record[a.original] = { originalFilename: a.original, savedFilename, kind: a.kind, size: a.size, url: fileUrl(savedFilename), ...a.info };
        }
        await audit(ctx.db, { providerId: s.provider.id, actor: s.provider.code, action: 'file.upload', detail: Object.keys(record), ip: req.ip });
        return { record };
      },
    },
    {
      method: 'GET',
      url: '/sp/file/:savedFilename',
      tag: 'files',
      summary: 'Download or play an uploaded file (owner only)',
      description: 'The file with its content type; 950005 when it does not exist or belongs to another provider.',
      auth: 'session',
      allowExpired: true,
      raw: true,
      async handler(req, reply) {
        const { ctx } = req.server;
        const name = (req.params as { savedFilename: string }).savedFilename;
        const row = await ownUpload(ctx.db, req.session!.provider.id, name);
        const file = row ? store.open(req.session!.provider.id, name) : undefined;
        if (!row || !file) throw new ApiError(RC.notFound);
        reply
          .header('content-type', CONTENT_TYPES[row.kind as FileKind] ?? 'application/octet-stream')
          .header('content-length', file.size)
          .header('content-disposition', `inline; filename="${name}"`)
          .header('cache-control', 'private, max-age=300')
          .send(file.stream);
      },
    },
    {
      method: 'READ',
      url: '/sp/getprelistenurl',
      tag: 'files',
      summary: "Play address of one of the provider's tones",
      description: 'By toneCode or toneID: the web audition file of the tone (else its first audio file). 950005 when the tone is not the provider\'s or has no audio.',
      auth: 'session',
      params: obj({ toneCode: { type: 'string', maxLength: 22 }, toneID: { type: 'string', pattern: '^\\d{1,12}$' } }),
      record: { type: 'object', properties: { url: { type: 'string' } } },
      codes: ['950005'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        if (!params.toneID && !params.toneCode) throw new ApiError(RC.badInput, [], [{ field: 'toneCode', message: 'CommonRes.required' }]);
        const files = await toneFiles(ctx.db, req.session!.provider.id, params.toneID ? { toneID: Number(params.toneID) } : { toneCode: String(params.toneCode) });
        const saved = files && (files.webAuditon || files.mediaPlay || files.aipPlay);
        if (!saved) throw new ApiError(RC.notFound);
        return { record: { url: fileUrl(saved) } };
      },
    },
    {
      method: 'READ',
      url: '/common/checkuploadpath',
      tag: 'files',
      summary: 'Is the upload storage ready?',
      description: '000000 when the storage directory is writable, 950010 otherwise; also a login check.',
      auth: 'session',
      record: { type: 'object', properties: { writable: { type: 'string' } } },
      codes: ['950010'],
      async handler() {
        const ok = await access(store.filesDir, constants.W_OK).then(() => true, () => false);
        return ok ? { record: { writable: '1' } } : { code: RC.uploadFailed, record: { writable: '0' } };
      },
    },
  ]);
}
