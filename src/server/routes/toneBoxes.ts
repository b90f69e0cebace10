// The music box (tone box) calls of 000 §7 and 001 §7: sp/addtonebox, sp/edittonebox, sp/deltonebox (change
// requests the operator approves or rejects: `npm run operator -- changes list --type toneBox`), sp/querytonebox
// and sp/querytoneboxdetail. Each write is checked first with the rules of the screen that sends it (musicBoxUpload,
// musicBoxDelete) through the engine, on what the server looked up itself (services/toneBoxes.ts boxFacts), then
// with the checks only the server can make; its parameters are those the screen's call sends, shaped by the box's
// record (services/toneBoxRecord.ts).
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route, type SessionRequest } from '../http/route';
import { obj, paging, stringRecord, text, typed, type TSchema } from '../http/schemas';
import { callParams } from '../http/callParams';
import { pageRange } from '../db/paging';
import { stateValues } from '../http/listOrder';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { toneBoxFields } from '../services/toneBoxRecord';
import { pendingApprovals } from '../services/toneBoxes';
import {
  addBox,
  boxDetail,
  boxFacts,
  boxViolations,
  deleteBox,
  editBox,
  listBoxes,
  ownBox,
  TONE_INFO_FIELDS,
} from '../services/toneBoxes';

const toneBoxID = text({ pattern: '^\\d{1,9}$', description: 'The box (toneBoxID of sp/querytonebox).' });
/** Tone codes are digits (001 §5.1: up to 22); a box holds at most limit_number_rings_per_tonebox of them. */
const toneCodes = text({
  maxLength: 20_000,
  pattern: '^[\\d,\\s]*$',
  description: 'The tones of the box in order, a comma list of tone codes.',
});
const json = (maxLength: number, what: string) => text({ maxLength, description: `${what}, as JSON text.` });

/** The parameters of a box write: what the screen's call sends, with the shapes the box's record gives. */
const writeParams = (call: 'add' | 'edit') =>
  callParams('musicBoxUpload', call, {
    ...toneBoxFields().writeParams(),
    toneBoxID,
    toneCode: toneCodes,
    toneFile: json(8192, 'Prompt files: language code -> saved file name of a wav the provider uploaded'),
    additionalToneBoxInfo: json(16384, 'The extra fields of expand_tone_infos: name -> value'),
    oldCatalogID: text({ pattern: '^(-1|\\d{0,9})$' }),
  });

const who = (req: SessionRequest) => ({
  p: req.session.provider,
  config: req.session.config,
  db: req.server.ctx.db,
  now: req.server.ctx.now(),
});

const tone = stringRecord(TONE_INFO_FIELDS);

