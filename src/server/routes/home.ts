// The home page's work queue (issue 25): one call answering everything the home page shows of the provider's
// work (services/homeSummary.ts), so the page costs one round trip whatever the number of tones.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { stringRecord, text } from '../http/schemas';
import { TASK_TYPES } from '../services/batch/taskTypes';
import { typeOpen } from '../services/batch/access';
import { homeSummary } from '../services/homeSummary';

const list = (fields: string[]) => ({ type: 'array', items: stringRecord(fields) });

export function homeRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/homesummary',
      tag: 'account',
      summary: "The provider's work queue for the home page, in one call",
      description:
        "record: toneTotal; counts [{state, count}]: the provider's tones by every state the tone list's status column can show (its expression's values, in its order; each is a value of sp/qrytone's state filter); rejected [{type tone|toneBox, id, code, name, refuseReason, time}] the latest 5; waiting [{type, id, code, name, kind add|modify|delete, since, minutes (waited)}] the 5 changes waiting longest for the operator, oldest first, and waitingTotal how many wait in all; expiring [{type, id, code, name, validDay, days}] live tones and boxes whose validity ends within expiryDays (30) days, soonest first; tasks [{taskId, taskType, taskDesc, fileName, requestTime, result running|succeeded|partial|failed, successCount, totalCount}] the last 5 batch tasks of the types the provider may use, the result from their lines.",
      auth: 'session',
      allowExpired: true,
      record: {
        type: 'object',
        properties: {
          toneTotal: text(),
          expiryDays: text(),
          waitingTotal: text(),
          counts: list(['state', 'count']),
          rejected: list(['type', 'id', 'code', 'name', 'refuseReason', 'time']),
          waiting: list(['type', 'id', 'code', 'name', 'kind', 'since', 'minutes']),
          expiring: list(['type', 'id', 'code', 'name', 'validDay', 'days']),
          tasks: list([
            'taskId',
            'taskType',
            'taskDesc',
            'fileName',
            'requestTime',
            'result',
            'successCount',
            'totalCount',
          ]),
        },
      },
      async handler(req) {
        const { ctx } = req.server;
        const p = req.session.provider;
        return {
          record: await homeSummary(ctx.db, {
            providerId: p.id,
            site: p.site,
            dialect: ctx.handle.dialect,
            now: ctx.now(),
            taskTypes: TASK_TYPES.filter((t) => typeOpen(req, t)).map((t) => t.type),
          }),
        };
      },
    }),
  ]);
}
