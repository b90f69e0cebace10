// Provider administration by an operator administrator (issue 26): the providers of the operator's sites with
// their usage (storage, uploads in the last minute, tones by state), and what the CLI does to an account, now
// from the console too: create, disable/enable, unlock, set the expiry, reset the password (the new one goes to
// the provider through the notifier, never to the operator's screen), privileges and flags, quota. Each change
// is audited with the operator as actor.
import { sql, type Kysely } from 'kysely';
import type { Database, Operator, Provider } from '../db/schema';
import { pageOf, type PageRange } from '../db/paging';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { RATE_WINDOW_MS } from '../files/quota';
import { audit } from './audit';
import { createProvider, findProviderByCode, resetProviderPassword, setProviderStatus } from './providers';
import { randomPassword } from '../security/passwords';
import { servesSite, sitesOf } from './operators';
import type { Notifier } from './notifier';
import { STATUS } from '../lifecycle/states';

type Db = Kysely<Database>;
const MB = 1024 * 1024;

export interface ProviderFilter {
  code?: string;
  name?: string;
  site?: string;
  status?: string;
}

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** One page of the providers of the operator's sites, with their usage, by code. */
export async function listProviders(db: Db, o: Operator, f: ProviderFilter, range: PageRange, now: number) {
  let q = db.selectFrom('providers');
  const sites = sitesOf(o);
  if (sites) q = q.where('site', 'in', sites.length ? sites : ['']);
  if (f.code) q = q.where('code', 'like', `${f.code.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
  if (f.name) q = q.where(sql<boolean>`lower(name) like ${like(f.name)} escape '\\'`);
  if (f.site) q = q.where('site', '=', f.site);
  if (f.status) q = q.where('status', '=', f.status);
  const page = await pageOf(q, range, (p) => p.selectAll().orderBy('code').execute());
  const ids = page.record.map((p) => p.id);
  const usage = ids.length
    ? await db
        .selectFrom('uploaded_files')
        .select([
          'provider_id',
          sql<number | string>`sum(size)`.as('bytes'),
          sql<number | string>`sum(case when created_at > ${now - RATE_WINDOW_MS} then 1 else 0 end)`.as('recent'),
        ])
        .where('provider_id', 'in', ids)
        .groupBy('provider_id')
        .execute()
    : [];
  const tones = ids.length
    ? await db
        .selectFrom('tones')
        .select(['provider_id', 'status', sql<number | string>`count(*)`.as('n')])
        .where('provider_id', 'in', ids)
        .groupBy(['provider_id', 'status'])
        .execute()
    : [];
  const count = (id: number, status: string) =>
    String(tones.filter((t) => t.provider_id === id && t.status === status).reduce((s, t) => s + Number(t.n), 0));
  return {
    recordSum: page.recordSum,
    record: page.record.map((p) => {
      const u = usage.find((x) => x.provider_id === p.id);
      return {
        code: p.code,
        name: p.name,
        site: p.site,
        status: p.status,
        believeCP: p.believe_cp,
        nameTonePrivilege: p.namerbt_privilege,
        jockeyRight: p.jockey_right,
        spType: p.sp_type,
        quotaMb: String(p.quota_mb),
        locked: p.locked_until && p.locked_until > now ? '1' : '0',
        expiresAt: p.expires_at ? new Date(p.expires_at).toISOString().slice(0, 10) : '',
        storageMb: (Number(u?.bytes ?? 0) / MB).toFixed(1),
        uploadsLastMinute: String(Number(u?.recent ?? 0)),
        tonesNormal: count(p.id, STATUS.normal),
        tonesHidden: count(p.id, STATUS.hidden),
        tonesNew: count(p.id, STATUS.new),
        email: p.email,
        phone: p.phone,
      };
    }),
  };
}

/** The provider of that code if the operator serves its site (950005 otherwise: another site's is not there). */
export async function providerFor(db: Db, o: Operator, code: string): Promise<Provider> {
  const p = await findProviderByCode(db, code);
  if (!p || !servesSite(o, p.site)) throw new ApiError(RC.notFound);
  return p;
}

const record = (db: Db, o: Operator, p: { id: number; code: string }, action: string, detail: unknown, ip: string) =>
  audit(db, { providerId: p.id, actor: o.code, action, entityType: 'provider', entityId: p.code, detail, ip });

export interface NewProvider {
  code: string;
  name: string;
  site: string;
  believeCP: string;
  email: string;
  phone: string;
}

/**
 * A new provider of one of the operator's sites (950016 for another). Its first password goes to it through the
 * notifier; it must change it at first login.
 */
export async function addProvider(db: Db, o: Operator, n: NewProvider, notifier: Notifier, ip: string, now: number) {
  if (!servesSite(o, n.site)) throw new ApiError(RC.notFound);
  if (await findProviderByCode(db, n.code)) throw new ApiError(RC.exists);
  const password = randomPassword();
  const id = await createProvider(
    db,
    {
      code: n.code,
      name: n.name,
      site: n.site,
      password,
      believeCP: n.believeCP,
      email: n.email,
      phone: n.phone,
      firstLogin: true,
    },
    now,
  );
  await notifier.send({
    providerId: id,
    channel: n.email ? 'email' : 'sms',
    recipient: n.email || n.phone,
    subject: 'Your RBT portal account',
    body: `Account ${n.code}. First password: ${password} (change it at your first login).`,
  });
  await record(db, o, { id, code: n.code }, 'provider.create', { site: n.site, believeCP: n.believeCP }, ip);
  return id;
}

export interface ProviderChange {
  status?: '1' | '2';
  believeCP?: string;
  nameTonePrivilege?: string;
  jockeyRight?: string;
  spType?: string;
  quotaMb?: number;
  /** YYYY-MM-DD, or '' for no expiry. */
  expiresAt?: string;
  unlock?: boolean;
}

/** Changes an account's state, privileges and flags; each change audited with the values before and after. */
export async function updateProvider(db: Db, o: Operator, p: Provider, c: ProviderChange, ip: string, now: number) {
  const set: Partial<Record<keyof Provider, unknown>> = {};
  if (c.believeCP !== undefined) set.believe_cp = c.believeCP;
  if (c.nameTonePrivilege !== undefined) set.namerbt_privilege = c.nameTonePrivilege;
  if (c.jockeyRight !== undefined) set.jockey_right = c.jockeyRight;
  if (c.spType !== undefined) set.sp_type = c.spType;
  if (c.quotaMb !== undefined) set.quota_mb = c.quotaMb;
  if (c.expiresAt !== undefined) set.expires_at = c.expiresAt ? Date.parse(`${c.expiresAt}T23:59:59Z`) : null;
  if (c.unlock) Object.assign(set, { failed_logins: 0, locked_until: null });
  const before = Object.fromEntries(Object.keys(set).map((k) => [k, p[k as keyof Provider]]));
  if (Object.keys(set).length)
    await db
      .updateTable('providers')
      .set({ ...set, updated_at: now } as never)
      .where('id', '=', p.id)
      .execute();
  if (c.status !== undefined && c.status !== p.status) {
    await setProviderStatus(db, p.code, c.status);
    Object.assign(before, { status: p.status });
    set.status = c.status;
  }
  await record(db, o, p, 'provider.update', { before, after: set }, ip);
}

/** A new password for the provider, sent to it through the notifier; it must change it at next login. */
export async function resetPassword(db: Db, o: Operator, p: Provider, notifier: Notifier, ip: string) {
  const password = randomPassword();
  await resetProviderPassword(db, p.code, password);
  await notifier.send({
    providerId: p.id,
    channel: p.email ? 'email' : 'sms',
    recipient: p.email || p.phone,
    subject: 'Your RBT portal password was reset',
    body: `Account ${p.code}. New password: ${password} (change it at your next login).`,
  });
  await record(db, o, p, 'provider.reset', { sentTo: p.email ? 'email' : 'sms' }, ip);
  return { sentTo: p.email ? 'email' : 'sms' };
}
