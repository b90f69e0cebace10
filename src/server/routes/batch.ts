// Batch tasks (000 §2 batch operation, §3, §4, §5, §6, §7, §8; 001 §7): the task list of the management tab,
// the Kenya operations (export tones and singers, update tones and singers from a txt file, add copyright
// companies from a txt file), deleting tasks by the rules of 000 §4, the per-line results and the downloads,
// and the txt templates. Every call works on the session provider's tasks only: another provider's task id
// answers 950005 like a missing one. Kenya's types need support_kenya_batch_operation '1'.
import { Readable } from 'node:stream';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerRoutes, route, type PathParams, type RequestOf, type SessionRequest } from '../http/route';
import { multipartParts, obj, oneOf, paging, rowId, stringRecord, text, type Static } from '../http/schemas';
import { pageRange } from '../db/paging';
import { ApiError, orNotFound } from '../envelope';
import { RC, messageFor } from '../returnCodes';
import type { FileStore } from '../files/storage';
import { sendStored } from '../files/send';
import { BATCH_FILE_CODES, receiveBatchParts } from '../files/batchParts';
import { num } from '../services/config';
import { engineFor } from '../validation';
import { audit } from '../services/audit';
import { forgetUpload } from '../services/uploadedFiles';
import { MAX_DELETE } from '../services/toneMaintenance';
import { canDelete, canDownload, TASK_TYPES, taskTypeOf, type TaskTypeDef } from '../services/batch/taskTypes';
import { ownTask, typeFor, typeOpen } from '../services/batch/access';
import { fillTemplate } from '../services/batch/templateFill';
import { isTimeZone, SERVER_TIME_ZONE } from '../services/toneExport';
import {
  createTask,
  findTask,
  lineResults,
  listTasks,
  markTaskDeleted,
  resultText,
  tasksSinceLocked,
  taskRecord,
  type TaskRow,
} from '../services/batch/tasks';
import { readTextLines, type TextLine } from '../services/batch/textFile';
import { copyrightValues } from '../services/batch/copyrightLines';
import { parseDateRange } from '../services/batch/dateRange';
import type { Violation } from '../validation';

const TEMPLATES_DIR = join(__dirname, '..', '..', '..', 'templates');
const taskIdList = text({
  pattern: '^\\d{1,9}(,\\d{1,9})*$',
  maxLength: 2000,
  description: `Task ids, comma-separated, at most ${MAX_DELETE} (000 §8 batch delete; 961002 beyond).`,
});
const dateParam = (what: string) =>
  text({ pattern: '^\\d{8}( \\d{2}:\\d{2}:\\d{2})?$', description: `${what}: 'YYYYMMDD HH:MM:SS' (server time).` });
const integers = (names: string[]) => Object.fromEntries(names.map((k) => [k, { type: 'integer' }]));
const taskRecordSchema = stringRecord(
  [
    'taskId',
    'taskName',
    'taskType',
    'taskTypeName',
    'taskDesc',
    'requestTime',
    'runTime',
    'finishTime',
    'status',
    'outcome',
    'state',
    'fileName',
    'progressResult',
    'canDownload',
    'canDelete',
  ],
  integers(['totalCount', 'successCount', 'failCount', 'processedCount', 'progress', 'attempts']),
);
/** The answer of a deletion of tasks: the ids deleted, and those refused with their reason (deleteTasks). */
const deletedRecord = {
  type: 'object',
  properties: {
    deleted: { type: 'array', items: { type: 'string' } },
    refused: { type: 'array', items: { type: 'object' } },
  },
};
const lineSchema = stringRecord(['cmdLine', 'returnCode', 'returnMsg'], integers(['lineNo']));

/**
 * Task fields may come flat or, as the spec's screens send them, in one JSON string `data`. What `data` holds is
 * whatever JSON the sender wrote (no schema checked it), so the fields are unknown and read with String()/idsOf.
 */
function withData(params: Record<string, unknown>): Record<string, unknown> {
  if (typeof params.data !== 'string' || params.data === '') return params;
  try {
    const data: unknown = JSON.parse(params.data);
    return data && typeof data === 'object' ? { ...data, ...params } : params;
  } catch {
    throw new ApiError(RC.badInput, [], [{ field: 'data', message: 'Batch.dataNotJson' }]);
  }
}

