// sp/uploadfile (001 §5.2, §7), the owner-only file download, the play address of a tone, the upload path
// check. An upload is refused, with nothing stored, when the body cannot be read, the name has special
// characters or comes twice, the extension is not allowed here, the content is not what the extension claims,
// it is larger than its kind allows, or the provider is over its storage quota or upload rate (files/quota.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { ApiError, orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { obj, oneOf, rowId, stringRecord, text } from '../http/schemas';
import { FileStore } from '../files/storage';
import { sendStored } from '../files/send';
import {
  contentMatches,
  EXTENSIONS,
  extensionOf,
  hasSpecialCharacters,
  isAudioKind,
  type FileKind,
} from '../files/sniff';
import { AudioRefusal, takeAsAudio } from '../media/intake';
import { allowedKinds, sizeLimit, formatSize, GROUPS } from '../files/accept';
import {
  checkLimits,
  lockProvider,
  quotaRefusal,
  uploadLimits,
  uploadUsage,
  type UploadLimits,
  type UploadUsage,
} from '../files/quota';
import { withoutControlCharacters } from '../http/controlCharacters';
import type { Config } from '../services/config';
import type { Multipart } from '@fastify/multipart';
import { asBodyRefusal, drainRequest, receiveToTemp, TooLargeError, type Received } from '../files/receive';
import { readImageSize } from '../files/image';
import { waveformOf } from '../media/waveform';
import { convertNow } from '../media/convert';
import { audit } from '../services/audit';
import { FILE_ROUTE, fileUrl, ownUpload, recordUpload, toneFiles } from '../services/uploadedFiles';
/** A saved file's name as the upload call answers it. */
const savedName = text({ pattern: '^[A-Za-z0-9]{1,60}\\.[a-z0-9]{1,4}$' });

const CONTENT_TYPES: Record<FileKind, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  '3gp': 'video/3gpp',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  inf: 'text/plain; charset=utf-8',
};

interface Accepted extends Received {
  original: string;
  kind: FileKind;
  info: Record<string, unknown>;
}

/** What the headers say, or a refusal when the content is not a readable file of its kind. */
function describe(kind: FileKind, r: Received): Record<string, unknown> {
  if (kind === 'jpg' || kind === 'gif' || kind === 'png') {
    const size = readImageSize(kind, r.head);
    if (!size) throw new ApiError(RC.fileContentMismatch);
    return { ...size };
  }
  return {};
}

interface PartRules {
  kinds: FileKind[];
  config: Config;
  store: FileStore;
  room: number;
  limits: UploadLimits;
  usage: UploadUsage;
}

/**
 * One part of the body: a file named multipartFiles (parameters travel in the query), with an allowed name,
 * extension and content, not sent twice, within its size limit and what is left of the quota. The file is
 * in the temporary directory until the whole request is accepted.
 */
async function receivePart(part: Multipart, before: Accepted[], rules: PartRules): Promise<Accepted> {
  if (part.type !== 'file' || part.fieldname !== 'multipartFiles') {
    throw new ApiError(
      RC.badInput,
      [],
      [{ field: withoutControlCharacters(part.fieldname), message: 'Upload.partName' }],
    );
  }
  const original = part.filename ?? '';
  if (hasSpecialCharacters(original)) throw new ApiError(RC.fileNameSpecial);
  if (before.some((a) => a.original === original)) throw new ApiError(RC.uploadDuplicate, [original]);
  const kind = EXTENSIONS[extensionOf(original)];
  if (!kind || !rules.kinds.includes(kind)) throw new ApiError(RC.fileType, [rules.kinds.join(', ')]);
  const kindLimit = sizeLimit(kind, rules.config);
  const room = rules.room - before.reduce((n, a) => n + a.size, 0);
  let r: Received;
  try {
    r = await receiveToTemp(part.file, rules.store, Math.min(kindLimit, room));
  } catch (e) {
    if (!(e instanceof TooLargeError)) throw e;
    if (room < kindLimit) throw quotaRefusal(rules.limits, rules.usage);
    throw new ApiError(RC.fileTooLarge, [formatSize(kindLimit)]);
  }
  const a: Accepted = { ...r, original, kind, info: {} };
  try {
    if (isAudioKind(kind)) {
      await takeAsAudio(a, r, rules, true);
    } else {
      if (!contentMatches(kind, r.head)) throw new ApiError(RC.fileContentMismatch);
      a.info = describe(kind, r);
    }
  } catch (e) {
    await rules.store.discard(r.path);
    if (e instanceof AudioRefusal)
      throw new ApiError(e.code, e.code === RC.fileType ? [rules.kinds.join(', ')] : [], [
        { ...e.violation, field: original },
      ]);
    throw e;
  }
  return a;
}

