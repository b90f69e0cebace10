// What the server derives from a session's user context, kept per site configuration (siteCache.ts: a
// configuration change starts from nothing) and user context (the user as the definitions' conditions see it: a
// provider's columns, the site's configuration, whether the account has expired). Computed once per configuration and user context rather than per request: the capability gate
// (gate.ts) and the kept outcomes of the request contract (keptContracts.ts).
import type { FastifyRequest } from 'fastify';
import type { Gate } from '../../engine/gate';
import { siteCache } from '../siteCache';
import type { Provider } from '../db/schema';
import { contextUser, isExpired } from '../services/providers';
import { KeptOutcomes } from './keptContracts';

/** A provider's session as the guard sets it on the request (context.ts). */
export type Session = NonNullable<FastifyRequest['session']>;

export interface UserScope {
  /** The user as the rules see it. */
  user: Record<string, unknown>;
  /** Filled by gate.ts on first use. */
  gate?: Gate;
  contracts: KeptOutcomes;
}

/**
 * What the user context is made of: the account's row as read with the session, and whether it has expired by
 * now (the configuration is the cache's own). Every column is in it, so no value the user context reads can be
 * left out as columns are added; spelling the row out costs far less than building the user and its JSON on
 * every request. Unambiguous: control characters are refused at the door, so no value holds the separator, and
 * only number columns may be null (an empty part, which no number spells).
 */
const rowKey = (p: Provider, now: number): string =>
  `${isExpired(p, now) ? '1' : '0'}\u0000${Object.values(p).join('\u0000')}`;

interface Entry {
  user?: Record<string, unknown>;
  gate?: Gate;
  contracts: KeptOutcomes;
}
/** At most this many user contexts per site configuration (a user context differs by account). */
const scopes = siteCache((): Entry => ({ contracts: new KeptOutcomes() }), { maxKeys: 2000 });
/** The request's scope (the session object is the request's): the gate and the screen rules both ask for it. */
const ofSession = new WeakMap<Session, UserScope>();

export function userScope(s: Session, now: number): UserScope {
  let scope = ofSession.get(s);
  if (!scope) {
    const entry = scopes.get(s.provider.site, s.config, rowKey(s.provider, now));
    entry.user ??= contextUser(s.provider, s.config, now);
    scope = entry as UserScope;
    ofSession.set(s, scope);
  }
  return scope;
}
