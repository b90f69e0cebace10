// The tone maintenance calls of 001 §7 (the list itself, sp/qrytone, is in tones.ts): detail, tags,
// hide/resume, delete with forced delete and approval, the streamed export and file download. Each works on
// the session provider's tones only; another provider's tone answers 950005 like a missing one.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, oneOf, rowId, rowIdList, rowIds, stringRecord, text } from '../http/schemas';
import { ApiError, orNotFound } from '../envelope';
import { RC, messageFor } from '../returnCodes';
import type { FileStore } from '../files/storage';
import {
  deleteTones,
  DETAIL_EXTRA_KEYS,
  hideOrResume,
  MAX_DELETE,
  queryTags,
  replaceTags,
  toneDetail,
} from '../services/toneMaintenance';
import { exportCsv, isTimeZone, SERVER_TIME_ZONE } from '../services/toneExport';
import { toneFields } from '../services/toneRecord';
import { translate } from '../http/messages';
import { ownUpload } from '../services/uploadedFiles';
import { sendStored } from '../files/send';

const toneID = rowId;
/** Comma-separated tone ids, as the batch actions send them. */
const toneIDs = (max?: number) => rowIds('Tone ids', max);
const idList = rowIdList;

const ROLES = ['lyric', 'tune', 'record'];
const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
const owner = stringRecord(['companyID', 'companyName', 'officialName', 'stageName']);
/** What toneDetail answers (the API tests hold real answers to it): the edit form and the detail page read it. */
const toneDetailRecord = () =>
  stringRecord([...DETAIL_EXTRA_KEYS, ...ROLES.flatMap((r) => [`${r}CompanyID`, `${r}ValidDay`])], {
    ...toneFields().detailSchema,
    ...Object.fromEntries(ROLES.map((r) => [`${r}Companies`, { type: 'array', items: owner }])),
    catalogInfo: { type: 'array', items: stringRecord(['catalogID', 'catalogName', 'parentID']) },
    copyrights: { type: 'array', items: stringRecord(['role', 'companyID', 'companyName', 'validDay']) },
    toneFile: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Kind of file (webAuditon, aipPlay, image...) -> saved file name.',
    },
    additionalToneInfo: { type: 'object', description: 'The expand_tone_infos values of the tone.' },
  });

