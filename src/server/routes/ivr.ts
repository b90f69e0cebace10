// IVR calls of 001 §7 (payloads and answers not shown there; designed here): the provider's directories
// (sp/qryivrcatalog, addivrcatalog, modivrcatalog, delivrcatalog, sortcatalog), the tones or boxes of one
// directory (sp/qrycatalogtone, addcatalogtone, delcatalogtone, sortcatalogtones), and the salutatory and help
// prompts (sp/qryivrwelhlpinfo; adding and removing one: sp/addivrwelhlp, sp/delivrwelhlp). Every call is scoped
// to the provider: another provider's directory answers 964001 ('contact the administrator', 001 §2.6).
// The screens' rules (directoryEdit, ivrPromptUpload) run through the engine before a handler; a prompt file must
// be the provider's own wav in the format the field's ui.wav states (wav_* configuration, 001 §5.5).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoutes, route, type SessionRequest } from '../http/route';
import { obj, oneOf, paging, rowId, rowIds, stringRecord, text } from '../http/schemas';
import { pageRange } from '../db/paging';
import { RC } from '../returnCodes';
import { WIRE_MARKS } from '../lifecycle/states';
import { assertValid } from '../validation';
import { screenFileProblem } from '../http/screenFiles';
import { actorOf } from '../http/actor';
import {
  addDirectoryEntries,
  createDirectory,
  deleteDirectory,
  directoryOf,
  listDirectories,
  listEntries,
  modifyDirectory,
  removeDirectoryEntries,
  sortDirectories,
  sortDirectoryEntries,
} from '../services/ivrDirectories';
import { createPrompt, listPrompts, removePrompt } from '../services/ivrPrompts';

const id = rowId;
const ids = (max: number, what: string) => rowIds(what, max);
const idList = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
/** The parameters of a call on a directory's entries: the caller's directory and up to `max` tone or box ids. */
const entriesParams = (max: number) =>
  obj({ catalogID: id, toneIDs: ids(max, 'Tone or tone box ids') }, ['catalogID', 'toneIDs']);
const directoryFields = {
  catalogName: text({ maxLength: 200 }),
  catalogType: oneOf(['1', '2'], { description: '1 ordinary tones, 2 tone boxes.' }),
  promptFile: text({ maxLength: 255, description: 'savedFilename of a wav from sp/uploadfile.' }),
};
const directoryRecord = stringRecord([
  'catalogID',
  'seq',
  'catalogName',
  'catalogType',
  'promptFile',
  'promptUrl',
  'status',
  ...WIRE_MARKS,
  'toneCount',
]);
const entryRecord = stringRecord([
  'catalogID',
  'seq',
  'resourceID',
  'resourceType',
  'toneID',
  'toneCode',
  'toneName',
  'singerName',
  'status',
  'price',
  'toneValidDay',
]);
const promptRecord = stringRecord([
  'promptID',
  'promptType',
  'promptName',
  'promptFile',
  'promptUrl',
  'status',
  ...WIRE_MARKS,
  'uploadTime',
]);

/** Refuses a prompt file that is not the caller's own wav in the format the screen's field states (its ui: accept, wav). */
async function assertPromptFile(req: SessionRequest, screen: string, file: string): Promise<void> {
  const bad = await screenFileProblem(req, screen, 'promptFile', file, 'Ivr.fileNotYours');
  if (bad) assertValid([bad]);
}

type Db = FastifyRequest['server']['ctx']['db'];

/**
 * The handler of an addition that carries a prompt file (a directory; a salutatory or help prompt): the file checked
 * against the field of `screen`, then the row created by `create`; answers the new row's id as `idName`.
 */
const addWithPrompt =
  <P extends { promptFile: string }>(
    screen: string,
    idName: string,
    create: (db: Db, actor: ReturnType<typeof actorOf>, params: P) => Promise<number>,
  ) =>
  async (req: SessionRequest, _reply: unknown, params: P) => {
    await assertPromptFile(req, screen, params.promptFile);
    return { record: { [idName]: String(await create(req.server.ctx.db, actorOf(req), params)) } };
  };

