// Operator accounts (issue 26): the people who review what providers send and, as administrators, run the
// providers' accounts and the configuration. Each has a role (reviewer or admin) and the sites it serves ('*' for
// every site); a reviewer sees and decides only the changes of providers of its sites. Their security is the
// providers': scrypt hashes, the same throttling columns, a password history, sessions with both timeouts and a
// CSRF token (services/sessions.ts, kind 'operator').
import type { Kysely } from 'kysely';
import type { Database, Operator } from '../db/schema';
import { hashPassword, verifyPassword } from '../security/passwords';
import { isWeakPassword } from '../security/passwordPolicy';
import { rememberPassword, usedRecently } from './passwordHistory';
import { setAccountStatus } from './sessions';
import { newAccountColumns } from './newAccount';

type Db = Kysely<Database>;

export const OPERATOR_ROLES = ['reviewer', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** An operator's login: 5-20 letters, digits, dots, dashes or underscores (000 §5 'admin account 5-20'). */
export const OPERATOR_CODE = /^[A-Za-z0-9._-]{5,20}$/;
export const ALL_SITES = '*';

export interface OperatorInput {
  code: string;
  name: string;
  role: OperatorRole;
  /** Site ids, or ['*'] for every site. */
  sites: string[];
  password: string;
  /** '1' (default): the operator must set its own password at first login. */
  mustChangePassword?: boolean;
}

export async function createOperator(db: Db, o: OperatorInput, now = Date.now()): Promise<number> {
  if (!OPERATOR_CODE.test(o.code)) throw new Error(`an operator's login is 5-20 letters or digits: ${o.code}`);
  const row = await db
    .insertInto('operators')
    .values({
      code: o.code,
      name: o.name,
      role: o.role,
      sites: o.sites.includes(ALL_SITES) ? ALL_SITES : o.sites.join(','),
      need_change_pwd: o.mustChangePassword === false ? '0' : '1',
      ...(await newAccountColumns(o.password, now)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findOperatorByCode = (db: Db, code: string) =>
  db.selectFrom('operators').selectAll().where('code', '=', code).executeTakeFirst();

/** The sites an operator serves: undefined for every site. */
export const sitesOf = (o: Pick<Operator, 'sites'>): string[] | undefined =>
  o.sites === ALL_SITES ? undefined : o.sites.split(',').filter(Boolean);

export const servesSite = (o: Pick<Operator, 'sites'>, site: string) => sitesOf(o)?.includes(site) ?? true;

/** The operator as the operator screens' conditions see it (user.role, user.sites, user.code). */
export const operatorUser = (o: Operator) => ({
  code: o.code,
  name: o.name,
  role: o.role,
  sites: sitesOf(o) ?? [],
  allSites: sitesOf(o) === undefined,
  firstLogin: o.need_change_pwd === '1' ? '1' : '0',
  needChangePwd: o.need_change_pwd,
  lastLoginTime: o.last_login_time ? new Date(o.last_login_time).toISOString() : '',
});

export type NewPasswordProblem = 'same' | 'weak' | 'recent';

/** Why a new password cannot be the operator's (the providers' rules: not the old one, not weak, not recent). */
export async function newPasswordProblem(
  db: Db,
  o: Operator,
  pwd: string,
  historyCount: number,
): Promise<NewPasswordProblem | undefined> {
  if (await verifyPassword(pwd, o.password_hash)) return 'same';
  if (isWeakPassword(pwd, o.code)) return 'weak';
  if (await usedRecently(db, o.id, pwd, historyCount, 'operator')) return 'recent';
  return undefined;
}

/** Sets an operator's password, keeping the outgoing one in its history; `mustChange` for a reset by another. */
export async function setOperatorPassword(db: Db, o: Operator, pwd: string, now: number, mustChange = false) {
  await rememberPassword(db, o.id, o.password_hash, now, 'operator');
  await db
    .updateTable('operators')
    .set({
      password_hash: await hashPassword(pwd),
      pwd_changed_at: now,
      need_change_pwd: mustChange ? '1' : '0',
      updated_at: now,
    })
    .where('id', '=', o.id)
    .execute();
}

export async function recordOperatorLogin(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('operators').set({ last_login_time: now }).where('id', '=', id).execute();
}

export async function listOperators(db: Db) {
  return db.selectFrom('operators').selectAll().orderBy('code').execute();
}

export const setOperatorStatus = (db: Db, code: string, status: '1' | '2') =>
  setAccountStatus(db, 'operator', code, status);
