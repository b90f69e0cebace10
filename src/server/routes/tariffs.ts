// Tariffs (price groups) of 001 §7: the list a form picks from (sp/querytariff, 5 a page) and one tariff's
// detail rows (sp/querytariffdetails and sp/querytariffdetail, the tariff detail dialog of 001 §2.4).
// Tariffs are the operator's reference data, the same for every provider: no provider scoping.
// Detail values are stored as the operator's codes (access type 1/2/3/4/5/14/-1, orderType 1-4, userType,
// -1 promotion/service); the portal's definitions turn them into labels (001 §9).
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route, type ApiRoute } from '../http/route';
import { obj, oneOf, paging, rowId, text } from '../http/schemas';
import { pageRange } from '../db/paging';
import { orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { namesIn } from '../services/translations';
import { tariffPage, tariffWithDetails } from '../services/referenceData';

const id = rowId;

const tariffRecord = {
  type: 'object',
  properties: { priceGroupID: { type: 'string' }, priceGroupName: { type: 'string' }, description: { type: 'string' } },
};
const detailRow = {
  type: 'object',
  properties: Object.fromEntries(
    [
      'detailID',
      'operator',
      'orderType',
      'price',
      'startDate',
      'endDate',
      'promotionID',
      'serviceCode',
      'userType',
      'description',
    ].map((k) => [k, { type: 'string' }]),
  ),
};

/** Both detail calls answer the same: the tariff with its rows under `details` (recordSum: their count). */
const detailRoute = (url: string, summary: string): ApiRoute => ({
  method: 'READ',
  url,
  tag: 'tariffs',
  summary,
  description:
    'record: {priceGroupID, priceGroupName, description, details: rows of operator (access type), orderType, price, startDate, endDate, promotionID, serviceCode, userType, description}; names and descriptions in the language of the session. 950005 for an unknown tariff.',
  auth: 'session',
  params: obj({ priceGroupID: id }, ['priceGroupID']),
  record: { ...tariffRecord, properties: { ...tariffRecord.properties, details: { type: 'array', items: detailRow } } },
  codes: [RC.notFound],
  async handler(req, _reply, params) {
    const { db } = req.server.ctx;
    const found = orNotFound(await tariffWithDetails(db, Number(params.priceGroupID)));
    const { tariff, details: rows } = found;
    const [names, detailNames] = await Promise.all([
      namesIn(db, 'tariff', req.lang),
      namesIn(db, 'tariff_detail', req.lang),
    ]);
    const details = rows.map((d) => ({
      detailID: String(d.id),
      operator: d.operator,
      orderType: d.order_type,
      price: d.price,
      startDate: d.start_date,
      endDate: d.end_date,
      promotionID: d.promotion_id,
      serviceCode: d.service_code,
      userType: d.user_type,
      description: detailNames(d.id, 'description', d.description),
    }));
    const record = {
      priceGroupID: String(tariff.id),
      priceGroupName: names(tariff.id, 'name', tariff.name),
      description: names(tariff.id, 'description', tariff.description),
      details,
    };
    return { record, recordSum: details.length };
  },
});

export function tariffRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/querytariff',
      tag: 'tariffs',
      summary: 'Tariffs (price groups) to choose from, paged',
      description:
        'priceGroupType 2 tone tariffs, 3 package tariffs (the music box form); orderType the order type a tariff is offered for (the tone form sends 2). Either, both or none filter. queryType 1 answers only recordSum.',
      auth: 'session',
      params: obj({
        ...paging,
        priceGroupType: oneOf(['', '2', '3']),
        orderType: text({ pattern: '^\\d{0,2}$' }),
      }),
      record: { type: 'array', items: tariffRecord },
      async handler(req, _reply, params) {
        const { db } = req.server.ctx;
        const range = pageRange(params, 5);
        const { rows, total: n } = await tariffPage(
          db,
          {
            priceGroupType: Number(params.priceGroupType) || undefined,
            orderType: Number(params.orderType) || undefined,
          },
          range,
        );
        if (range.countOnly) return { recordSum: n };
        const names = await namesIn(db, 'tariff', req.lang);
        return {
          record: rows.map((t) => ({
            priceGroupID: String(t.id),
            priceGroupName: names(t.id, 'name', t.name),
            description: names(t.id, 'description', t.description),
          })),
          recordSum: Number(n),
        };
      },
    }),
    detailRoute('/sp/querytariffdetails', "One tariff's detail rows (tone form)"),
    detailRoute('/sp/querytariffdetail', "One tariff's detail rows (music box form, tariff detail dialog)"),
  ]);
}
