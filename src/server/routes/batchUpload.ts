// The batch tone upload (rbtBatchUploading; 001 §2.1, §5.3, §7, §9): sp/batchaddtone takes a zip of tone files
// and its inf/txt index in one multipart request, and sp/batchaddtone/querytaskresult reports a task's
// progress and per-line results. The whole request is checked before anything is kept: the index (UTF-8,
// its columns, every line's shape; a line naming a file the zip lacks fails alone, like a bad value) and the zip (files/zipIntake.ts: entry count,
// sizes, ratio, paths, links, encryption, nested archives, content). A refusal names the line or entry and
// stores nothing; an accepted batch stores the named entries as the provider's files and becomes a task of
// type 4 whose lines are sp/addtone requests (services/batch/addToneLines.ts).
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { multipartParts, obj, oneOf, paging, rowId } from '../http/schemas';
import { pageRange } from '../db/paging';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { FileStore } from '../files/storage';
import { BATCH_FILE_CODES, receiveBatchParts } from '../files/batchParts';
import { drainRequest } from '../files/receive';
import { checkLimits, lockProvider, uploadLimits, uploadUsage } from '../files/quota';
import { allowedKinds, sizeLimit } from '../files/accept';
import { AUDIO_FILE_KINDS, extensionOf, type FileKind } from '../files/sniff';
import { discardIntake, intakeZip } from '../files/zipIntake';
import { num } from '../services/config';
import { engineFor } from '../validation';
import { audit } from '../services/audit';
import { recordUploads } from '../services/uploadedFiles';
import type { Violation } from '../validation';
import { taskTypeOf } from '../services/batch/taskTypes';
import { createTask, lineResults, localTime, sameContentTask, taskRecord } from '../services/batch/tasks';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readTextLines, valuesOf, type TextLine } from '../services/batch/textFile';
import { FILE_COLUMNS, isFileColumn, type AddToneData, type UnresolvedFile } from '../services/batch/addToneLines';
import { answerSubmitted } from '../services/batch/answer';
import { ownTask } from '../services/batch/access';

const MB = 1024 * 1024;
const DAY = 86_400_000;

