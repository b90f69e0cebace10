// Calls that choose tones for a music box (000 §6, §7; 001 §7): sp/querycpinfo (queryCP, operate 1: the CP filter
// of a music-disc super SP), admin/queryrecommendtone and admin/qrycatalogtone (list loads whose rows are
// record.toneInfos). The work is in services/boxTones.ts.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { accountCode, obj, oneOf, paging, stringRecord, text, type JsonSchema } from '../http/schemas';
import { pageRange } from '../db/paging';
import { RC } from '../returnCodes';
import { cpInfo, CP_FIELDS, selectableTones, toneOwner } from '../services/boxTones';
import { TONE_INFO_FIELDS } from '../services/toneBoxes';

const cpCode = text({
  ...accountCode,
  description:
    "A super SP's CP filter: list that provider's tones (a provider of the caller's site); others may name only themselves.",
});
const toneInfos: JsonSchema = {
  type: 'object',
  properties: { toneInfos: { type: 'array', items: stringRecord(TONE_INFO_FIELDS) } },
};

export function boxToneRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/querycpinfo',
      tag: 'music boxes',
      summary: 'The CP filter of a music-disc super SP (queryCP)',
      description:
        "operate 1: the providers whose tones the caller may put in a music disc: for a super SP (000 §4: music_disc_super_sp '1', spType 2, code in music_disc_super_sp_list) every active provider of its site, itself first, cpName a prefix filter, paged; for anyone else only itself. Without operate: the caller. Rows: cpCode, cpName, spType.",
      auth: 'session',
      params: obj({
        ...paging,
        operate: oneOf(['', '0', '1']),
        cpName: text({ maxLength: 200 }),
      }),
      record: { type: 'array', items: stringRecord(CP_FIELDS) },
      async handler(req, _reply, params) {
        const s = req.session;
        return cpInfo(req.server.ctx.db, s.provider, s.config, params, pageRange(params));
      },
    }),
    route({
      method: 'READ',
      url: '/admin/queryrecommendtone',
      tag: 'music boxes',
      summary: 'Recommended tones for a music box: the most ordered first',
      description:
        'The tones that may join a box (normal, no change waiting, not a jockey tone) of the caller, or of the provider cpCode names for a super SP (950005 for any other), most ordered first, paged; rows under record.toneInfos, recordSum their count (queryType 1: only the count).',
      auth: 'session',
      params: obj({ ...paging, cpCode }),
      record: toneInfos,
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const s = req.session;
        const { db } = req.server.ctx;
        return selectableTones(db, await toneOwner(db, s.provider, s.config, params.cpCode), {}, pageRange(params));
      },
    }),
    route({
      method: 'READ',
      url: '/admin/qrycatalogtone',
      tag: 'music boxes',
      summary: 'The tones of a catalogue for a music box',
      description:
        'The tones that may join a box in a tone catalogue (catalogID, resourceType 1) and its sub-catalogues, of the caller or of the provider cpCode names for a super SP, newest first, paged; rows under record.toneInfos, recordSum their count. 950005 for an unknown catalogue or provider.',
      auth: 'session',
      params: obj({ ...paging, cpCode, catalogID: text({ pattern: '^\\d{1,9}$' }) }, ['catalogID']),
      record: toneInfos,
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const s = req.session;
        const { db } = req.server.ctx;
        return selectableTones(
          db,
          await toneOwner(db, s.provider, s.config, params.cpCode),
          { catalogID: Number(params.catalogID) },
          pageRange(params),
        );
      },
    }),
  ]);
}