export function toneMaintenanceRoutes(app: FastifyInstance, store: FileStore): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/qrytonedetail',
      tag: 'tones',
      summary: 'One tone as the edit form reads it',
      description:
        "By toneID or toneCode: the 'Edit data read for a tone' of 001 §3 (identity, prices, validity, catalogue, language, tariff with its name in the session's language (priceGroupName), play addresses, image path, copyright owners and dates). 950005 for a missing, deleted or foreign tone.",
      auth: 'session',
      params: obj({ toneID, toneCode: text({ pattern: '^\\d{1,22}$' }) }),
      record: toneDetailRecord(),
      codes: ['950005'],
      async handler(req, _reply, params) {
        if (!params.toneID && !params.toneCode)
          throw new ApiError(RC.badInput, [], [{ field: 'toneID', message: 'CommonRes.required' }]);
        const record = orNotFound(
          await toneDetail(
            req.server.ctx.db,
            req.session.provider.id,
            params.toneID ? { toneID: Number(params.toneID) } : { toneCode: String(params.toneCode) },
            req.lang,
          ),
        );
        return { record };
      },
    }),
    route({
      method: 'READ',
      url: '/sp/queryTag',
      tag: 'tones',
      summary: 'Tags of one tone',
      description:
        'record: {toneID, tagNames} with the tags joined by ~ (the editing format of 001 §5.1) and tags as a list. 950005 for a foreign or missing tone.',
      auth: 'session',
      params: obj({ toneID }, ['toneID']),
      record: stringRecord(['toneID', 'tagNames'], { tags: { type: 'array', items: { type: 'string' } } }),
      codes: ['950005'],
      async handler(req, _reply, params) {
        const tags = orNotFound(await queryTags(req.server.ctx.db, req.session.provider.id, Number(params.toneID)));
        return { record: { toneID: String(params.toneID), tagNames: tags.join('~'), tags } };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/tagmaintenance',
      tag: 'tones',
      summary: 'Replace the tags of one tone',
      description:
        'tagNames: tags separated by ~, none empty, at most additional_tag_num, each up to 100 characters (editTag screen rules, checked by the engine); empty removes every tag.',
      auth: 'session',
      write: true,
      params: obj({ toneID, tagNames: text({ maxLength: 10_000 }) }, ['toneID']),
      screen: { id: 'editTag', call: 'save' },
      codes: ['950004', '950005'],
      async handler(req, _reply, params) {
        const p = req.session.provider;
        const raw = String(params.tagNames ?? '');
        const tags = raw === '' ? [] : raw.split('~').map((t) => t.trim());
        if (!(await replaceTags(req.server.ctx.db, p.id, Number(params.toneID), tags, p.code)))
          throw new ApiError(RC.notFound);
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/sp/hideorresumetones',
      tag: 'tones',
      summary: 'Hide or resume tones',
      description:
        'operType 1 hides normal tones (status 1 -> 2), 2 resumes hidden ones (2 -> 1). The raw result lists the ids changed (success) and those left alone (failed: pending, unavailable, foreign or missing); 000001 when some failed.',
      auth: 'session',
      write: true,
      params: obj({ toneIDs: toneIDs(MAX_DELETE), operType: oneOf(['1', '2']) }, ['toneIDs', 'operType']),
      record: {
        type: 'object',
        properties: {
          success: { type: 'array', items: { type: 'string' } },
          failed: { type: 'array', items: { type: 'string' } },
        },
      },
      codes: ['000001', '950005'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const record = await hideOrResume(
          ctx.db,
          req.session.provider.site,
          req.session.provider.id,
          idList(String(params.toneIDs)),
          params.operType === '1',
          ctx.now(),
        );
        if (record.success.length === 0) throw new ApiError(RC.notFound);
        return { code: record.failed.length ? RC.partial : RC.ok, record };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/deltones',
      tag: 'tones',
      summary: 'Delete tones (forced delete possible)',
      description: `At most ${MAX_DELETE} ids (961002 beyond). A tone in a tone box or IVR directory answers 961001 '{0} is already in use.' naming each tone with the music boxes and IVR directories that hold it, and nothing changes, unless force is 1. For providers in the approval flow (believeCP not 1 or 2) each deletion becomes a change request 'delete' and the tones stay on sale, in their boxes and directories, until the operator approves; a trusted provider's tones are deleted at once (status 6). Either way, once a deletion applies the tone leaves every box and directory that holds it (their subscribers lose it). 961003 when a change of a tone already waits for approval. 950005 when any id is not the provider's.`,
      auth: 'session',
      write: true,
      params: obj(
        {
          toneIDs: toneIDs(),
          force: oneOf(['', '0', '1']),
        },
        ['toneIDs'],
      ),
      record: { type: 'object', properties: { approval: { type: 'boolean' }, count: { type: 'number' } } },
      codes: ['950005', '961001', '961002', '961003'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const p = req.session.provider;
        const ids = idList(String(params.toneIDs));
        if (ids.length > MAX_DELETE) throw new ApiError(RC.tooManyToDelete, [MAX_DELETE]);
        const r = await deleteTones(ctx.db, { provider: p, ids, force: params.force === '1', now: ctx.now() });
        if (r.kind === 'notFound') throw new ApiError(RC.notFound);
        if (r.kind === 'inUse') {
          // Each tone with the boxes and directories that hold it, so the forced-delete confirmation names them.
          const where = (u: (typeof r.uses)[number]) =>
            [
              u.boxes.length &&
                translate('ToneMaintenance.inBoxes', req.lang, { count: u.boxes.length, names: quoted(u.boxes) }),
              u.directories.length &&
                translate('ToneMaintenance.inDirectories', req.lang, {
                  count: u.directories.length,
                  names: quoted(u.directories),
                }),
            ]
              .filter(Boolean)
              .join('; ');
          throw new ApiError(RC.toneInUse, [r.uses.map((u) => `${u.tone}: ${where(u)})`).join(', ')]);
        }
        return { record: { approval: r.approval, count: r.count } };
      },
    }),
    route({
      method: 'READ',
      url: '/sp/exporttone',
      tag: 'tones',
      summary: "Export the provider's tones (CSV download)",
      description:
        'One row per tone (deleted ones left out), newest first, streamed as it is read, so any number of tones is exported in constant memory; no time limit. ' +
        'format=readable (the default) is the file a provider opens in a spreadsheet: UTF-8 with a byte order mark, headers in the language of the session, ' +
        "statuses as the tone list words them, languages by name, the relative validity with its unit, upload times as 'YYYY-MM-DD HH:mm:ss' in the provider's time zone " +
        "(timeZone, else the X-Time-Zone header the portal sends, else the server's), and cells starting with = + - @, tab or carriage return prefixed with an apostrophe so no spreadsheet runs them. " +
        'format=raw is the machine format for scripts: the field names of sp/qrytone as headers (toneCode, toneName, singerName, status, approveType, price, callerPrice, tariffPrice, relativeTime, toneValidDay, orderTimes, language, uploadTime), ' +
        'the stored codes (status, approveType, language id), ISO 8601 UTC times and every value exactly as stored.',
      auth: 'session',
      allowExpired: true,
      raw: true,
      params: obj({
        format: oneOf(['', 'readable', 'raw'], {
          description: 'readable (default): for people and spreadsheets; raw: for scripts.',
        }),
        timeZone: text({
          pattern: '^[A-Za-z0-9_+\\-/]{1,64}$',
          description: "IANA time zone of the readable file's times (e.g. Africa/Nairobi).",
        }),
      }),
      codes: [RC.badInput],
      async handler(req, reply, params) {
        const p = req.session.provider;
        const asked = typeof params.timeZone === 'string' && params.timeZone !== '' ? params.timeZone : undefined;
        if (asked && !isTimeZone(asked))
          throw new ApiError(RC.badInput, [], [{ field: 'timeZone', message: 'Validation.format' }]);
        const header = req.headers['x-time-zone'];
        const timeZone = asked ?? (typeof header === 'string' && isTimeZone(header) ? header : SERVER_TIME_ZONE);
        const raw = params.format === 'raw';
        const csv = exportCsv(
          req.server.ctx.handle,
          p.id,
          raw
            ? { kind: 'raw' }
            : { kind: 'readable', lang: req.lang, timeZone, site: p.site, config: req.session.config },
        );
        // An export of a million tones takes longer than the default socket timeout. (A request injected
        // without a socket, as fastify.inject sends it, has no such timeout to lift.)
        req.raw.socket?.setTimeout?.(0);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tones_${p.code}${raw ? '_raw' : ''}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(csv, { highWaterMark: 1 }));
      },
    }),
    route({
      method: 'READ',
      url: '/sp/download',
      tag: 'tones',
      summary: "Download one of the provider's files",
      description:
        'fileName: a saved file name (as sp/uploadfile answered it). The file as an attachment; HTTP 404 with the 950005 envelope when it does not exist or belongs to another provider (the portal then asks to log in again, 001 §8).',
      auth: 'session',
      allowExpired: true,
      raw: true,
      codes: ['950005'],
      params: obj({ fileName: text({ pattern: '^[A-Za-z0-9._-]{1,128}$' }) }, ['fileName']),
      async handler(req, reply, params) {
        const { ctx } = req.server;
        const name = String(params.fileName);
        const providerId = req.session.provider.id;
        const row = await ownUpload(ctx.db, providerId, name);
        const sent =
          row &&
          (await sendStored(
            req,
            reply,
            store,
            { providerId, savedName: name },
            {
              'content-type': 'application/octet-stream',
              'content-disposition': `attachment; filename="${row.original_filename.replace(/[^\w.-]/g, '_')}"`,
            },
          ));
        if (!sent)
          return void reply.code(404).send({ returnCode: RC.notFound, returnMsg: messageFor(RC.notFound, req.lang) });
      },
    }),
  ]);
}