/** SHA-256 over the files' contents, one after the other (each prefixed by its length). */
async function hashOf(paths: string[]): Promise<string> {
  const h = createHash('sha256');
  for (const path of paths) {
    let size = 0;
    for await (const chunk of createReadStream(path)) {
      h.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    h.update(`|${size}|`);
  }
  return h.digest('hex');
}
/** sp/addtone parameters the server derives for a batch line: not columns of the index. */
const DERIVED = new Set([
  'singerNameLetter',
  'toneNameLetter',
  'toneFile',
  'portalType',
  'uploadChannel',
  'uploadType',
  'crbtType',
]);
/** Kinds a tone's files may be (001 §5.2), by the index column naming them. */
const KINDS: FileKind[] = [...AUDIO_FILE_KINDS, '3gp', 'mp4', 'jpg', 'gif', 'png', 'txt'];

/** Index columns a site accepts: the tone form's add call parameters (its definition), the file columns and copyrightFile. */
function indexColumns(site: string): Set<string> {
  const payload = engineFor(site).definition('rbtUploading').calls?.add?.payload ?? {};
  return new Set([...Object.keys(payload).filter((k) => !DERIVED.has(k)), ...FILE_COLUMNS]);
}

const baseName = (name: string) => name.replace(/\\/g, '/').split('/').pop() ?? name;

interface IndexCheck {
  header: string[];
  lines: TextLine[];
  refs: Array<{ line: number; file: string }>;
  problems: Violation[];
}

/** The index's header and data lines, the files its lines name, and what is wrong with it. */
function checkIndex(lines: TextLine[], site: string): IndexCheck {
  const [head, ...data] = lines;
  const header = valuesOf(head.text);
  const known = indexColumns(site);
  const problems: Violation[] = [];
  const seen = new Set<string>();
  for (const col of header) {
    if (!known.has(col) || seen.has(col))
      problems.push({ field: '', message: 'Batch.indexColumn', params: { line: head.no, column: col || '(empty)' } });
    seen.add(col);
  }
  if (data.length === 0) problems.push({ field: '', message: 'Batch.indexEmpty', params: {} });
  const refs: IndexCheck['refs'] = [];
  for (const l of data) {
    const values = valuesOf(l.text);
    if (values.length !== header.length) {
      problems.push({
        field: '',
        message: 'Batch.indexLineColumns',
        params: { line: l.no, expected: header.length, found: values.length },
      });
      continue;
    }
    header.forEach((col, i) => {
      if (isFileColumn(col) && values[i]) refs.push({ line: l.no, file: values[i] });
    });
  }
  return { header, lines: data, refs, problems: problems.slice(0, 20) };
}

export function batchUploadRoutes(app: FastifyInstance, store: FileStore): void {
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/sp/batchaddtone',
      tag: 'batch',
      summary: 'Batch tone upload: a zip of tone files and its inf/txt index',
      description: [
        'multipart/form-data with two files: the zip (up to uploadfile_max_size MB: 200 by default, 100 in the other reading of 001 §5.3/§9) and the index (.inf or .txt, UTF-8 without control characters other than tab, up to copyright_txt_max_size_mb).',
        "The index: notes on lines starting with #, then a header line naming the columns separated by |, then one tone a line. Columns are sp/addtone's parameters as the site's tone form sends them (toneName, singerName, singerSex, lyricAuthor, melodyComposer, musicArranger, catalogID, contentLanguage, price, callerPrice, toneValidDay, relativeTime, tagNames, lyricCompanyID, ..., priceGroupID) plus the file columns webAuditon, aipPlay, hdPlay, mediaPlay, image and copyrightFile, whose values name zip entries (the full path, or the file name when it is unique in the zip). sp/batchtemplate/batchaddtone gives the site's template.",
        'The zip: at most batch_zip_max_files entries (50); each named entry within media_max_size_mb (images image_max_size_mb), all within batch_zip_max_total_mb, none compressed more than batch_zip_max_ratio:1; no path with .. or an absolute or drive path, no symlink, no encrypted entry, no archive inside, no control character in a name; a named entry must have an allowed type and the content its extension says.',
        'A line naming a file the zip does not hold, or holds in several folders, fails alone (950004, named in its result: "Line 4: missing.wav is not in the zip.") and the other lines are applied; when no line is left the batch is refused. Refused with nothing stored: 963001 with record.errors naming each line or entry and the reason (also 950007, 950008, 950009, 950014 for the files themselves, 962001 for a body that cannot be read, 962004 for a file name sent twice; 950004 for a part name sent twice, other than multipartFiles, or a path (..) in any parameter). The named entries count as uploads: beyond the storage quota (upload_quota_mb) 962002, beyond upload_rate_per_minute files in a minute 962003, as sp/uploadfile.',
        "Accepted: the named entries become the provider's files and the lines a task (type 4, batchAddTone); each line is then validated and stored exactly as sp/addtone would (the rbtUploading rules, approval flow by believeCP). Up to batch_sync_max_records lines (100) are answered at once with every line's result (record.lines: lineNo, cmdLine, returnCode, returnMsg; 000000 when all succeeded, 000001 otherwise); larger batches answer the task (record.taskId, progress) to follow with sp/batchaddtone/querytaskresult.",
      ].join(' '),
      auth: 'session',
      write: true,
      multipart: true,
      multipartSchema: multipartParts({
        multipartFiles: {
          type: 'array',
          items: { type: 'string', format: 'binary' },
          description:
            'The zip and the index under this one part name (the spec convention for file parts), told apart by extension; or each under a name of its own (zipFile, indexFile).',
        },
        zipFile: {
          type: 'string',
          format: 'binary',
          description: 'The zip (any part name; told apart by extension).',
        },
        indexFile: { type: 'string', format: 'binary', description: 'The .inf or .txt index.' },
        taskDesc: { type: 'string', maxLength: 256, description: "The task's description (optional)." },
        repeat: {
          type: 'string',
          enum: ['', '0', '1'],
          description:
            "1 sends a batch whose zip and index are the same as a task's of the last 24 hours (not deleted); otherwise that is refused (963001, Batch.sentBefore naming the task) so the tones are not added twice.",
        },
      }),
      record: { type: 'object' },
      codes: [RC.partial, ...BATCH_FILE_CODES, RC.uploadQuota, RC.uploadRate],
      async handler(req) {
        const { ctx } = req.server;
        const s = req.session;
        const p = s.provider;
        const def = taskTypeOf('4')!;
        const indexLimit = sizeLimit('txt', s.config);
        // The zip's entries become the provider's files: sp/uploadfile's quota and rate hold for them too. At
        // either limit already, the request is refused before a byte is written.
        const limits = uploadLimits(s.config);
        try {
          checkLimits(limits, await uploadUsage(ctx.db, p.id, ctx.now()), ctx.now());
        } catch (e) {
          await drainRequest(req.raw);
          throw e;
        }
        const parts = await receiveBatchParts(
          req,
          store,
          {
            zip: sizeLimit('zip', s.config),
            inf: indexLimit,
            txt: indexLimit,
          },
          ['multipartFiles'],
        );
        let intake: Awaited<ReturnType<typeof intakeZip>> | undefined;
        const committed: string[] = [];
        try {
          const zip = parts.files.filter((f) => f.ext === 'zip');
          const index = parts.files.filter((f) => f.ext !== 'zip');
          if (zip.length !== 1 || index.length !== 1)
            throw new ApiError(RC.batchRefused, [], [{ field: '', message: 'Batch.zipAndIndex' }]);
          // The same zip and index sent again within a day would add every tone a second time: refused, naming
          // the earlier task, unless the request says repeat=1.
          const contentHash = await hashOf([zip[0].path, index[0].path]);
          if (parts.fields.repeat !== '1') {
            const earlier = await sameContentTask(ctx.db, p.id, contentHash, ctx.now() - DAY);
            if (earlier)
              throw new ApiError(
                RC.batchRefused,
                [],
                [
                  {
                    field: '',
                    message: 'Batch.sentBefore',
                    params: { taskId: earlier.id, time: localTime(earlier.request_time) },
                  },
                ],
              );
          }
          const read = readTextLines(await parts.read(index[0]), index[0].fileName, 'Batch.indexEmpty');
          if ('problem' in read) throw new ApiError(RC.batchRefused, [], [read.problem]);
          const idx = checkIndex(read.lines, p.site);
          if (idx.problems.length) throw new ApiError(RC.batchRefused, [], idx.problems);
          const max = num(s.config, 'batch_max_lines');
          if (idx.lines.length > max)
            throw new ApiError(
              RC.batchRefused,
              [],
              [{ field: '', message: 'Batch.tooManyLines', params: { max, found: idx.lines.length } }],
            );

          const exact = new Set(idx.refs.map((r) => r.file));
          const bases = new Set(idx.refs.map((r) => baseName(r.file)));
          const kinds = allowedKinds(s.config).filter((k) => KINDS.includes(k));
          intake = await intakeZip(zip[0].path, {
            wanted: (name) => exact.has(name) || bases.has(baseName(name)),
            kinds,
            config: s.config,
            store,
            limits: {
              maxEntries: num(s.config, 'batch_zip_max_files'),
              maxEntryBytes: Math.max(sizeLimit('wav', s.config), sizeLimit('jpg', s.config)),
              maxTotalBytes: num(s.config, 'batch_zip_max_total_mb') * MB,
              maxRatio: num(s.config, 'batch_zip_max_ratio'),
            },
          });
          // An entry the zip cannot give safely (damaged, disguised, unsafe path) refuses the whole batch.
          if (intake.problems.length) throw new ApiError(RC.batchRefused, [], intake.problems.slice(0, 20));
          // Each name the index gives resolves to one entry: its full path, or its file name when unique. A name
          // the zip does not hold, or holds twice, fails only the lines naming it, as a bad value fails its line
          // (issue 25); the batch is refused only when it leaves no line to apply.
          const resolved = new Map<string, string>();
          const unresolved: Record<string, UnresolvedFile> = {};
          for (const r of idx.refs) {
            if (resolved.has(r.file) || r.file in unresolved) continue;
            const matches = intake.names.has(r.file)
              ? [r.file]
              : [...intake.names].filter((n) => baseName(n) === r.file);
            if (matches.length === 1) resolved.set(r.file, matches[0]);
            else unresolved[r.file] = matches.length > 1 ? 'Batch.indexFileAmbiguous' : 'Batch.indexFileMissing';
          }
          const failing = idx.refs.filter((r) => r.file in unresolved);
          if (idx.lines.every((l) => failing.some((r) => r.line === l.no)))
            throw new ApiError(
              RC.batchRefused,
              [],
              failing
                .slice(0, 20)
                .map((r) => ({ field: '', message: unresolved[r.file], params: { line: r.line, file: r.file } })),
            );

          // Accepted: the named entries become the provider's files, registered with the task in one transaction.
          const files: Record<string, string> = {};
          const rows: Array<{ saved: string; entry: string }> = [];
          for (const [ref, entry] of resolved) {
            const existing = rows.find((r) => r.entry === entry);
            if (existing) {
              files[ref] = existing.saved;
              continue;
            }
            const f = intake.files.get(entry)!;
            const saved = FileStore.savedName(extensionOf(entry));
            await store.commit(f.tempPath, p.id, saved);
            committed.push(saved);
            files[ref] = saved;
            rows.push({ saved, entry });
          }
          const now = ctx.now();
          const taskId = await createTask(ctx, {
            providerId: p.id,
            type: def,
            taskName: def.name,
            desc: String(parts.fields.taskDesc ?? '').slice(0, 256),
            fileName: zip[0].fileName,
            data: { header: idx.header, files, unresolved } satisfies AddToneData,
            contentHash,
            lines: idx.lines,
            async guard(tx) {
              if (rows.length === 0) return;
              await lockProvider(tx, ctx.handle.dialect, p.id);
              const bytes = rows.reduce((n, r) => n + intake!.files.get(r.entry)!.size, 0);
              checkLimits(limits, await uploadUsage(tx, p.id, now), now, rows.length, bytes);
              await recordUploads(
                tx,
                rows.map((r) => {
                  const f = intake!.files.get(r.entry)!;
                  return {
                    providerId: p.id,
                    savedFilename: r.saved,
                    original: baseName(r.entry),
                    kind: f.kind,
                    size: f.size,
                    info: f.info,
                    now,
                  };
                }),
              );
            },
          });
          committed.length = 0; // the task owns them now
          await audit(ctx.db, {
            providerId: p.id,
            actor: p.code,
            action: 'batch.addtone',
            entityType: 'batchTask',
            entityId: taskId,
            detail: { lines: idx.lines.length, files: rows.length },
            ip: req.ip,
          });
          return answerSubmitted(ctx, p.id, taskId, idx.lines.length, s.config, req.lang);
        } finally {
          // Whatever was not kept: the request's files, entries not committed, and (after a failure) committed ones.
          if (intake) await discardIntake(intake, store);
          for (const saved of committed) await store.remove(p.id, saved);
          await parts.discard();
        }
      },
    }),
    route({
      method: 'READ',
      url: '/sp/batchaddtone/querytaskresult',
      tag: 'batch',
      summary: 'Progress and per-line results of a batch tone upload task',
      description:
        "taskId of the provider's batch upload task (950005 otherwise). record: {task: the task with state, progress (percent of lines processed), successCount, totalCount, progressResult 'success/total', canDownload, canDelete; lines: one page of per-line results {lineNo, cmdLine, returnCode, returnMsg}}, recordSum the number of lines. Paged by startRecordNum/endRecordNum; onlyFailed 1 keeps the failed lines; queryType 1 gives recordSum and the task only.",
      auth: 'session',
      params: obj(
        {
          ...paging,
          taskId: rowId,
          onlyFailed: oneOf(['', '0', '1']),
        },
        ['taskId'],
      ),
      record: {
        type: 'object',
        properties: { task: { type: 'object' }, lines: { type: 'array', items: { type: 'object' } } },
      },
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const task = await ownTask(req, params.taskId, taskTypeOf('4'));
        const range = pageRange(params);
        const lines = await lineResults(req.server.ctx.db, task.id, range, req.lang, params.onlyFailed === '1');
        return { record: { task: taskRecord(task), lines: lines.record ?? [] }, recordSum: lines.recordSum };
      },
    }),
  ]);
}
