// The tone list (sp/qrytone, 001 §7): its declaration. The query, the rows and the filters are the tone
// record's (services/toneList.ts, records/tone.json); the maintenance calls (detail, tags, hide/resume,
// delete, export) are declared in toneMaintenance.ts beside it.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, paging, stringRecord, text, typed } from '../http/schemas';
import { pageRange } from '../db/paging';
import { listTones, toneFilterParams, toneRowFields } from '../services/toneList';
import { languageNames } from '../services/translations';
import { ORDER_BY_PARAM, orderOf } from '../http/listOrder';

/** The screens whose list this call is: their sortable columns are what orderBy may name. */
const LIST_SCREENS = [
  { id: 'rbtMaintenance', call: 'list' },
  { id: 'toneSelection', call: 'list' },
];

export function toneRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/qrytone',
      tag: 'tones',
      summary: "The provider's tones, newest first or in a sortable column's order, paged",
      description:
        'Filters: toneCode (exact), toneName and singerName (prefix), status (the stored status), state (the state the status column shows: 1, 2, 4, 6, add, modify, delete, rejected, ---), approveType (the approval mark: 1 waiting, 2 settled, 3 rejected), uploadType (how the tone was uploaded), validity and upload day ranges, price range, onlyNormal. orderBy "<field> asc|desc" for a column the screens declare sortable, empty for newest first. Empty values filter nothing (the portal sends approveType, orderBy and uploadType on every call, 001 §7). Paging by startRecordNum/endRecordNum; queryType 1 answers only recordSum.',
      auth: 'session',
      screen: LIST_SCREENS,
      params: obj({
        ...paging,
        ...toneFilterParams(),
        isQuerySelf: text(),
        orderBy: typed<string>(ORDER_BY_PARAM),
        resourceServiceType: text(),
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
          order: orderOf(
            p.site,
            LIST_SCREENS.map((s) => s.id),
            params.orderBy,
          ),
        });
      },
    }),
  ]);
}
