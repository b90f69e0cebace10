// Sessions live in the database (several servers may share one PostgreSQL). The browser holds a random token
// in an HttpOnly cookie; the table holds only its SHA-256. Each session also has a CSRF token, sent to the
// client in the X-CSRF-Token response header and required back on every write.
// Timeouts (configuration): session_idle_timeout_minutes without a request, session_absolute_timeout_hours
// after login. last_seen_at is written at most once a minute, so reads stay reads.
import { sql, type Kysely } from 'kysely';
import { precompiled } from '../db/precompiled';
import { rowCopier } from '../db/rowCopy';
import type { Database, Operator, Provider } from '../db/schema';
import { newToken, sha256 } from '../security/tokens';
import { num, type Config } from './config';
import { defaultLang, parseLang, type Lang } from '../http/lang';

const TOUCH_EVERY_MS = 60_000;

export interface NewSession {
  token: string;
  csrfToken: string;
  maxAgeSeconds: number;
}

/** Whose sessions: a provider's (table sessions) or an operator's (operator_sessions), with the same rules. */
export type AccountKind = 'provider' | 'operator';
const TABLE = { provider: 'sessions', operator: 'operator_sessions' } as const;
const OWNER = { provider: 'provider_id', operator: 'operator_id' } as const;
const ACCOUNTS = { provider: 'providers', operator: 'operators' } as const;

/**
 * Enables or disables an account (status 1 or 2) by its code; a disabled account's sessions end at once. False
 * when no account has the code.
 */
export async function setAccountStatus(
  db: Kysely<Database>,
  kind: AccountKind,
  code: string,
  status: '1' | '2',
): Promise<boolean> {
  // The two account tables have the same columns for this; Kysely types one table at a time.
  const table = ACCOUNTS[kind] as 'providers';
  const r = await db
    .updateTable(table)
    .set({ status, updated_at: Date.now() })
    .where('code', '=', code)
    .executeTakeFirst();
  if (status === '2') {
    const account = await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirst();
    if (account)
      await db
        .deleteFrom(TABLE[kind])
        .where(OWNER[kind] as 'provider_id', '=', account.id)
        .execute();
  }
  return Number(r.numUpdatedRows) > 0;
}

export async function createSession(
  db: Kysely<Database>,
  account: { id: number },
  config: Config,
  lang: Lang,
  ip: string,
  now: number,
  kind: AccountKind = 'provider',
): Promise<NewSession> {
  const token = newToken();
  const csrfToken = newToken();
  const absoluteMs = num(config, 'session_absolute_timeout_hours') * 3600_000;
  await db
    .insertInto(TABLE[kind])
    .values({
      token_hash: sha256(token),
      [OWNER[kind]]: account.id,
      csrf_token: csrfToken,
      language: lang,
      ip,
      created_at: now,
      last_seen_at: now,
      expires_at: now + absoluteMs,
    } as never)
    .execute();
  return { token, csrfToken, maxAgeSeconds: Math.ceil(absoluteMs / 1000) };
}

interface SessionRow {
  session_id: number;
  session_csrf: string;
  session_language: string;
  session_seen: number;
  session_expires: number;
}

/**
 * Whether a session row is still live (neither timeout passed, the account active): touches it at most once a
 * minute; a dead one is deleted.
 */
async function stillLive(
  db: Kysely<Database>,
  kind: AccountKind,
  row: SessionRow,
  accountStatus: string,
  config: Config,
  now: number,
): Promise<boolean> {
  const idleMs = num(config, 'session_idle_timeout_minutes') * 60_000;
  if (now >= row.session_expires || now - row.session_seen >= idleMs || accountStatus !== '1') {
    await db.deleteFrom(TABLE[kind]).where('id', '=', row.session_id).execute();
    return false;
  }
  if (now - row.session_seen >= TOUCH_EVERY_MS)
    await db.updateTable(TABLE[kind]).set({ last_seen_at: now }).where('id', '=', row.session_id).execute();
  return true;
}

