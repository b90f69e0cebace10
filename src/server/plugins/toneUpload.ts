// The tone upload/edit form's calls (001 §4, §7): sp/addtone, sp/edittone and sp/iscallerpricevalid. The
// route first validates the request with the rbtUploading definition (same rules and message keys as the
// browser), then services/toneUpload.ts adds the checks only the server can make.
//
// Approval (000 §4): a provider whose believeCP is '1' or '2' is trusted, so its new tone is normal at once and
// the form says plainly 'saved'; any other provider's tone waits as 'addition to be approved' (approveType 1,
// tableType 1, askType 1) with a change request of kind 'add' for the operator. A modification always goes
// to approval (the form sends needApproved 1): the tone shows 'modification to be approved' (askType 3) and the
// edited fields apply only when the operator approves (services/changeRequests.ts).
import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '../routes';
import { obj } from '../http/schemas';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { requestToneModification } from '../services/changeRequests';
import { audit } from '../services/audit';
import { callerPriceValid, copyrightsOf, detailsOf, numOrNull, parseFileMap, serverViolations, storeNewTone, tagsOf } from '../services/toneUpload';

const str = (maxLength: number) => ({ type: 'string', maxLength });
const any = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] };
/** The transport shapes only; the rules are the definition's. */
const TONE_PARAMS = Object.fromEntries(
  [
    'toneName', 'singerName', 'singerSex', 'singerNameLetter', 'toneNameLetter', 'lyricAuthor', 'melodyComposer', 'musicArranger', 'catalogID', 'contentLanguage',
    'price', 'callerPrice', 'totalPrice', 'monthlyPrice', 'weeklyPrice', 'monthlyUserToneCode', 'weeklyUserToneCode', 'userToneCode', 'toneValidDay', 'relativeTime',
    'isrc', 'mateInfo', 'toneInfo', 'tagNames', 'cutFlag', 'uploadMode', 'copyrightFile', 'lyricCompanyID', 'tuneCompanyID', 'recordCompanyID',
    'lyricValidDay', 'tuneValidDay', 'recordValidDay', 'priceGroupID',
  ].map((k) => [k, str(4096)]),
);
const FLAGS = Object.fromEntries(['extendAbsoluteDateFlag', 'crbtType', 'portalType', 'uploadChannel', 'uploadType'].map((k) => [k, any]));
const JSONS = { toneFile: str(8192), additionalToneInfo: str(16384) };
const EDIT = Object.fromEntries(['toneID', 'toneCode', 'reason', 'oldCatalogId', 'newCatalogId', 'needApproved', 'approveType', 'tableType', 'resourceServiceType'].map((k) => [k, any]));


