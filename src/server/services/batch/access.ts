// Which batch types and tasks the session's provider may reach: a type whose creating call the capability gate
// opens (the type's screen is in the provider's menu: Kenya's batch operation, Ais's expiry batch), refused with
// the gate's 950016 otherwise; and its own tasks, any other id answering 950005 (a resource that does not exist),
// so ids of other providers' tasks tell nothing.
import type { SessionRequest } from '../../http/route';
import { ApiError, orNotFound } from '../../envelope';
import { RC } from '../../returnCodes';
import { taskTypeOf, type TaskTypeDef } from './taskTypes';
import { closedError, gateFor } from '../../http/gate';
import { findTask, type TaskRow } from './tasks';

const typeAccess = (req: SessionRequest, def: TaskTypeDef) => {
  return gateFor(req.session, req.server.ctx.now()).call(def.createdBy);
};

/** Whether the session's provider may use the type. */
export const typeOpen = (req: SessionRequest, def: TaskTypeDef) => typeAccess(req, def).open;

/** Refuses a type the session's provider may not use, with the gate's reason. */
function assertTypeOpen(req: SessionRequest, def: TaskTypeDef): void {
  const access = typeAccess(req, def);
  if (!access.open) throw closedError(access, req.session.provider.site, req.lang);
}

/** The type a path names (950005 for no type), if the session's provider may use it (950016 otherwise). */
export function typeFor(req: SessionRequest, key: unknown): TaskTypeDef {
  const def = orNotFound(taskTypeOf(String(key ?? '')));
  assertTypeOpen(req, def);
  return def;
}

/** The provider's task of that type (950005 for another provider's, a missing one or one of another type). */
export async function ownTask(req: SessionRequest, taskId: unknown, def?: TaskTypeDef): Promise<TaskRow> {
  const task = await findTask(req.server.ctx.db, req.session.provider.id, taskId);
  if (!task || (def && task.task_type !== def.type)) throw new ApiError(RC.notFound);
  const t = orNotFound(taskTypeOf(task.task_type));
  assertTypeOpen(req, t);
  return task;
}
