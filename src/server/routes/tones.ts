// The tone list (sp/qrytone, 001 §7): its declaration. The query, the rows and the filters are the tone
// record's (services/toneList.ts, records/tone.json); the maintenance calls (detail, tags, hide/resume,
// delete, export) are declared in toneMaintenance.ts beside it.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, paging, stringRecord, text } from '../http/schemas';
import { pageRange } from '../db/paging';
import { listTones, toneFilterParams, toneRowFields } from '../services/toneList';
import { languageNames } from '../services/translations';

export function toneRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/qrytone',
      tag: 'tones',
      summary: "The provider's tones, newest first, paged",
      description:
        'Filters: toneCode (exact), toneName and singerName (prefix), status, approveType, validity and upload day ranges, price range, onlyNormal. Paging by startRecordNum/endRecordNum; queryType 1 answers only recordSum.',
      auth: 'session',
      screen: [
        { id: 'rbtMaintenance', call: 'list' },
        { id: 'toneSelection', call: 'list' },
      ],
      params: obj({
        ...paging,
        ...toneFilterParams(),
        isQuerySelf: text(),
        orderBy: text(),
        resourceServiceType: text(),
        uploadType: text(),
      }),
      record: { type: 'array', items: stringRecord(toneRowFields()) },
      async handler(req, _reply, params) {
        const { db } = req.server.ctx;
        const p = req.session.provider;
        const languages = await languageNames(db, req.lang, req.server.ctx.now());
        return listTones(db, {
          providerId: p.id,
          cpName: p.name,
          languages,
          lang: req.lang,
          site: p.site,
          params,
          range: pageRange(params),
        });
      },
    }),
  ]);
}