export interface FoundSession {
  id: number;
  csrfToken: string;
  language: Lang;
  provider: Provider;
  /** The configuration of the provider's site, current as of the lookup. */
  config: Config;
}

/** The session columns a lookup adds to the account's (aliased session_*, and the configuration's generation). */
const notAccount = (column: string) => column.startsWith('session_') || column === 'config_generation';
const accountCopiers = new WeakMap<Kysely<Database>, Map<AccountKind, (row: object) => unknown>>();
/**
 * The account's columns of a session lookup's row, as an object of their own (db/rowCopy.ts: not a rest
 * destructuring, which cost every request about 10 µs and left a slow object). A database's columns are fixed
 * once it is migrated, so the copier is found once per database and kind of account.
 */
function accountOf<T>(db: Kysely<Database>, kind: AccountKind, row: object): T {
  let byKind = accountCopiers.get(db);
  if (!byKind) accountCopiers.set(db, (byKind = new Map()));
  let copy = byKind.get(kind);
  if (!copy) byKind.set(kind, (copy = rowCopier(Object.keys(row), (c) => !notAccount(c))));
  return copy(row) as T;
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
  const { session_id, session_csrf, session_language, session_seen, session_expires, config_generation } = row;
  const provider = accountOf<Provider>(db, 'provider', row);
  const session = { session_id, session_csrf, session_language, session_seen, session_expires };
  const config = await configFor(provider.site, Number(config_generation));
  if (!(await stillLive(db, 'provider', session, provider.status, config, now))) return undefined;
  return {
    id: session_id,
    csrfToken: session_csrf,
    // A language the list no longer has (its entry removed) reads as the default.
    language: parseLang(session_language) ?? defaultLang(),
    provider: provider as Provider,
    config,
  };
}

export interface FoundOperatorSession {
  id: number;
  csrfToken: string;
  language: Lang;
  operator: Operator;
}

/** An operator's live session for a cookie token (the deployment's timeouts), or undefined. */
export async function findOperatorSession(
  db: Kysely<Database>,
  token: string,
  config: Config,
  now: number,
): Promise<FoundOperatorSession | undefined> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .selectAll('o')
    .select([
      's.id as session_id',
      's.csrf_token as session_csrf',
      's.language as session_language',
      's.last_seen_at as session_seen',
      's.expires_at as session_expires',
    ])
    .where('s.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_csrf, session_language, session_seen, session_expires } = row;
  const operator = accountOf<Operator>(db, 'operator', row);
  const session = { session_id, session_csrf, session_language, session_seen, session_expires };
  if (!(await stillLive(db, 'operator', session, operator.status, config, now))) return undefined;
  return { id: session_id, csrfToken: session_csrf, language: parseLang(session_language) ?? defaultLang(), operator };
}

export async function endSession(db: Kysely<Database>, id: number, kind: AccountKind = 'provider'): Promise<void> {
  await db.deleteFrom(TABLE[kind]).where('id', '=', id).execute();
}

export async function endAllSessions(db: Kysely<Database>, providerId: number): Promise<void> {
  await db.deleteFrom('sessions').where('provider_id', '=', providerId).execute();
}

/** Housekeeping: drop sessions past their absolute expiry. */
export async function purgeExpiredSessions(db: Kysely<Database>, now: number, kind: AccountKind = 'provider') {
  await db.deleteFrom(TABLE[kind]).where('expires_at', '<', now).execute();
}

/** Ends the provider's other sessions (a password change keeps the one that made it). */
export async function endOtherSessions(db: Kysely<Database>, providerId: number, keep: number): Promise<void> {
  await db.deleteFrom('sessions').where('provider_id', '=', providerId).where('id', '!=', keep).execute();
}

export async function setSessionLanguage(db: Kysely<Database>, id: number, lang: Lang, kind: AccountKind = 'provider') {
  await db.updateTable(TABLE[kind]).set({ language: lang }).where('id', '=', id).execute();
}