export function toneBoxRoutes(app: FastifyInstance): void {
  const fields = toneBoxFields();
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/sp/addtonebox',
      tag: 'music boxes',
      summary: 'Upload a music box (package or disc)',
      description:
        "The music box form of 000 §3, checked with musicBoxUpload's rules (the box validity against the selected tones' dates as the server reads them, not as sent; skipped on the Ais site), then: the tones (toneCode, a comma list) are the provider's own normal, non-jockey tones, or for a music-disc super SP's disc any such tone of its site; the prompt files (toneFile) are the provider's wav uploads; the catalogue is one of tone boxes; the tariff is of the box's kind (3 package, 2 disc). A radio account sends packages only, without price, and not while its boxes wait for approval. Fields the form hides in the caller's context are not stored; the administrator's price (cp_admin_can_specify_rbt_price '2') replaces the one sent. believeCP '1'/'2': the box is normal at once; otherwise it waits for approval (approveType 1, tableType 1, askType 1). The box, its tones, the change request and the audit entry commit together. record: toneBoxID, toneBoxCode, status, and pendingApprovals (the account's boxes now waiting, for the user info the radio submit rule reads).",
      auth: 'session',
      write: true,
      params: obj(writeParams('add')),
      record: stringRecord(['toneBoxID', 'toneBoxCode', 'status'], {
        pendingApprovals: {
          type: 'integer',
          description: "The account's boxes now waiting for approval (user info's pendingApprovals).",
        },
      }),
      screen: { id: 'musicBoxUpload', call: 'add', action: 'submitAdd', asShown: true },
      facts: (req, params) => boxFacts(req.server.ctx.db, req.session.provider, req.session.config, params, 'add'),
      codes: [RC.badInput, RC.notFound],
      async handler(req, _reply, params) {
        const { p, config, db, now } = who(req);
        const violations = await boxViolations(db, p, config, params);
        if (violations.length) throw new ApiError(RC.badInput, [], violations);
        const record = await addBox(db, p, config, params, req.ip, now);
        return { record: { ...record, pendingApprovals: await pendingApprovals(db, p.id) } };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/edittonebox',
      tag: 'music boxes',
      summary: 'Modify a music box (goes to approval)',
      description:
        "The edited music box form (toneBoxID, name, description, remark, price, bundlePrice, toneValidDay, relativeTime, toneCode, toneFile, priceGroupID, oldCatalogID/newCatalogID, needApproved 1, tableType 1), checked like sp/addtonebox in edit mode; the box's type is the stored one. Only the provider's own box that is not deleted (950005 otherwise) and has no change waiting (961003). The edited fields and tones wait in a change request of kind 'modify'; the box shows 'modification to be approved' (askType 3) until the operator approves (the changes apply) or rejects (approveType 3 with the reason).",
      auth: 'session',
      write: true,
      params: obj(writeParams('edit'), ['toneBoxID']),
      screen: { id: 'musicBoxUpload', call: 'edit', mode: 'edit', action: 'submitEdit', asShown: true },
      facts: (req, params) => boxFacts(req.server.ctx.db, req.session.provider, req.session.config, params, 'edit'),
      codes: [RC.badInput, RC.notFound, RC.changePending],
      async handler(req, _reply, params) {
        const { p, config, db, now } = who(req);
        const box = await ownBox(db, p.id, params.toneBoxID);
        const violations = await boxViolations(db, p, config, params, box);
        if (violations.length) throw new ApiError(RC.badInput, [], violations);
        await editBox(db, p, config, params, req.ip, now);
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/sp/deltonebox',
      tag: 'music boxes',
      summary: 'Delete a music box, with a reason',
      description:
        "toneBoxID and reason (required, 1-180 characters; musicBoxDelete's rules). Only the provider's own box that is not deleted (950005) and has no change waiting (961003). believeCP '1'/'2': deleted at once (status 6); otherwise 'deletion to be approved' (askType 2) with a change request of kind 'delete'. The reason is kept as the box's deleteReason. record: status.",
      auth: 'session',
      write: true,
      params: obj(
        callParams('musicBoxDelete', 'delete', {
          toneBoxID,
          reason: text({ maxLength: 180, description: 'Why the box goes (1-180 characters, its column).' }),
        }),
        ['toneBoxID'],
      ),
      record: stringRecord(['status']),
      screen: { id: 'musicBoxDelete', call: 'delete' },
      codes: [RC.badInput, RC.notFound, RC.changePending],
      async handler(req, _reply, params) {
        const { p, db, now } = who(req);
        return { record: await deleteBox(db, p, params.toneBoxID, String(params.reason), req.ip, now) };
      },
    }),
    route({
      method: 'READ',
      url: '/sp/querytonebox',
      tag: 'music boxes',
      summary: "The provider's music boxes, newest first, paged",
      description:
        "Deleted boxes are left out. Filters (each exact unless said): toneBoxCode, toneBoxName (prefix), toneBoxType ('4' package, '5' on Kenya, '2' disc), status, approveType, canSplit, feeType (the box's type: the form sends 3), validStartDay/validEndDay (validity on or after/before, YYYY-MM-DD), uploadStartTime/uploadEndTime (uploaded on or after/before the UTC day). The state a list shows is derived from status, approveType, tableType, askType and refuseReason as for tones (001 §4). Each row also has toneNum (its tones) and promptUrl (the play address of its prompt tone in the first language that has one, '' without). Paging by startRecordNum/endRecordNum (10 a page by default); queryType 1 answers only recordSum.",
      auth: 'session',
      screen: { id: 'musicBoxMaintenance', call: 'list' },
      params: obj({ ...paging, ...filterParams() }),
      record: { type: 'array', items: stringRecord([...fields.listKeys, 'toneNum', 'promptUrl']) },
      async handler(req, _reply, params) {
        const { p, db } = who(req);
        return listBoxes(db, p.id, p.site, params, pageRange(params));
      },
    }),
    route({
      method: 'READ',
      url: '/sp/querytoneboxdetail',
      tag: 'music boxes',
      summary: 'One music box with its tones, prompt files and catalogue',
      description:
        "The provider's own box (950005 otherwise). record: the box's fields (toneBoxName, price, bundlePrice, validDay, remark, toneBoxDescription, relativeTime, askType, canSplit, priceGroupID, toneFile...), catalogInfo {catalogID, catalogName, parentID} and priceGroupName (names in the session's language), promptUrls (language code -> play address), prompts (languageCode, languageDesc, url), toneNum and toneInfos (toneCode, toneName, singerName, toneValidDay... in the box's order). With startRecordNum/endRecordNum the tones are paged (recordSum: their count), without them all are answered.",
      auth: 'session',
      params: obj({ toneBoxID, ...paging }, ['toneBoxID']),
      record: {
        type: 'object',
        properties: {
          ...fields.detailSchema,
          catalogInfo: stringRecord(['catalogID', 'catalogName', 'parentID']),
          priceGroupName: { type: 'string' },
          promptUrls: { type: 'object', additionalProperties: { type: 'string' } },
          prompts: { type: 'array', items: stringRecord(['languageCode', 'languageDesc', 'url']) },
          toneNum: { type: 'string' },
          toneInfos: { type: 'array', items: tone },
        },
      },
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const { p, db } = who(req);
        return boxDetail(db, p.id, params, req.lang);
      },
    }),
  ]);

  /** The list's filter parameters, as the box's record declares them. */
  function filterParams(): Record<string, TSchema> {
    return Object.fromEntries(
      Object.entries(fields.record.filters ?? {}).map(([name, f]) => [
        name,
        typed<string>({
          type: 'string',
          ...(f.schema ?? {}),
          ...(f.match === 'state' ? { enum: stateValues(f.expression!) } : {}),
          description: `${f.match} on ${f.field}`,
        }),
      ]),
    );
  }
}
