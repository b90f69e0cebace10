// Catalogues (categories) of 001 §7 and 000 §7: the nested tree a form's cascader offers
// (sp/filtertonecatalog, resourceType 1 tones or 2 tone boxes) and one catalogue's relative validity period
// (sp/qrycataloginfo, which locks the form's relative period when the administrator specifies it).
// Catalogues are operator reference data, the same for every provider.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, oneOf, stringRecord, text } from '../http/schemas';
import { orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { namesIn } from '../services/translations';
import { catalogue, cataloguesOf } from '../services/referenceData';

interface Node {
  catalogID: string;
  catalogName: string;
  relativeValidityPeriod: string;
  catalogInfo: Node[];
}

const node: Record<string, unknown> = {
  type: 'object',
  properties: {
    catalogID: { type: 'string' },
    catalogName: { type: 'string' },
    relativeValidityPeriod: { type: 'string' },
    catalogInfo: { type: 'array', items: { type: 'object', description: 'Sub-catalogues, same shape.' } },
  },
};

export function catalogueRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/filtertonecatalog',
      tag: 'catalogues',
      summary: 'Catalogue tree for a resource type',
      description:
        'resourceType 1 tones (default), 2 tone boxes. Top-level catalogues in order, each with its sub-catalogues under catalogInfo. Names in the language of the session.',
      auth: 'session',
      params: obj({ resourceType: oneOf(['', '1', '2']) }),
      record: { type: 'array', items: node },
      async handler(req, _reply, params) {
        const rows = await cataloguesOf(req.server.ctx.db, Number(params.resourceType || 1));
        const names = await namesIn(req.server.ctx.db, 'catalogue', req.lang);
        const byId = new Map<number, Node>(
          rows.map((r) => [
            r.id,
            {
              catalogID: String(r.id),
              catalogName: names(r.id, 'name', r.name),
              relativeValidityPeriod: r.relative_validity_period,
              catalogInfo: [],
            },
          ]),
        );
        const roots: Node[] = [];
        for (const r of rows) {
          const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
          (parent ? parent.catalogInfo : roots).push(byId.get(r.id)!);
        }
        return { record: roots, recordSum: roots.length };
      },
    }),
    route({
      method: 'READ',
      url: '/sp/qrycataloginfo',
      tag: 'catalogues',
      summary: "One catalogue's name and relative validity period",
      description: 'record: {catalogID, catalogName, relativeValidityPeriod (days)}. 950005 for an unknown catalogue.',
      auth: 'session',
      params: obj({ catalogID: text({ pattern: '^\\d{1,9}$' }) }, ['catalogID']),
      record: stringRecord(['catalogID', 'catalogName', 'relativeValidityPeriod']),
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const c = orNotFound(await catalogue(req.server.ctx.db, Number(params.catalogID)));
        const names = await namesIn(req.server.ctx.db, 'catalogue', req.lang);
        return {
          record: {
            catalogID: String(c.id),
            catalogName: names(c.id, 'name', c.name),
            relativeValidityPeriod: c.relative_validity_period,
          },
        };
      },
    }),
  ]);
}
