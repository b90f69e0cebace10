// Provider accounts: creation (seed and operator CLI), the user info the portal reads (000 §3), and the
// operator's disable/reset. Passwords arrive in clear only here and leave only as scrypt hashes.
import type { Kysely } from 'kysely';
import type { Database, Provider } from '../db/schema';
import { hashPassword } from '../security/passwords';
import { rememberPassword } from './passwordHistory';
import { setAccountStatus } from './sessions';
import { newAccountColumns } from './newAccount';
import type { Config } from './config';
import { obj, text } from '../http/schemas';

export interface ProviderInput {
  code: string;
  name: string;
  password: string;
  site: string;
  spType?: string;
  firstLogin?: boolean;
  believeCP?: string;
  isSuperSP?: boolean;
  namerbtPrivilege?: boolean;
  jockeyRight?: boolean;
  monthlyPrefix?: string;
  weeklyPrefix?: string;
  email?: string;
  phone?: string;
  contact?: string;
  address?: string;
  expiresAt?: number | null;
}

export const ACCOUNT_CODE = /^\d{6,20}$/;

export async function createProvider(db: Kysely<Database>, p: ProviderInput, now = Date.now()): Promise<number> {
  if (!ACCOUNT_CODE.test(p.code)) throw new Error(`account code must be 6-20 digits: ${p.code}`);
  const row = await db
    .insertInto('providers')
    .values({
      code: p.code,
      name: p.name,
      sp_type: p.spType ?? '1',
      first_login: p.firstLogin ? '1' : '0',
      need_change_pwd: '0',
      monthly_prefix: p.monthlyPrefix ?? '8',
      weekly_prefix: p.weeklyPrefix ?? '9',
      believe_cp: p.believeCP ?? '0',
      is_super_sp: p.isSuperSP ? '1' : '0',
      namerbt_privilege: p.namerbtPrivilege ? '1' : '0',
      jockey_right: p.jockeyRight ? '1' : '0',
      site: p.site,
      expires_at: p.expiresAt ?? null,
      email: p.email ?? '',
      phone: p.phone ?? '',
      contact: p.contact ?? '',
      address: p.address ?? '',
      description: '',
      ...(await newAccountColumns(p.password, now)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findProviderByCode = (db: Kysely<Database>, code: string) =>
  db.selectFrom('providers').selectAll().where('code', '=', code).executeTakeFirst();

/** The super-SP rule of 000 §4: config enables it, spType is 2 and the code is in the pipe list (or the operator set the flag). */
export function isSuperSP(p: Provider, config: Config): boolean {
  if (p.is_super_sp === '1') return true;
  if (config.music_disc_super_sp !== '1' || p.sp_type !== '2') return false;
  return (config.music_disc_super_sp_list ?? '')
    .split('|')
    .map((s) => s.trim())
    .includes(p.code);
}

/** User info as the portal stores it (000 §3). */
/** The fields of a provider's user info (login, checkLoginInfo): userInfo gives exactly these, the routes declare them. */
export const USER_INFO_FIELDS = [
  'name',
  'code',
  'spType',
  'firstLogin',
  'lastLoginTime',
  'monthlyPrefix',
  'weeklyPrefix',
  'believeCP',
  'isSuperSP',
  'jockeyRight',
  'nameTonePrivilege',
  'site',
] as const;
/** User info plus the myAccount screen's fields (/sp/qrycpselfInfo). */
export const SELF_INFO_FIELDS = [
  ...USER_INFO_FIELDS,
  'spCode',
  'spName',
  'contactName',
  'phoneNumber',
  'email',
  'address',
  'description',
  'status',
] as const;

export function userInfo(p: Provider, config: Config): Record<(typeof USER_INFO_FIELDS)[number], string> {
  return {
    name: p.name,
    code: p.code,
    spType: p.sp_type,
    firstLogin: p.first_login,
    lastLoginTime: p.last_login_time ? new Date(p.last_login_time).toISOString() : '',
    monthlyPrefix: p.monthly_prefix,
    weeklyPrefix: p.weekly_prefix,
    believeCP: p.believe_cp,
    isSuperSP: isSuperSP(p, config) ? '1' : '0',
    jockeyRight: p.jockey_right,
    nameTonePrivilege: p.namerbt_privilege,
    site: p.site,
  };
}

/**
 * The user as the definitions' conditions see it on the server: user info plus the session facts the browser's
 * context adds from its flags (expired, a pending password change, OSS login: never on the reference server).
 */
export const contextUser = (p: Provider, config: Config, now: number) =>
  // Assigned to user info's fresh object rather than spread into a new one: the capability gate asks on every
  // request, and V8's spread of it took about 6 µs of CPU against 1 µs (microbench, process CPU time).
  Object.assign(userInfo(p, config), {
    expired: isExpired(p, now),
    needChangePwd: p.need_change_pwd,
    ossLogin: false,
  });

/** The own-account view of /sp/qrycpselfInfo: user info plus the myAccount screen's fields. */
export function selfInfo(p: Provider, config: Config): Record<(typeof SELF_INFO_FIELDS)[number], string> {
  return {
    ...userInfo(p, config),
    spCode: p.code,
    spName: p.name,
    contactName: p.contact,
    phoneNumber: p.phone,
    email: p.email,
    address: p.address,
    description: p.description,
    status: p.status,
  };
}

export const isExpired = (p: Provider, now: number) => p.expires_at !== null && p.expires_at <= now;
export const mustChangePassword = (p: Provider) => p.first_login !== '0' || p.need_change_pwd === '1';

export const setProviderStatus = (db: Kysely<Database>, code: string, status: '1' | '2') =>
  setAccountStatus(db, 'provider', code, status);

/**
 * The privileges an operator grants or withdraws: the jockey right (001 §5.1) and the name-tone privilege (001 §6:
 * without it the upload opens noPrivilege). The server reads them on every request.
 */
export type Privilege = 'jockey_right' | 'namerbt_privilege';
export async function setPrivilege(db: Kysely<Database>, code: string, privilege: Privilege, granted: boolean) {
  const r = await db
    .updateTable('providers')
    .set({ [privilege]: granted ? '1' : '0', updated_at: Date.now() })
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Operator reset: a new password the provider must change at next login; locks and sessions cleared. */
export async function resetProviderPassword(db: Kysely<Database>, code: string, password: string): Promise<boolean> {
  const p = await findProviderByCode(db, code);
  if (!p) return false;
  const hash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await rememberPassword(tx, p.id, p.password_hash, Date.now());
    await tx
      .updateTable('providers')
      .set({
        password_hash: hash,
        need_change_pwd: '1',
        failed_logins: 0,
        locked_until: null,
        pwd_changed_at: Date.now(),
        updated_at: Date.now(),
      })
      .where('id', '=', p.id)
      .execute();
  });
  await db.deleteFrom('sessions').where('provider_id', '=', p.id).execute();
  return true;
}

/** The provider's own new password (a change or a reset): no longer first login or forced, lock cleared. */
export async function setOwnPassword(
  db: Kysely<Database>,
  p: Provider,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // The outgoing password joins the history the next change is checked against (920013).
    await rememberPassword(tx, p.id, p.password_hash, now);
    await tx
      .updateTable('providers')
      .set({
        password_hash: passwordHash,
        first_login: '0',
        need_change_pwd: '0',
        failed_logins: 0,
        locked_until: null,
        pwd_changed_at: now,
        updated_at: now,
      })
      .where('id', '=', p.id)
      .execute();
  });
}

/** myAccount's fields (sp/updatecpinfo) -> the provider's columns, and the longest value each takes. */
const CONTACT_FIELDS = {
  contactName: { column: 'contact', maxLength: 100 },
  phoneNumber: { column: 'phone', maxLength: 15 },
  email: { column: 'email', maxLength: 255 },
  address: { column: 'address', maxLength: 255 },
  description: { column: 'description', maxLength: 1000 },
} as const;

/** sp/updatecpinfo's parameters: the contact fields, each as long as it may be. */
export const contactParams = () =>
  obj(
    Object.fromEntries(Object.entries(CONTACT_FIELDS).map(([f, { maxLength }]) => [f, text({ maxLength })])) as {
      [F in keyof typeof CONTACT_FIELDS]: ReturnType<typeof text>;
    },
  );

/** Updates the contact fields the request carries; the names of those it changed. */
export async function updateContact(
  db: Kysely<Database>,
  id: number,
  fields: Record<string, unknown>,
  now: number,
): Promise<string[]> {
  const set: Partial<Record<(typeof CONTACT_FIELDS)[keyof typeof CONTACT_FIELDS]['column'], string>> = {};
  for (const [field, { column }] of Object.entries(CONTACT_FIELDS))
    if (typeof fields[field] === 'string') set[column] = fields[field] as string;
  await db
    .updateTable('providers')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
  return Object.keys(set);
}

/** Records a successful login's time (lastLoginTime of the user info). */
export async function recordLogin(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('providers').set({ last_login_time: now }).where('id', '=', id).execute();
}
