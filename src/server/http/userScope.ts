// What the server derives from a session's user context, kept per site configuration (siteCache.ts: a
// configuration change starts from nothing) and user context (the user as the definitions' conditions see it: a
// provider's columns, the site's configuration, whether the account has expired). Computed once per configuration and user context rather than per request: the capability gate
// (gate.ts) and the kept outcomes of the request contract (keptContracts.ts).
import type { Gate } from '../../engine/gate';
import type { SessionContext } from '../context';
import { siteCache } from '../siteCache';
import { contextUser } from '../services/providers';
import { KeptOutcomes } from './keptContracts';

export interface UserScope {
  /** The user as the rules see it (the values of `key`). */
  user: Record<string, unknown>;
  key: string;
  /** Filled by gate.ts on first use. */
  gate?: Gate;
  contracts: KeptOutcomes;
}

/** At most this many user contexts per site configuration (a user context differs by account). */
const scopes = siteCache(
  (_site, _config, key): UserScope => ({ user: JSON.parse(key), key, contracts: new KeptOutcomes() }),
  { maxKeys: 2000 },
);
/** The request's scope (the session object is the request's): the gate and the screen rules both ask for it. */
const ofSession = new WeakMap<SessionContext, UserScope>();

export function userScope(s: SessionContext, now: number): UserScope {
  let scope = ofSession.get(s);
  if (!scope) {
    scope = scopes.get(s.provider.site, s.config, JSON.stringify(contextUser(s.provider, s.config, now)));
    ofSession.set(s, scope);
  }
  return scope;
}
