// The tone upload/edit form's calls (001 §4, §7): sp/addtone, sp/edittone and sp/iscallerpricevalid. The
// route first validates the request with the rbtUploading definition (same rules and message keys as the
// browser), then services/toneUpload.ts adds the checks only the server can make.
//
// Approval (000 §4): a provider whose believeCP is '1' or '2' is trusted, so its new tone is normal at once and
// the form says plainly 'saved'; any other provider's tone waits as 'addition to be approved' (approveType 1,
// tableType 1, askType 1) with a change request of kind 'add' for the operator. A modification always goes
// to approval (the form sends needApproved 1): the tone shows 'modification to be approved' (askType 3) and the
// edited fields apply only when the operator approves (src/server/lifecycle).
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, oneOf, text } from '../http/schemas';
import { callParams } from '../http/callParams';
import { ApiError, orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { toneFields } from '../services/toneRecord';
import {
  callerPriceValid,
  editableTone,
  requestToneEdit,
  serverViolations,
  storeNewTone,
} from '../services/toneUpload';

/** The transport shapes only (what the form's calls send, the record's fields by their own shape); the rules are the definition's. */
const addParams = () => callParams('rbtUploading', 'add', toneFields().writeParams());
const editParams = () => callParams('rbtUploading', 'edit', toneFields().writeParams());

export function toneUploadRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/sp/addtone',
      tag: 'tones',
      summary: 'Upload a single tone',
      description:
        "The tone form of 001 §3, validated by the rbtUploading definition, then: every file of toneFile (and copyrightFile) must be one the caller uploaded; the catalogue must exist (with admin_specify_relative_period '1' its relative period is the tone's); the ISRC must be unused when support_isrc_check is '1'; the caller price must pass sp/iscallerpricevalid. believeCP '1'/'2': the tone is normal at once; otherwise it waits for approval (approveType 1, tableType 1, askType 1). One media file (uploadMode 2, toneFile.mediaPlay: an uploaded master of any accepted audio kind) is transcoded first on the media queue: the tone shows 'to be transcoded' (transcodeState '1'), then 'transcoding', then goes on as above with its IVR wav, web audition and HD file made from the master (or 'transcoding failed' / 'convert failed' with the reason). record: toneID, toneCode, status, transcodeState.",
      auth: 'session',
      write: true,
      params: obj(addParams()),
      record: obj({ toneID: text(), toneCode: text(), status: text(), transcodeState: text() }),
      screen: { id: 'rbtUploading', call: 'add' },
      codes: [RC.badInput],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session;
        const p = s.provider;
        const { violations, relativeTime } = await serverViolations(ctx.db, {
          providerId: p.id,
          config: s.config,
          site: p.site,
          params,
          mode: 'add',
        });
        if (violations.length) throw new ApiError(RC.badInput, [], violations);
        // The tone, its code, tags, owners, change request and audit entry commit together or not at all.
        const record = await ctx.db
          .transaction()
          .execute((tx) =>
            storeNewTone(tx, { provider: p, params, relativeTime, now: ctx.now(), ip: req.ip, media: ctx.media }),
          );
        if (record.transcodeState) ctx.media.wake();
        return { record };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/edittone',
      tag: 'tones',
      summary: 'Modify a tone (goes to approval)',
      description:
        "The edited tone form plus toneID, toneCode, reason, oldCatalogId/newCatalogId, needApproved 1, approveType 2, tableType 1, resourceServiceType 1, uploadChannel 0, uploadType 1. Only the caller's own tone (950005 otherwise). Creates a change request of kind 'modify'; the tone shows 'modification to be approved' (askType 3) until the operator approves, then the edited fields apply.",
      auth: 'session',
      write: true,
      params: obj(editParams(), ['toneID']),
      screen: { id: 'rbtUploading', call: 'edit', mode: 'edit' },
      codes: [RC.badInput, RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session;
        const p = s.provider;
        const toneId = Number(params.toneID);
        const tone = orNotFound(Number.isInteger(toneId) ? await editableTone(ctx.db, p.id, toneId) : undefined);
        const { violations, relativeTime } = await serverViolations(ctx.db, {
          providerId: p.id,
          config: s.config,
          site: p.site,
          params,
          mode: 'edit',
          toneId,
        });
        if (violations.length) throw new ApiError(RC.badInput, [], violations);
        await requestToneEdit(ctx.db, {
          provider: p,
          providerId: p.id,
          providerCode: p.code,
          ip: req.ip,
          now: ctx.now(),
          tone,
          params,
          relativeTime,
          media: ctx.media,
        });
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/sp/iscallerpricevalid',
      tag: 'tones',
      summary: 'Whether a caller price (My Skiza price) is valid',
      description:
        "callerPrice as the shared price rule takes it (format, the decimals of page_price_form), and the form's price. Valid when it equals the price of a detail row of a tone tariff (priceGroupType 2); unless caller_price_must_match_tariff is '1', also when it lies within min_tone_price..max_tone_price and, with same_skiza_price '1', equals price. Raw result: record.valid 'true' or 'false' (the answer is 000000 either way).",
      auth: 'session',
      params: obj({ callerPrice: text({ maxLength: 32 }), price: text({ maxLength: 32 }) }, ['callerPrice']),
      record: obj({ valid: oneOf(['true', 'false']) }),
      async handler(req, _reply, params) {
        const s = req.session;
        const valid = await callerPriceValid(
          req.server.ctx.db,
          s.provider.site,
          s.config,
          params.callerPrice,
          params.price,
        );
        return { record: { valid: valid ? 'true' : 'false' } };
      },
    }),
  ]);
}
