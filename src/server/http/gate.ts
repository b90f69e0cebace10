// The capability gate on the server (src/engine/gate.ts decides from the definitions): a call that belongs only to
// screens or actions the session cannot open answers 950016, naming the screen and why, before anything changes.
// The gate is computed once per site configuration (the ConfigStore's cached object) and user context (userScope.ts).
import type { FastifyRequest } from 'fastify';
import { BASE_SITE } from '../../engine';
import { gateOf, OPERATOR_APP, type Access, type Gate } from '../../engine/gate';
import type { Operator } from '../db/schema';
import { operatorUser } from '../services/operators';
import type { Config } from '../services/config';
import { siteCache } from '../siteCache';
import { userScope, type Session } from './userScope';
import { engineFor } from '../validation';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { translate } from './messages';

/** The session's gate, built on the first request of its configuration and user context (userScope.ts). */
export function gateFor(s: Session, now: number): Gate {
  const scope = userScope(s, now);
  return (scope.gate ??= gateOf(engineFor(s.provider.site), { config: s.config, user: scope.user }));
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
export function assertCallOpen(req: FastifyRequest, s: Session, now: number): void {
  const access = gateFor(s, now).call(req.url.split('?')[0]);
  if (!access.open) throw closedError(access, s.provider.site, req.lang);
}

/**
 * The operator console's gates, per configuration (the deployment's, kept under the console's name) and role: an
 * operator's role and sites decide its screens.
 */
const operatorGates = siteCache((): { gate?: Gate } => ({}));

function operatorGateFor(o: Operator, config: Config): Gate {
  const user = operatorUser(o);
  const entry = operatorGates.get('operator console', config, `${user.role}|${user.sites.join(',')}`);
  return (entry.gate ??= gateOf(engineFor(BASE_SITE), { config, user }, OPERATOR_APP));
}

/** Refuses an operator's call of a console screen its role does not open (a reviewer's call of an administrator's). */
export function assertOperatorCallOpen(req: FastifyRequest, o: Operator, config: Config): void {
  const access = operatorGateFor(o, config).call(req.url.split('?')[0]);
  if (!access.open) throw closedError(access, BASE_SITE, req.lang);
}