/** The description rule of 000 §5 (batchDescription: up to 256, no pipe or angle brackets), through the engine. */
function checkDescription(req: SessionRequest, desc: string): void {
  if (!desc) return;
  const s = req.session;
  const message = engineFor(s.provider.site).checkValue('batchDescription', desc, { config: s.config });
  if (message) throw new ApiError(RC.badInput, [], [{ field: 'taskDesc', message, params: { max: 256 } }]);
}

/** National IDs must be unique in a copyright file too: a second line with the same ID is named with the first. */
function duplicateIds(lines: TextLine[]): Violation[] {
  const seen = new Map<string, number>();
  const out: Violation[] = [];
  for (const l of lines) {
    const v = copyrightValues(l.text);
    if (!('idNumber' in v) || !v.idNumber) continue;
    const key = v.idNumber.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined)
      out.push({ field: '', message: 'Batch.duplicateId', params: { line: l.no, first, idNumber: v.idNumber } });
    else seen.set(key, l.no);
  }
  return out.slice(0, 20);
}

/** Sends a file of the provider as an attachment, or 963004 without a disposition header when it is gone (000 §8). */
async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: { providerId: number; savedName: string },
  downloadName: string,
) {
  const sent =
    file.savedName &&
    (await sendStored(req, reply, store, file, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${downloadName}"`,
      'cache-control': 'no-store',
    }));
  if (!sent)
    return void reply.send({ returnCode: RC.taskFileMissing, returnMsg: messageFor(RC.taskFileMissing, req.lang) });
}

/** Deletes tasks one by one by the 000 §4 rules; 000000 when all went, 000001 when some were refused (000 §8). */
async function deleteTasks(req: SessionRequest, ids: string[], exportTasks: boolean, store: FileStore) {
  const { ctx } = req.server;
  const p = req.session.provider;
  const deleted: string[] = [];
  const refused: Array<{ taskId: string; returnCode: string; returnMsg: string }> = [];
  for (const id of [...new Set(ids)]) {
    const task = await findTask(ctx.db, p.id, id);
    const def = task && taskTypeOf(task.task_type);
    if (!task || !def || !typeOpen(req, def)) {
      refused.push({ taskId: id, returnCode: RC.notFound, returnMsg: messageFor(RC.notFound, req.lang) });
      continue;
    }
    if (def.export !== exportTasks || !canDelete(def, task.status)) {
      refused.push({
        taskId: id,
        returnCode: RC.taskActionUnavailable,
        returnMsg: messageFor(RC.taskActionUnavailable, req.lang),
      });
      continue;
    }
    const changed = await markTaskDeleted(ctx.db, task);
    if (!changed) {
      refused.push({
        taskId: id,
        returnCode: RC.taskActionUnavailable,
        returnMsg: messageFor(RC.taskActionUnavailable, req.lang),
      });
      continue;
    }
    if (def.export && task.result_file) {
      await forgetUpload(ctx.db, p.id, task.result_file);
      await store.remove(p.id, task.result_file);
    }
    await audit(ctx.db, {
      providerId: p.id,
      actor: p.code,
      action: 'batch.delete',
      entityType: 'batchTask',
      entityId: task.id,
      detail: { type: def.name, status: task.status },
      ip: req.ip,
    });
    deleted.push(id);
  }
  if (deleted.length === 0) {
    if (refused.every((r) => r.returnCode === RC.notFound)) throw new ApiError(RC.notFound);
    throw new ApiError(RC.taskActionUnavailable);
  }
  return { code: refused.length ? RC.partial : RC.ok, record: { deleted, refused } };
}