export function fileRoutes(app: FastifyInstance, store: FileStore): void {
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/sp/uploadfile',
      tag: 'files',
      summary: 'Upload files (multipart, parts named multipartFiles)',
      description:
        "Login is checked before the body is read. Parameters travel in the query: optional fileType (wav, audio, media, video, image, zip, txt, inf) narrows the kinds accepted; any other parameter, or a fileType outside that list, is refused (950004). The body holds only file parts named multipartFiles (950004 for any other part). Each file is streamed to a temporary file and kept only when every file of the request is accepted: the name has no special character (letters, digits, space . _ - ( ) only, so no path: 950007 'Upload file failed. File name contain some special character!'), no two files have the same name (962004), the extension is allowed (950008, listing the allowed types), the content matches the extension (950013), the size is within its kind's limit (950009: media and images 10 MB, txt/inf 1 MB, zip uploadfile_max_size up to 200 MB). A body that cannot be read (no or wrong boundary, cut before the closing boundary) answers 962001. Per provider: the files stored may total upload_quota_mb (962002; 0 = no quota) and at most upload_rate_per_minute files are accepted per minute (962003 with the seconds to wait; 0 = no limit). Refused requests keep nothing on disk and write no row. The record is keyed by original file name: {originalFilename, savedFilename, kind, size, url, and for wav channels, sampleRate, bitsPerSample, byteRate, blockAlign, audioFormat, durationSeconds; for images width, height}.",
      auth: 'session',
      write: true,
      multipart: true,
      params: { ...obj({ fileType: text({ enum: Object.keys(GROUPS) }) }), additionalProperties: false },
      record: {
        type: 'object',
        additionalProperties: stringRecord(['originalFilename', 'savedFilename', 'kind', 'url'], {
          size: { type: 'integer' },
        }),
      },
      codes: ['950007', '950008', '950009', '950013', '950014', '962001', '962002', '962003', '962004'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session;
        const providerId = s.provider.id;
        if (!req.isMultipart()) throw new ApiError(RC.noFile);
        const kinds = allowedKinds(s.config, typeof params.fileType === 'string' ? params.fileType : undefined);
        const limits = uploadLimits(s.config);
        const accepted: Accepted[] = [];
        const committed: string[] = [];
        try {
          const usage = await uploadUsage(ctx.db, providerId, ctx.now());
          // At the rate or the quota already: refused before a byte is written.
          checkLimits(limits, usage, ctx.now());
          try {
            for await (const part of req.parts())
              accepted.push(
                await receivePart(part, accepted, {
                  kinds,
                  config: s.config,
                  store,
                  room: limits.quotaBytes - usage.bytes,
                  limits,
                  usage,
                }),
              );
          } catch (e) {
            throw asBodyRefusal(e);
          }
          if (accepted.length === 0) throw new ApiError(RC.noFile);
          // Recorded and moved into place together: a file is kept only with its row, a row only with its file.
          return await ctx.db.transaction().execute(async (tx) => {
            await lockProvider(tx, ctx.handle.dialect, providerId);
            const now = ctx.now();
            checkLimits(
              limits,
              await uploadUsage(tx, providerId, now),
              now,
              accepted.length,
              accepted.reduce((n, a) => n + a.size, 0),
            );
            const record: Record<string, unknown> = {};
            for (const a of accepted) {
              // Named by what the content is, so it is served as that (an mp3 sent as .wav is saved as .mp3).
              const ext = extensionOf(a.original);
              const savedFilename = FileStore.savedName(EXTENSIONS[ext] === a.kind ? ext : a.kind);
              await recordUpload(tx, {
                providerId,
                savedFilename,
                original: a.original,
                kind: a.kind,
                size: a.size,
                info: a.info,
                now,
              });
              await store.commit(a.path, providerId, savedFilename);
              committed.push(savedFilename);
              record[a.original] = {
                originalFilename: a.original,
                savedFilename,
                kind: a.kind,
                size: a.size,
                url: fileUrl(savedFilename),
                ...a.info,
              };
            }
            await audit(tx, {
              providerId,
              actor: s.provider.code,
              action: 'file.upload',
              detail: Object.keys(record),
              ip: req.ip,
            });
            return { record };
          });
        } catch (e) {
          for (const a of accepted) await store.discard(a.path);
          for (const name of committed) await store.remove(providerId, name);
          await drainRequest(req.raw);
          throw e;
        }
      },
    }),
    route({
      method: 'GET',
      url: FILE_ROUTE,
      tag: 'files',
      summary: 'Download or play an uploaded file (owner only)',
      description:
        'The file with its content type, streamed from storage (a directory or S3). Range requests for playback and seeking (one byte range: 206 with Content-Range and its Content-Length; past the end: 416 with Content-Range bytes */size), Accept-Ranges, a strong ETag (If-None-Match: 304; If-Range), Last-Modified and a private cache lifetime. 950005 when it does not exist or belongs to another provider.',
      auth: 'session',
      allowExpired: true,
      raw: true,
      codes: ['950005'],
      async handler(req, reply) {
        const { ctx } = req.server;
        const name = req.params.savedFilename;
        const providerId = req.session.provider.id;
        const row = orNotFound(await ownUpload(ctx.db, providerId, name));
        await sendUpload(req, reply, store, providerId, name, row);
      },
    }),
    route({
      method: 'READ',
      url: '/sp/getprelistenurl',
      tag: 'files',
      summary: "Play address of one of the provider's tones",
      description:
        "By toneCode or toneID: the web audition file of the tone (else its first audio file). 950005 when the tone is not the provider's or has no audio.",
      auth: 'session',
      params: obj({ toneCode: text({ maxLength: 22 }), toneID: rowId }),
      record: { type: 'object', properties: { url: { type: 'string' } } },
      codes: ['950005'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        if (!params.toneID && !params.toneCode)
          throw new ApiError(RC.badInput, [], [{ field: 'toneCode', message: 'CommonRes.required' }]);
        const files = await toneFiles(
          ctx.db,
          req.session.provider.id,
          params.toneID ? { toneID: Number(params.toneID) } : { toneCode: String(params.toneCode) },
        );
        const saved = orNotFound(files && (files.webAuditon || files.mediaPlay || files.aipPlay));
        return { record: { url: fileUrl(saved) } };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/convertaudio',
      tag: 'files',
      summary: "Convert one of the provider's audio uploads now (an IVR prompt, a preview)",
      description:
        "savedFilename: an audio file the caller uploaded (any accepted kind); target 'ivr' makes a wav in the IVR format (wav_sample_rate, wav_channels, wav_bits_per_sample, wav_audio_format: what a prompt field asks), 'web' the web audition a unified tone will get (a preview before submitting). Only for masters up to transcode_preview_max_seconds (962005 naming the length otherwise: a tone's longer master is converted on the queue after sp/addtone). The result is a new upload of the caller's, answered as sp/uploadfile answers one file (savedFilename, url, channels, sampleRate, bitsPerSample, durationSeconds, peaks). 950005 when the file is not the caller's audio.",
      auth: 'session',
      write: true,
      params: obj(
        {
          savedFilename: savedName,
          target: oneOf(['ivr', 'web']),
        },
        ['savedFilename', 'target'],
      ),
      record: { type: 'object', properties: { savedFilename: { type: 'string' }, url: { type: 'string' } } },
      codes: ['950005', '962005'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session;
        try {
          const record = orNotFound(
            await convertNow(ctx.db, store, {
              providerId: s.provider.id,
              config: s.config,
              savedFilename: String(params.savedFilename),
              target: params.target === 'web' ? 'web' : 'ivr',
              now: ctx.now(),
            }),
          );
          return { record };
        } catch (e) {
          if (e instanceof AudioRefusal) throw new ApiError(e.code, [], [e.violation]);
          throw e;
        }
      },
    }),
    route({
      method: 'READ',
      url: '/sp/audiowave',
      tag: 'files',
      summary: "Waveform of one of the provider's audio files",
      description:
        "The peaks the audio preview draws: PEAK_COUNT (600) values 0-255 over the whole file (fewer for a file under 3 s), each the loudest of its share, scaled so the loudest is 255, and the duration in seconds. Computed once, when the file came in (intake or transcode), and stored. 950005 when the file is not the caller's or not audio.",
      auth: 'session',
      params: obj({ savedFilename: savedName }, ['savedFilename']),
      record: {
        type: 'object',
        properties: { durationSeconds: { type: 'number' }, peaks: { type: 'array', items: { type: 'integer' } } },
      },
      codes: ['950005'],
      async handler(req, _reply, params) {
        const { db } = req.server.ctx;
        return {
          record: orNotFound(await waveformOf(db, store, req.session.provider.id, String(params.savedFilename))),
        };
      },
    }),
    route({
      method: 'READ',
      url: '/common/checkuploadpath',
      tag: 'files',
      summary: 'Is the upload storage ready?',
      description:
        '000000 when the file storage (directory or bucket) takes files now, 950010 otherwise; also a login check.',
      auth: 'session',
      record: { type: 'object', properties: { writable: { type: 'string' } } },
      codes: ['950010'],
      async handler() {
        const ok = await store.ready().then(
          () => true,
          () => false,
        );
        return ok ? { record: { writable: '1' } } : { code: RC.uploadFailed, record: { writable: '0' } };
      },
    }),
  ]);
}

/**
 * Sends a provider's stored file as itself (its content type, inline), streamed from storage with byte ranges
 * (files/send.ts), or 950005 when the store has none. The provider's own play address and the operator console's.
 */
export async function sendUpload(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  providerId: number,
  name: string,
  row: { kind: string; size: number; created_at: number },
): Promise<void> {
  orNotFound(
    await sendStored(
      req,
      reply,
      store,
      { providerId, savedName: name, version: { size: Number(row.size), storedAt: Number(row.created_at) } },
      {
        'content-type': CONTENT_TYPES[row.kind as FileKind] ?? 'application/octet-stream',
        'content-disposition': `inline; filename="${name}"`,
        // The saved name never gets other content and only its owner (and reviewers) may read it.
        'cache-control': 'private, max-age=86400',
      },
    ),
  );
}