export function toneUploadRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    {
      method: 'POST',
      url: '/sp/addtone',
      tag: 'tones',
      summary: 'Upload a single tone',
      description:
        "The tone form of 001 §3, validated by the rbtUploading definition, then: every file of toneFile (and copyrightFile) must be one the caller uploaded; the catalogue must exist (with admin_specify_relative_period '1' its relative period is the tone's); the ISRC must be unused when support_isrc_check is '1'; the caller price must pass sp/iscallerpricevalid. believeCP '1'/'2': the tone is normal at once; otherwise it waits for approval (approveType 1, tableType 1, askType 1). record: toneID, toneCode, status.",
      auth: 'session',
      write: true,
      params: obj({ ...TONE_PARAMS, ...FLAGS, ...JSONS }),
      record: obj({ toneID: { type: 'string' }, toneCode: { type: 'string' }, status: { type: 'string' } }),
      screen: { id: 'rbtUploading', call: 'add' },
      codes: [RC.badInput],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session!;
        const p = s.provider;
        const { violations, relativeTime } = await serverViolations(ctx.db, { providerId: p.id, config: s.config, site: p.site, params, mode: 'add' });
        if (violations.length) throw new ApiError(RC.badInput, [], violations);
        // The tone, its code, tags, owners, change request and audit entry commit together or not at all.
        const record = await ctx.db.transaction().execute((tx) => storeNewTone(tx, { provider: p, params, relativeTime, now: ctx.now(), ip: req.ip }));
        return { record };
      },
    },
    {
      method: 'POST',
      url: '/sp/edittone',
      tag: 'tones',
      summary: 'Modify a tone (goes to approval)',
      description:
        "The edited tone form plus toneID, toneCode, reason, oldCatalogId/newCatalogId, needApproved 1, approveType 2, tableType 1, resourceServiceType 1, uploadChannel 0, uploadType 1. Only the caller's own tone (950005 otherwise). Creates a change request of kind 'modify'; the tone shows 'modification to be approved' (askType 3) until the operator approves, then the edited fields apply.",
      auth: 'session',
      write: true,
      params: obj({ ...TONE_PARAMS, ...FLAGS, ...JSONS, ...EDIT }, ['toneID']),
      screen: { id: 'rbtUploading', call: 'edit', mode: 'edit' },
      codes: [RC.badInput, RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session!;
        const p = s.provider;
        const toneId = Number(params.toneID);
        const tone = Number.isInteger(toneId)
          ? await ctx.db.selectFrom('tones').select(['id', 'status', 'details']).where('id', '=', toneId).where('provider_id', '=', p.id).where('status', '!=', '6').executeTakeFirst()
          : undefined;
        if (!tone) throw new ApiError(RC.notFound);
        const { violations, relativeTime } = await serverViolations(ctx.db, { providerId: p.id, config: s.config, site: p.site, params, mode: 'edit', toneId });
        if (violations.length) throw new ApiError(RC.badInput, [], violations);
        const files = parseFileMap(params.toneFile);
        const change: Record<string, unknown> = {
          toneName: params.toneName, singerName: params.singerName, price: params.price, callerPrice: params.callerPrice, toneValidDay: params.toneValidDay,
          relativeTime: relativeTime ?? params.relativeTime, info: params.toneInfo, mateInfo: params.mateInfo, isrc: params.isrc,
          catalogID: numOrNull(params.newCatalogId) ?? undefined,
          priceGroupID: params.priceGroupID === undefined ? undefined : numOrNull(params.priceGroupID),
          toneFile: Object.keys(files).length ? JSON.stringify(files) : undefined,
          reason: params.reason,
          // Fields without a column: the edited ones over those stored.
          details: JSON.stringify({ ...JSON.parse(tone.details || '{}'), ...JSON.parse(detailsOf(params)) }),
          tags: params.tagNames === undefined ? undefined : tagsOf(params),
          // The copyright owners as edited (all roles), when the form carries them: approval replaces the tone's.
          copyrights: ['lyricCompanyID', 'tuneCompanyID', 'recordCompanyID'].some((k) => params[k] !== undefined) ? copyrightsOf(params) : undefined,
        };
        const now = ctx.now();
        await ctx.db.transaction().execute((tx) => requestToneModification(tx, { toneId, status: tone.status, providerId: p.id, change, now }));
        await audit(ctx.db, { providerId: p.id, actor: p.code, action: 'edittone', entityType: 'tone', entityId: toneId, ip: req.ip });
        return {};
      },
    },
    {
      method: 'READ',
      url: '/sp/iscallerpricevalid',
      tag: 'tones',
      summary: 'Whether a caller price (My Skiza price) is valid',
      description:
        "callerPrice with 2 decimals (and the form's price). Valid when it equals the price of a detail row of a tone tariff (priceGroupType 2); unless caller_price_must_match_tariff is '1', also when it lies within min_tone_price..max_tone_price and, with same_skiza_price '1', equals price. Raw result: record.valid 'true' or 'false' (the answer is 000000 either way).",
      auth: 'session',
      params: obj({ callerPrice: { type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$' }, price: str(32), portalType: any }, ['callerPrice']),
      record: obj({ valid: { type: 'string', enum: ['true', 'false'] } }),
      async handler(req, _reply, params) {
        const s = req.session!;
        const valid = await callerPriceValid(req.server.ctx.db, s.config, params.callerPrice, params.price);
        return { record: { valid: valid ? 'true' : 'false' } };
      },
    },
  ]);
}