/** The caller's directory, or 964001 for one of another provider (or none). */
const callersDirectory = (req: SessionRequest, catalogID: unknown) =>
  directoryOf(req.server.ctx.db, req.session.provider.id, catalogID);

type EntriesCall = [
  db: Db,
  actor: ReturnType<typeof actorOf>,
  dir: Awaited<ReturnType<typeof directoryOf>>,
  ids: number[],
];

/**
 * The handler of a call on a directory's entries (add, remove, reorder): `act` gets the database, the actor, the
 * caller's directory (964001 for another's) and the ids sent, and answers the call's record.
 */
const onEntries =
  (act: (call: EntriesCall, req: SessionRequest) => Promise<Record<string, string>>) =>
  async (req: SessionRequest, _reply: unknown, params: { catalogID: unknown; toneIDs: unknown }) => {
    const dir = await callersDirectory(req, params.catalogID);
    const record = await act([req.server.ctx.db, actorOf(req), dir, idList(params.toneIDs)], req);
    return Object.keys(record).length ? { record } : {};
  };

const limitOf = (req: SessionRequest) =>
  Math.max(1, Number(req.session.config.limit_number_tones_per_ivr_catalog) || 20);

export function ivrRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/qryivrcatalog',
      tag: 'ivr',
      summary: "The provider's IVR directories in their order, paged",
      description:
        'record: directories {catalogID, seq (position, 1..n), catalogName, catalogType (1 tones, 2 tone boxes), promptFile, promptUrl (play address), status (0 not on air yet, 1 normal, 2 hidden), approveType, tableType, askType and refuseReason (the approval marks of 001 §4 that every approvable entity carries: what change waits for the operator, or was refused and why), toneCount}; recordSum the total. queryType 1 gives recordSum only; endRecordNum -1 all (up to 1000).',
      auth: 'session',
      params: obj({ ...paging }),
      record: { type: 'array', items: directoryRecord },
      async handler(req, _reply, params) {
        return listDirectories(req.server.ctx.db, req.session.provider.id, pageRange(params));
      },
    }),
    route({
      method: 'POST',
      url: '/sp/addivrcatalog',
      tag: 'ivr',
      summary: 'Add an IVR directory (to approval)',
      description:
        "Rules of the directoryEdit definition: catalogName required, up to 200 characters, none of rule_valid_name's characters, no blank at either end; catalogType 1 or 2; promptFile the caller's own wav upload in the wav_* format (the message names the file's format). 964005 when the provider already has a directory of that name. Last in order; 'addition to be approved' until the operator decides (at once for believeCP 1/2).",
      auth: 'session',
      write: true,
      params: obj(directoryFields, ['catalogName', 'catalogType', 'promptFile']),
      screen: { id: 'directoryAdd', call: 'add' },
      record: stringRecord(['catalogID']),
      codes: [RC.directoryNameTaken],
      handler: addWithPrompt('directoryAdd', 'catalogID', (db, actor, params) =>
        createDirectory(db, actor, {
          name: params.catalogName,
          type: params.catalogType,
          promptFile: params.promptFile,
        }),
      ),
    }),
    route({
      method: 'POST',
      url: '/sp/modivrcatalog',
      tag: 'ivr',
      summary: 'Modify an IVR directory (to approval)',
      description:
        "catalogID of one of the caller's directories (964001 otherwise) with its new catalogName and promptFile, checked as on sp/addivrcatalog. The type of a directory that holds entries cannot change (Ivr.typeLocked). 961003 while a change of the directory waits for approval. The directory stays as it is, 'modification to be approved', until the operator approves (at once for believeCP 1/2). record: approval '1' when the change waits.",
      auth: 'session',
      write: true,
      params: obj({ catalogID: id, ...directoryFields }, ['catalogID', 'catalogName', 'promptFile']),
      screen: { id: 'directoryModify', call: 'modify' },
      codes: [RC.notOwnDirectory, RC.changePending, RC.directoryNameTaken],
      async handler(req, _reply, params) {
        const dir = await callersDirectory(req, params.catalogID);
        if (String(params.promptFile) !== dir.prompt_file)
          await assertPromptFile(req, 'directoryAdd', String(params.promptFile));
        const change = {
          name: String(params.catalogName),
          type: String(params.catalogType || dir.type),
          promptFile: String(params.promptFile),
        };
        const waits = await modifyDirectory(req.server.ctx.db, actorOf(req), dir, change);
        return { record: { approval: waits ? '1' : '0' } };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/delivrcatalog',
      tag: 'ivr',
      summary: 'Delete an IVR directory (to approval)',
      description:
        "catalogID of one of the caller's directories (964001 otherwise); 961003 while a change waits. 'deletion to be approved' until the operator approves, then the directory and its entries go (at once for believeCP 1/2). A directory whose addition was refused goes at once.",
      auth: 'session',
      write: true,
      params: obj({ catalogID: id }, ['catalogID']),
      codes: [RC.notOwnDirectory, RC.changePending],
      async handler(req, _reply, params) {
        await deleteDirectory(req.server.ctx.db, actorOf(req), await callersDirectory(req, params.catalogID));
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/sp/sortcatalog',
      tag: 'ivr',
      summary: "Reorder the provider's IVR directories",
      description:
        "catalogIDs: the caller's directories in their new order (each once; any left out keep their order after those named). Every id must be the caller's (964001 otherwise). Applies at once: the order is the provider's own arrangement, not content.",
      auth: 'session',
      write: true,
      params: obj({ catalogIDs: ids(1000, 'Directory ids') }, ['catalogIDs']),
      codes: [RC.notOwnDirectory],
      async handler(req, _reply, params) {
        await sortDirectories(req.server.ctx.db, actorOf(req), idList(params.catalogIDs));
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/sp/qrycatalogtone',
      tag: 'ivr',
      summary: 'The tones (or tone boxes) of one of the provider’s directories, in order',
      description:
        "catalogID of one of the caller's directories: 964001 for another provider's ('You can only browse your own IVR directories. Please contact the administrator.', 001 §2.6). record: entries {catalogID, seq, resourceID (tone or box id), resourceType 1 tone / 2 box, toneID, toneCode, toneName, singerName, status, price, toneValidDay}, recordSum the total.",
      auth: 'session',
      params: obj({ catalogID: id, ...paging }, ['catalogID']),
      record: { type: 'array', items: entryRecord },
      codes: [RC.notOwnDirectory],
      async handler(req, _reply, params) {
        return listEntries(req.server.ctx.db, await callersDirectory(req, params.catalogID), pageRange(params));
      },
    }),
    route({
      method: 'POST',
      url: '/sp/addcatalogtone',
      tag: 'ivr',
      summary: 'Add tones (or tone boxes) to a directory',
      description:
        "catalogID of one of the caller's directories; toneIDs: at least one tone id (box ids for a type 2 directory). Only the caller's normal, non-jockey tones with no change waiting, or the caller's boxes on sale with no change waiting (status 1, approveType 2; 964004 naming the refused ids); at most limit_number_tones_per_ivr_catalog entries in the directory (964003). Ids already there are skipped. On a directory on air the new entries wait for the operator as a modification of the directory (at once for believeCP 1/2; 961003 while another change waits); a directory not on air yet takes them at once. record: added, approval ('1' when they wait).",
      auth: 'session',
      write: true,
      params: entriesParams(200),
      record: stringRecord(['added', 'approval']),
      codes: [RC.notOwnDirectory, RC.directoryFull, RC.entryNotAllowed],
      handler: onEntries(async (call, req) => {
        const r = await addDirectoryEntries(...call, limitOf(req));
        return { added: String(r.added), approval: r.approval ? '1' : '0' };
      }),
    }),
    route({
      method: 'POST',
      url: '/sp/delcatalogtone',
      tag: 'ivr',
      summary: 'Remove tones (or tone boxes) from a directory',
      description:
        "catalogID of one of the caller's directories; toneIDs: entries to remove (ids not in the directory are ignored). The rest close up in order. Staged like sp/addcatalogtone. record: approval.",
      auth: 'session',
      write: true,
      params: entriesParams(200),
      codes: [RC.notOwnDirectory],
      handler: onEntries(async (call) => ({ approval: (await removeDirectoryEntries(...call)).approval ? '1' : '0' })),
    }),
    route({
      method: 'POST',
      url: '/sp/sortcatalogtones',
      tag: 'ivr',
      summary: 'Reorder the entries of a directory',
      description:
        "catalogID of one of the caller's directories; toneIDs: its entries in their new order (any left out keep their order after those named; ids not in the directory are ignored). Applies at once.",
      auth: 'session',
      write: true,
      params: entriesParams(1000),
      codes: [RC.notOwnDirectory],
      handler: onEntries(async (call) => {
        await sortDirectoryEntries(...call);
        return {};
      }),
    }),
    route({
      method: 'READ',
      url: '/sp/qryivrwelhlpinfo',
      tag: 'ivr',
      summary: "The provider's IVR salutatory (promptType 1) or help prompts (2), newest first",
      description:
        'record: prompts {promptID, promptType, promptName, promptFile, promptUrl (play address), status (0 not on air yet, 1 normal), approveType, tableType, askType, refuseReason (the approval marks), uploadTime (ISO 8601)}; recordSum the total.',
      auth: 'session',
      params: obj({ promptType: oneOf(['1', '2']), ...paging }, ['promptType']),
      record: { type: 'array', items: promptRecord },
      async handler(req, _reply, params) {
        return listPrompts(req.server.ctx.db, req.session.provider.id, String(params.promptType), pageRange(params));
      },
    }),
    route({
      method: 'POST',
      url: '/sp/addivrwelhlp',
      tag: 'ivr',
      summary: 'Add a salutatory or help prompt (to approval)',
      description:
        "Not shown in the spec; designed here. promptType 1 salutatory or 2 help; promptName by the ivrPromptUpload definition (required, up to 200, none of rule_valid_name's characters); promptFile the caller's own wav upload in the wav_* format (8000 Hz, 8 bit and wav_channels by default; the refusal names the file's format). 'to be approved' until the operator approves (at once for believeCP 1/2); an approved salutatory replaces the previous one.",
      auth: 'session',
      write: true,
      params: obj(
        {
          promptType: oneOf(['1', '2']),
          promptName: text({ maxLength: 200 }),
          promptFile: text({ maxLength: 255 }),
        },
        ['promptType', 'promptName', 'promptFile'],
      ),
      screen: [
        { id: 'salutatoryUpload', call: 'add' },
        { id: 'helpPromptUpload', call: 'add' },
      ],
      record: stringRecord(['promptID']),
      handler: addWithPrompt('salutatoryUpload', 'promptID', (db, actor, params) =>
        createPrompt(db, actor, { kind: params.promptType, name: params.promptName, promptFile: params.promptFile }),
      ),
    }),
    route({
      method: 'POST',
      url: '/sp/delivrwelhlp',
      tag: 'ivr',
      summary: 'Remove a salutatory or help prompt',
      description:
        "Not shown in the spec; designed here. promptID of one of the caller's prompts (950005 otherwise). Applies at once; a request still waiting for approval is withdrawn.",
      auth: 'session',
      write: true,
      params: obj({ promptID: id }, ['promptID']),
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        await removePrompt(req.server.ctx.db, actorOf(req), Number(params.promptID));
        return {};
      },
    }),
  ]);
}
