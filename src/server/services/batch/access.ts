// Which batch types and tasks the session's provider may reach: a type its site has (the Kenya operation
// needs support_kenya_batch_operation '1', the expiry batch thailand_ais_office_flag '1', the flags the
// menu shows their screens by) and its own tasks. Anything else
// answers 950005, the catalogued code for a resource that does not exist, so ids of other providers' tasks
// tell nothing.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../envelope';
import { RC } from '../../returnCodes';
import { taskTypeOf, typeAvailable, type TaskTypeDef } from './taskTypes';
import { findTask, type TaskRow } from './tasks';

/** The type a path names, if the session's provider may use it (950005 otherwise, as for any unknown resource). */
export function typeFor(req: FastifyRequest, key: unknown): TaskTypeDef {
  const s = req.session!;
  const def = taskTypeOf(String(key ?? ''));
  if (!def || !typeAvailable(def, s.config)) throw new ApiError(RC.notFound);
  return def;
}

/** The provider's task of that type (950005 for another provider's, a missing one or one of another type). */
export async function ownTask(req: FastifyRequest, taskId: unknown, def?: TaskTypeDef): Promise<TaskRow> {
  const task = await findTask(req.server.ctx.db, req.session!.provider.id, taskId);
  if (!task || (def && task.task_type !== def.type)) throw new ApiError(RC.notFound);
  const t = taskTypeOf(task.task_type);
  if (!t || !typeAvailable(t, req.session!.config)) throw new ApiError(RC.notFound);
  return task;
}
