// The Ais expiry batch (batchupdaterbtexpiredate; 000 §2 menu 1-4, 001 §7): the tones the provider chose (kept
// across pages by the selection list) get a new expiry date, with a result per tone. The tones become the
// lines of a task of type 5, so a long selection survives a restart like any batch; up to
// batch_sync_max_records tones are answered at once with every tone's result.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, text } from '../http/schemas';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { num } from '../services/config';
import { engineFor } from '../validation';
import { audit } from '../services/audit';
import { createTask } from '../services/batch/tasks';
import { answerSubmitted } from '../services/batch/answer';
import { typeFor } from '../services/batch/access';

export function batchExpiryRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/sp/batchupdaterbtexpiredate',
      tag: 'batch',
      summary: 'Give chosen tones a new expiry date (Ais)',
      description:
        "toneCodes: the chosen tones' codes, comma-separated (each once; at most batch_max_lines); toneValidDay: the new expiry date, YYYY-MM-DD. Ais site only (950005 elsewhere). Each tone is one line of a task (type 5, batchUpdateExpireDate): it must be the provider's, not waiting for approval, and the date must meet the tone edit form's rules for that tone (at least its relative period from today, on or before its copyright validity). The change follows the approval flow (believeCP '1'/'2' at once, otherwise 'modification to be approved'). Up to batch_sync_max_records tones: record.lines has every tone's result (cmdLine is the tone code), 000000 when all succeeded, 000001 otherwise; more: record.taskId to follow with sp/querybatchtask/batchUpdateExpireDate.",
      auth: 'session',
      write: true,
      params: obj(
        {
          toneCodes: text({ pattern: '^\\d{1,22}(,\\d{1,22})*$', maxLength: 1_000_000 }),
          toneValidDay: text({ maxLength: 10 }),
        },
        ['toneCodes', 'toneValidDay'],
      ),
      record: { type: 'object' },
      codes: [RC.partial, RC.badInput, RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = req.session;
        const def = typeFor(req, 'batchUpdateExpireDate');
        const toneValidDay = String(params.toneValidDay);
        const bad = engineFor(s.provider.site).checkValue('isoDate', toneValidDay, { config: s.config });
        if (bad) throw new ApiError(RC.badInput, [], [{ field: 'toneValidDay', message: bad }]);
        const codes = [...new Set(String(params.toneCodes).split(','))];
        const max = num(s.config, 'batch_max_lines');
        if (codes.length > max)
          throw new ApiError(
            RC.badInput,
            [],
            [{ field: 'toneCodes', message: 'Batch.tooManyLines', params: { max, found: codes.length } }],
          );
        const lines = codes.map((text, i) => ({ no: i + 1, text }));
        const taskId = await createTask(ctx, {
          providerId: s.provider.id,
          type: def,
          taskName: def.name,
          desc: toneValidDay,
          fileName: '',
          data: { toneValidDay },
          lines,
        });
        await audit(ctx.db, {
          providerId: s.provider.id,
          actor: s.provider.code,
          action: 'batch.expiry',
          entityType: 'batchTask',
          entityId: taskId,
          detail: { tones: codes.length, toneValidDay },
          ip: req.ip,
        });
        return answerSubmitted(ctx, s.provider.id, taskId, lines.length, s.config, req.lang);
      },
    }),
  ]);
}
