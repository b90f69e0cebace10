// Name-tone calls (001 §2.8, §5.6, §7; 000 §2): the category the upload opens with (sp/getcategoryid, the
// privilege check), the provider's name tones (sp/qrynametone: name, request date, initial letter, MSISDN,
// upload count, upload link) and the upload of a recording (sp/uploadnametone). The last two are not shown in
// the spec; designed here. Every call is scoped to the provider; without the name-tone privilege the category
// call and the upload answer 956012 ('Sorry, you don't have privilege to upload Name Tone') and the portal
// opens noPrivilege. The upload's rules are those of the namerbtUpload definition, run by the engine here too.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route, type SessionRequest } from '../http/route';
import { obj, paging, stringRecord, text } from '../http/schemas';
import { pageRange } from '../db/paging';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { WIRE_MARKS } from '../lifecycle/states';
import { assertValid } from '../validation';
import { screenFileProblem } from '../http/screenFiles';
import { actorOf } from '../http/actor';
import { listNameTones, nameToneCategoryOf, uploadNameTone } from '../services/nameTones';
import { namesIn } from '../services/translations';

const nameToneRecord = stringRecord([
  'nameToneID',
  'name',
  'requestDate',
  'initialLetter',
  'msisdn',
  'uploadCount',
  'uploadLink',
  'status',
  ...WIRE_MARKS,
]);

/** The caller's name-tone category, or 956012 without the privilege (or with no category configured). */
async function categoryOf(req: SessionRequest) {
  const cat = await nameToneCategoryOf(req.server.ctx.db, req.session.provider);
  if (!cat) throw new ApiError(RC.noNameTonePrivilege);
  return cat;
}

export function nameToneRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/getcategoryid',
      tag: 'nameTone',
      summary: 'Name-tone category of the provider (privilege check)',
      description:
        'With the name-tone privilege: 000000 and the category record (catalogID, catName in the session language, resultInfo), which the portal passes to the upload screen as its query (000 §2). Without: 956012 and no record, and the portal opens noPrivilege.',
      auth: 'session',
      params: obj({}),
      record: stringRecord(['catalogID', 'catName', 'resultInfo']),
      codes: [RC.noNameTonePrivilege],
      async handler(req) {
        const cat = await categoryOf(req);
        const names = await namesIn(req.server.ctx.db, 'catalogue', req.lang);
        return { record: { catalogID: String(cat.id), catName: names(cat.id, 'name', cat.name), resultInfo: 'ok' } };
      },
    }),
    route({
      method: 'READ',
      url: '/sp/qrynametone',
      tag: 'nameTone',
      summary: "The provider's name tones, newest first, paged",
      description:
        "Not shown in the spec; designed here. Filters: name (part of it, any case), initialLetter (a-z), msisdn (exact). record: name tones {nameToneID, name, requestDate (YYYY-MM-DD of the first upload), initialLetter, msisdn, uploadCount (recordings uploaded), uploadLink (play address of the latest), status (0 not on air yet, 1 normal), approveType, tableType, askType, refuseReason (the approval marks)}; recordSum the total. Only the caller's own; a provider without the privilege sees the name tones it has (none unless it lost the privilege).",
      auth: 'session',
      params: obj({
        name: text({ maxLength: 200 }),
        initialLetter: text({ pattern: '^[a-z]?$' }),
        msisdn: text({ maxLength: 20 }),
        ...paging,
      }),
      screen: { id: 'namerbtInfo', call: 'list' },
      record: { type: 'array', items: nameToneRecord },
      async handler(req, _reply, params) {
        return listNameTones(
          req.server.ctx.db,
          req.session.provider.id,
          {
            name: params.name ? String(params.name) : undefined,
            initialLetter: params.initialLetter ? String(params.initialLetter) : undefined,
            msisdn: params.msisdn ? String(params.msisdn) : undefined,
          },
          pageRange(params),
        );
      },
    }),
    route({
      method: 'POST',
      url: '/sp/uploadnametone',
      tag: 'nameTone',
      summary: 'Upload a name tone recording (to approval)',
      description:
        "Not shown in the spec; designed here. 956012 without the name-tone privilege (checked first). Rules of the namerbtUpload definition: name required, up to 200 characters, none of rule_valid_name's characters, no blank at either end; initialLetter a single letter a-z (001 §5.6); msisdn, when given, matching rule_user_number_regexp; toneFile the caller's own wav upload (sp/uploadfile) in the wav_* format (the message names the file's format). The category is the caller's name-tone category whatever catalogID says. A name (with the same MSISDN) uploaded before gets the new recording once it is approved (subscribers keep the live one meanwhile) and its upload count goes up then. 'to be approved' until the operator approves (at once for believeCP 1/2); a recording still waiting is replaced.",
      auth: 'session',
      write: true,
      params: obj(
        {
          catalogID: text({ pattern: '^\\d{0,9}$' }),
          name: text({ maxLength: 200 }),
          // Longer than one letter so the screen's rule, not the schema, says why ('a single letter a-z').
          initialLetter: text({ maxLength: 8 }),
          msisdn: text({ maxLength: 20 }),
          toneFile: text({ maxLength: 255 }),
        },
        ['name', 'initialLetter', 'toneFile'],
      ),
      screen: { id: 'namerbtUpload', call: 'upload' },
      async facts(req) {
        const cat = await categoryOf(req);
        return { form: { catalogID: String(cat.id), catName: cat.name } };
      },
      record: stringRecord(['nameToneID', 'approval']),
      codes: [RC.noNameTonePrivilege],
      async handler(req, _reply, params) {
        const cat = await categoryOf(req);
        const file = String(params.toneFile);
        const bad = await screenFileProblem(req, 'namerbtUpload', 'toneFile', file, 'NameTone.fileNotYours');
        if (bad) assertValid([bad]);
        const upload = {
          catalogId: cat.id,
          name: String(params.name),
          initialLetter: String(params.initialLetter),
          msisdn: String(params.msisdn ?? ''),
          file,
        };
        const r = await uploadNameTone(req.server.ctx.db, actorOf(req), upload);
        return { record: { nameToneID: String(r.id), approval: r.approval ? '1' : '0' } };
      },
    }),
  ]);
}