export function batchRoutes(app: FastifyInstance, store: FileStore): void {
  const browseParams = obj(
    {
      ...paging,
      begin: dateParam('From'),
      end: dateParam('To'),
      status: oneOf(['', '1', '3', '4', '6']),
    },
    ['begin', 'end'],
  );
  const browse = {
    method: 'READ' as const,
    tag: 'batch',
    auth: 'session' as const,
    params: browseParams,
    record: { type: 'array', items: taskRecordSchema },
    codes: [RC.badInput, RC.notFound],
    // Served at two urls, one naming :taskType: the type is the path's, else the export type.
    async handler(
      req: RequestOf<'session'> & { params: Partial<PathParams<'/:taskType'>> },
      _reply: FastifyReply,
      params: Static<typeof browseParams>,
    ) {
      const s = req.session;
      const key = req.params.taskType ?? 'exportToneAndSinger';
      const types = key === '0' || key === 'all' ? TASK_TYPES.filter((t) => typeOpen(req, t)) : [typeFor(req, key)];
      if (types.length === 0) throw new ApiError(RC.notFound);
      const range = parseDateRange(String(params.begin), String(params.end), engineFor(s.provider.site), s.config);
      return listTasks(
        req.server.ctx.db,
        { providerId: s.provider.id, types: types.map((t) => t.type), ...range, status: params.status || undefined },
        pageRange(params),
      );
    },
  };
  registerRoutes(app, [
    route({
      ...browse,
      url: '/sp/browsebatchtask/exportToneAndSinger',
      summary: 'Export tasks (batch management, task type 1)',
      description: 'As sp/browsebatchtask/{taskType} for the export type.',
    }),
    route({
      ...browse,
      url: '/sp/browsebatchtask/:taskType',
      summary: "The provider's batch tasks of one type, newest first, paged",
      description:
        "taskType: 1 export tones and singers, 2 update tones and singers, 3 add copyright companies (Kenya batch operation), 4 batch tone upload (batchAddTone), 5 batch expiry update (Ais), by number or name; 0 or all: every type the provider may use. begin and end ('YYYYMMDD 00:00:00', 'YYYYMMDD 23:59:59') are required: the range may not extend past today and spans at most one year (RBTBatchUpload.dateRangeTips, Batch.dateRangeYear). status filters (1 pending, 3 success, 4 not available, 6 deleted). Each record: the batch task of 000 §3 with outcome (the status as the lines tell it: 3 when no line failed, 3p partly succeeded, 3f every line failed; otherwise the status), state, progress (percent of lines processed), progressResult (success count of total), failCount, attempts, and canDownload/canDelete by 000 §4 (the calls enforce the same). queryType 1: only recordSum.",
    }),
    route({
      method: 'POST',
      url: '/sp/addbatchtask/:taskName',
      tag: 'batch',
      summary: 'Submit a batch txt file as a task (update tones and singers, add copyright companies)',
      description:
        "multipart/form-data: the txt file (any part name) and taskDesc (or data, a JSON string holding taskDesc). taskName: batchUpdateToneAndSinger (task type 2; lines 'toneCode|toneName|singerName', an empty value keeps the current one; file up to batch_update_file_max_size_mb) or batchAddCopyrightCompany (type 3; lines 'officialName|stageName|idNumber|phoneNumber|email|description', email and description optional; file up to copyright_txt_max_size_mb, 1 MB). UTF-8 only; blank lines and lines starting with # are skipped; spaces around | are ignored. A body that cannot be read answers 962001, a file name sent twice 962004, a part sent twice or a path ('..') in any parameter 950004. Refused with nothing stored (963001, naming the line): not UTF-8, a control character other than tab in a line, no data line ('batch update File can not be empty' / 'batch copyright File can not be empty'), more than batch_max_lines lines, a national ID twice. taskDesc: up to 256 without | < > (000 §5). Each line is then checked by the rules of the tone edit form or the Add Copyright dialog when it runs; its result is kept per line (sp/querybatchtask). Changes to tones follow the provider's approval flow. Templates: sp/batchtemplate/{taskName}.",
      auth: 'session',
      write: true,
      multipart: true,
      multipartSchema: multipartParts(
        {
          file: { type: 'string', format: 'binary', description: 'The txt file.' },
          taskDesc: { type: 'string', maxLength: 256 },
          data: { type: 'string', description: 'JSON string with taskDesc (alternative).' },
        },
        ['file'],
      ),
      record: taskRecordSchema,
      codes: [RC.badInput, RC.notFound, ...BATCH_FILE_CODES],
      async handler(req) {
        const { ctx } = req.server;
        const s = req.session;
        const def = typeFor(req, req.params.taskName);
        if (!def.file) throw new ApiError(RC.notFound);
        const parts = await receiveBatchParts(req, store, { txt: num(s.config, def.file.maxMbKey) * 1024 * 1024 });
        try {
          const fields = withData(parts.fields);
          const desc = String(fields.taskDesc ?? '');
          checkDescription(req, desc);
          if (parts.files.length !== 1) throw new ApiError(RC.noFile);
          const file = parts.files[0];
          const read = readTextLines(await parts.read(file), file.fileName, def.file.emptyKey);
          if ('problem' in read) throw new ApiError(RC.batchRefused, [], [read.problem]);
          const max = num(s.config, 'batch_max_lines');
          if (read.lines.length > max)
            throw new ApiError(
              RC.batchRefused,
              [],
              [{ field: '', message: 'Batch.tooManyLines', params: { max, found: read.lines.length } }],
            );
          if (def.type === '3') {
            const dups = duplicateIds(read.lines);
            if (dups.length) throw new ApiError(RC.batchRefused, [], dups);
          }
          const id = await createTask(ctx, {
            providerId: s.provider.id,
            type: def,
            taskName: def.name,
            desc,
            fileName: file.fileName,
            lines: read.lines,
          });
          await audit(ctx.db, {
            providerId: s.provider.id,
            actor: s.provider.code,
            action: 'batch.add',
            entityType: 'batchTask',
            entityId: id,
            detail: { type: def.name, lines: read.lines.length },
            ip: req.ip,
          });
          return { record: taskRecord((await findTask(ctx.db, s.provider.id, id))!) };
        } finally {
          await parts.discard();
        }
      },
    }),
    route({
      method: 'POST',
      url: '/sp/exporttonesinger/:taskName',
      tag: 'batch',
      summary: 'Start an export of tones and singers (task type 1)',
      description:
        "taskName: exportToneAndSinger (or batchExportToneAndSinger); taskDesc (or data, a JSON string holding it): up to 256 without | < >. Allowed only while the provider's export tasks of the last year are fewer than max_export_num: otherwise 963002 'exceed the max limit task.' (000 §6). The export writes the tone export's CSV (sp/exporttone's writer: readable, or raw with format=raw) as a file of the task, downloaded with sp/tonecopyrightexport once the task succeeded.",
      auth: 'session',
      write: true,
      params: obj({
        taskDesc: text({ maxLength: 1024 }),
        data: text({ maxLength: 4096 }),
        format: oneOf(['', 'readable', 'raw'], {
          description:
            "readable (default): sp/exporttone's file for people (headers in the session's language, statuses and languages worded, times in the provider's time zone from timeZone or X-Time-Zone); raw: for scripts.",
        }),
        timeZone: text({ pattern: '^[A-Za-z0-9_+\\-/]{0,64}$' }),
      }),
      record: taskRecordSchema,
      codes: [RC.badInput, RC.notFound, RC.exportLimit],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session;
        const def = typeFor(req, req.params.taskName);
        if (!def.export) throw new ApiError(RC.notFound);
        const desc = String(withData(params).taskDesc ?? '');
        checkDescription(req, desc);
        const max = num(s.config, 'max_export_num');
        const since = ctx.now() - 365 * 86_400_000;
        // The file is written later by a job: it keeps what the request says of its reader (issue 25: as readable
        // as RBT Maintenance's export, written by the same writer).
        const id = await createTask(ctx, {
          providerId: s.provider.id,
          type: def,
          taskName: def.name,
          desc,
          fileName: '',
          lines: [],
          data: { format: params.format === 'raw' ? 'raw' : 'readable', lang: req.lang, timeZone: zoneOf(req, params) },
          // Counted and created under the provider's row lock, so two submissions cannot both pass the limit.
          async guard(tx) {
            const n = await tasksSinceLocked(tx, s.provider.id, def.type, since);
            if (n >= max) throw new ApiError(RC.exportLimit);
          },
        });
        await audit(ctx.db, {
          providerId: s.provider.id,
          actor: s.provider.code,
          action: 'batch.export',
          entityType: 'batchTask',
          entityId: id,
          ip: req.ip,
        });
        return { record: taskRecord((await findTask(ctx.db, s.provider.id, id))!) };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/modifybatchtask/:taskName',
      tag: 'batch',
      summary: 'Delete batch tasks (status 6)',
      description: `status 6 (the only change), pri 3, taskId: up to ${MAX_DELETE} ids (or data, a JSON string holding them). Deletes non-export tasks whose status is neither 3 nor 6 (000 §4: a pending task stops before its next lines, a failed one is hidden). 000000 when every task went, 000001 when some did not (record.refused says why per id, 000 §8), 963003 when none could, 950005 when none is the provider's.`,
      auth: 'session',
      write: true,
      params: obj({
        status: oneOf(['6']),
        pri: text({ pattern: '^\\d{0,2}$' }),
        taskId: taskIdList,
        taskName: text({ maxLength: 64 }),
        data: text({ maxLength: 4096 }),
      }),
      record: deletedRecord,
      codes: [RC.partial, RC.notFound, RC.taskActionUnavailable, RC.tooManyToDelete],
      async handler(req, _reply, params) {
        const p = withData(params);
        if (typeFor(req, req.params.taskName).export) throw new ApiError(RC.notFound);
        if (String(p.status ?? '6') !== '6')
          throw new ApiError(RC.badInput, [], [{ field: 'status', message: 'Batch.onlyDelete' }]);
        return deleteTasks(req, idsOf(p.taskId), false, store);
      },
    }),
    route({
      method: 'POST',
      url: '/sp/deleteexporttask',
      tag: 'batch',
      summary: 'Delete export tasks and their files',
      description: `taskId: up to ${MAX_DELETE} ids. Deletes export tasks that succeeded (000 §4) with their file. 000000 / 000001 / 963003 / 950005 as sp/modifybatchtask.`,
      auth: 'session',
      write: true,
      params: obj({ taskId: taskIdList }, ['taskId']),
      record: deletedRecord,
      codes: [RC.partial, RC.notFound, RC.taskActionUnavailable, RC.tooManyToDelete],
      async handler(req, _reply, params) {
        return deleteTasks(req, idsOf(params.taskId), true, store);
      },
    }),
    route({
      method: 'READ',
      url: '/sp/querybatchtask/:taskTypeName',
      tag: 'batch',
      summary: "A task's per-line results (the result dialog) or their download",
      description:
        "taskId of the provider's task of that type. queryType 2 (default): the lines in file order, paged by startRecordNum/endRecordNum, each {lineNo, cmdLine, returnCode, returnMsg} (returnMsg in the session language; returnCode empty while the line waits); onlyFailed 1 keeps the failed ones. queryType 1: only recordSum. queryType 3: the whole result as a UTF-8 text download ('line|returnCode|returnMsg|cmdLine'), offered for every non-export task (000 §4); an export task's file comes from sp/tonecopyrightexport.",
      auth: 'session',
      raw: true,
      params: obj(
        {
          ...paging,
          taskId: rowId,
          onlyFailed: oneOf(['', '0', '1']),
        },
        ['taskId'],
      ),
      record: { type: 'array', items: lineSchema },
      codes: [RC.notFound, RC.taskActionUnavailable],
      async handler(req, reply, params) {
        const def = typeFor(req, req.params.taskTypeName);
        const task = await ownTask(req, params.taskId, def);
        if (params.queryType === '3') {
          if (def.export) return downloadExport(req, reply, task, def);
          reply
            .header('content-type', 'text/plain; charset=utf-8')
            .header('content-disposition', `attachment; filename="${def.name}_${task.id}_result.txt"`)
            .header('cache-control', 'no-store')
            .send(Readable.from(resultText(req.server.ctx.db, task.id, req.lang)));
          return;
        }
        const result = await lineResults(
          req.server.ctx.db,
          task.id,
          pageRange(params),
          req.lang,
          params.onlyFailed === '1',
        );
        reply.send({ returnCode: RC.ok, returnMsg: messageFor(RC.ok, req.lang), ...result });
      },
    }),
    route({
      method: 'READ',
      url: '/sp/tonecopyrightexport/',
      tag: 'batch',
      summary: "Download an export task's file",
      description:
        "taskId, queryType 3, taskTypeName exportToneAndSinger. The CSV of a successful export task (000 §4: status 3 only, 963003 otherwise) as an attachment; when the file is gone, the 963004 envelope 'file not exist. please re-dump file again' without a content-disposition header (000 §8).",
      auth: 'session',
      raw: true,
      params: obj(
        {
          taskId: rowId,
          queryType: oneOf(['3']),
          taskTypeName: text({ maxLength: 64 }),
        },
        ['taskId'],
      ),
      codes: [RC.notFound, RC.taskActionUnavailable, RC.taskFileMissing],
      async handler(req, reply, params) {
        const def = typeFor(req, params.taskTypeName || 'exportToneAndSinger');
        if (!def.export) throw new ApiError(RC.notFound);
        await downloadExport(req, reply, await ownTask(req, params.taskId, def), def);
      },
    }),
    route({
      method: 'READ',
      url: '/sp/batchtemplate/:name',
      tag: 'batch',
      summary: 'A template of a batch file (the screens offer it for download)',
      description:
        "name: batchaddtone (the zip's inf/txt index), batchUpdateToneAndSinger, batchAddCopyrightCompany. UTF-8 text: notes on lines starting with #, then the columns and an example. The file comes from templates/<site>/<name>.txt when the provider's site has one, else templates/<name>.txt: an integrator changes a template by adding a file. Placeholders in an example line stand for the provider's own data, so the template uploads as downloaded: {copyrightOwnerId} its first copyright owner's number, {toneCode1}, {toneCode2}... its tones a batch may change (not deleted, no change waiting), {idNumber1}, {idNumber2}... national IDs no owner of the site has yet; one with nothing to stand for stays as it is.",
      auth: 'session',
      raw: true,
      codes: [RC.notFound],
      async handler(req, reply) {
        const name = req.params.name;
        if (!/^[A-Za-z]{1,64}$/.test(name)) throw new ApiError(RC.notFound);
        const site = req.session.provider.site;
        const file = orNotFound(
          [join(TEMPLATES_DIR, site, `${name}.txt`), join(TEMPLATES_DIR, `${name}.txt`)].find((f) => existsSync(f)),
        );
        // The example lines name the provider's own owners and tones (and IDs new on the site), so the
        // template uploads as it stands (services/batch/templateFill.ts).
        const text = await fillTemplate(req.server.ctx.db, req.session.provider, await readFile(file, 'utf8'));
        reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.txt"`)
          .send(text);
      },
    }),
  ]);

  async function downloadExport(req: SessionRequest, reply: FastifyReply, task: TaskRow, def: TaskTypeDef) {
    if (!canDownload(def, task.status)) throw new ApiError(RC.taskActionUnavailable);
    await sendFile(
      req,
      reply,
      store,
      { providerId: task.provider_id, savedName: task.result_file },
      `tones_${req.session.provider.code}_${task.id}.csv`,
    );
  }
}

/** The reader's time zone: timeZone, else the X-Time-Zone header the portal sends, else the server's. */
function zoneOf(req: FastifyRequest, params: { timeZone?: unknown }): string {
  const asked = typeof params.timeZone === 'string' ? params.timeZone : '';
  if (asked && !isTimeZone(asked))
    throw new ApiError(RC.badInput, [], [{ field: 'timeZone', message: 'Validation.format' }]);
  const header = req.headers['x-time-zone'];
  return asked || (typeof header === 'string' && isTimeZone(header) ? header : SERVER_TIME_ZONE);
}

const idsOf = (v: unknown): string[] => {
  const ids = String(v ?? '')
    .split(',')
    .filter(Boolean);
  if (ids.length === 0) throw new ApiError(RC.badInput, [], [{ field: 'taskId', message: 'CommonRes.required' }]);
  if (ids.length > MAX_DELETE) throw new ApiError(RC.tooManyToDelete, [MAX_DELETE]);
  if (ids.some((id) => !/^\d{1,9}$/.test(id)))
    throw new ApiError(RC.badInput, [], [{ field: 'taskId', message: 'Batch.taskIdInvalid' }]);
  return ids;
};
