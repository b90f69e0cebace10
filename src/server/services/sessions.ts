// Sessions live in the database (several servers may share one PostgreSQL). The browser holds a random token
// in an HttpOnly cookie; the table holds only its SHA-256. Each session also has a CSRF token, sent to the
// client in the X-CSRF-Token response header and required back on every write.
// Timeouts (configuration): session_idle_timeout_minutes without a request, session_absolute_timeout_hours
// after login. last_seen_at is written at most once a minute, so reads stay reads.
import { sql, type Kysely } from 'kysely';
import { precompiled } from '../db/precompiled';
import type { Database, Provider } from '../db/schema';
import { newToken, sha256 } from '../security/tokens';
import { num, type Config } from './config';
import type { Lang } from '../returnCodes';

const TOUCH_EVERY_MS = 60_000;

export interface NewSession {
  token: string;
  csrfToken: string;
  maxAgeSeconds: number;
}

export async function createSession(
  db: Kysely<Database>,
  provider: Provider,
  config: Config,
  lang: Lang,
  ip: string,
  now: number,
): Promise<NewSession> {
  const token = newToken();
  const csrfToken = newToken();
  const absoluteMs = num(config, 'session_absolute_timeout_hours') * 3600_000;
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      provider_id: provider.id,
      csrf_token: csrfToken,
      language: lang,
      ip,
      created_at: now,
      last_seen_at: now,
      expires_at: now + absoluteMs,
    })
    .execute();
  return { token, csrfToken, maxAgeSeconds: Math.ceil(absoluteMs / 1000) };
}

export interface FoundSession {
  id: number;
  csrfToken: string;
  language: Lang;
  provider: Provider;
  /** The configuration of the provider's site, current as of the lookup. */
  config: Config;
}

// Every request looks its session up: compiled once (db/precompiled.ts).
const sessionQuery = precompiled(['tokenHash'], (db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('providers', 'providers.id', 'sessions.provider_id')
    .selectAll('providers')
    // Aliased: providers has an expires_at of its own (account validity).
    .select([
      'sessions.id as session_id',
      'sessions.csrf_token as session_csrf',
      'sessions.language as session_language',
      'sessions.last_seen_at as session_seen',
      'sessions.expires_at as session_expires',
    ])
    // The configuration's generation in the same round trip: the caller's configuration is current without a query of its own.
    .select(sql<number | string>`(select generation from config_generation where id = 1)`.as('config_generation'))
    .where('sessions.token_hash', '=', p.tokenHash),
);

/** The live session for a cookie token, or undefined (unknown, expired by either timeout, or provider disabled). */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  configFor: (site: string, generation: number) => Promise<Config>,
  now: number,
): Promise<FoundSession | undefined> {
  const [row] = await sessionQuery(db, { tokenHash: sha256(token) });
  if (!row) return undefined;
  const { session_id, session_csrf, session_language, session_seen, session_expires, config_generation, ...provider } =
    row;
  const config = await configFor(provider.site, Number(config_generation));
  const idleMs = num(config, 'session_idle_timeout_minutes') * 60_000;
  if (now >= session_expires || now - session_seen >= idleMs || provider.status !== '1') {
    await db.deleteFrom('sessions').where('id', '=', session_id).execute();
    return undefined;
  }
  if (now - session_seen >= TOUCH_EVERY_MS)
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session_id).execute();
  return {
    id: session_id,
    csrfToken: session_csrf,
    language: session_language === 'zh' ? 'zh' : 'en',
    provider: provider as Provider,
    config,
  };
}

export async function endSession(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function endAllSessions(db: Kysely<Database>, providerId: number): Promise<void> {
  await db.deleteFrom('sessions').where('provider_id', '=', providerId).execute();
}

/** Housekeeping: drop sessions past their absolute expiry. */
export async function purgeExpiredSessions(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

/** Ends the provider's other sessions (a password change keeps the one that made it). */
export async function endOtherSessions(db: Kysely<Database>, providerId: number, keep: number): Promise<void> {
  await db.deleteFrom('sessions').where('provider_id', '=', providerId).where('id', '!=', keep).execute();
}

export async function setSessionLanguage(db: Kysely<Database>, id: number, lang: Lang): Promise<void> {
  await db.updateTable('sessions').set({ language: lang }).where('id', '=', id).execute();
}
