// The capability gate on the server (src/engine/gate.ts decides from the definitions): a call that belongs only to
// screens or actions the session cannot open answers 950016, naming the screen and why, before anything changes.
// The gate is computed once per site configuration (the ConfigStore's cached object) and user context.
import type { FastifyRequest } from 'fastify';
import { BASE_SITE } from '../../engine';
import { gateOf, OPERATOR_APP, type Access, type Gate } from '../../engine/gate';
import type { Operator, Provider } from '../db/schema';
import { operatorUser } from '../services/operators';
import type { Config } from '../services/config';
import { contextUser } from '../services/providers';
import { engineFor } from '../validation';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { translate } from './messages';

const gates = new WeakMap<Config, Map<string, Gate>>();
/** At most this many user contexts per configuration (a user context differs by account). */
const PER_CONFIG = 2000;

export function gateFor(p: Provider, config: Config, now: number): Gate {
  const user = contextUser(p, config, now);
  const key = JSON.stringify(user);
  let byUser = gates.get(config);
  if (!byUser) gates.set(config, (byUser = new Map()));
  let gate = byUser.get(key);
  if (!gate) {
    gate = gateOf(engineFor(p.site), { config, user });
    if (byUser.size >= PER_CONFIG) byUser.clear();
    byUser.set(key, gate);
  }
  return gate;
}

/** The refusal of a closed call: the screen's title and the reason, in the session's language. */
export function closedError(access: Access & { open: false }, site: string, lang: FastifyRequest['lang']): ApiError {
  const engine = engineFor(site);
  const title =
    access.screen && engine.screenIds().includes(access.screen) ? engine.definition(access.screen).title : '';
  return new ApiError(RC.notAvailable, [
    translate(title || 'Gate.thisFunction', lang),
    translate(`Gate.${access.reason}`, lang),
  ]);
}

/** Refuses the request when its call is closed to the session's provider. */
export function assertCallOpen(req: FastifyRequest, p: Provider, config: Config, now: number): void {
  const access = gateFor(p, config, now).call(req.url.split('?')[0]);
  if (!access.open) throw closedError(access, p.site, req.lang);
}

const operatorGates = new WeakMap<Config, Map<string, Gate>>();

/** The operator console's gate for an operator (its role decides the administrator's screens), per configuration. */
function operatorGateFor(o: Operator, config: Config): Gate {
  const user = operatorUser(o);
  const key = `${user.role}|${user.sites.join(',')}`;
  let byRole = operatorGates.get(config);
  if (!byRole) operatorGates.set(config, (byRole = new Map()));
  let gate = byRole.get(key);
  if (!gate) byRole.set(key, (gate = gateOf(engineFor(BASE_SITE), { config, user }, OPERATOR_APP)));
  return gate;
}

/** Refuses an operator's call of a console screen its role does not open (a reviewer's call of an administrator's). */
export function assertOperatorCallOpen(req: FastifyRequest, o: Operator, config: Config): void {
  const access = operatorGateFor(o, config).call(req.url.split('?')[0]);
  if (!access.open) throw closedError(access, BASE_SITE, req.lang);
}
