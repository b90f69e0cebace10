// The operator's commands (npm run operator -- help): provider accounts, configuration keys, and the other
// half of the approval flow. Written against an AppContext and an output function so tests run them directly.
import type { AppContext } from '../context';
import {
  createProvider,
  findProviderByCode,
  resetProviderPassword,
  setPrivilege,
  setProviderStatus,
  ACCOUNT_CODE,
} from '../services/providers';
import { decide, listPending } from '../lifecycle/lifecycle';
import { randomPassword } from '../security/passwords';
import {
  ALL_SITES,
  createOperator,
  findOperatorByCode,
  listOperators,
  OPERATOR_CODE,
  setOperatorPassword,
  setOperatorStatus,
} from '../services/operators';
import { DEPLOYMENT } from '../services/config';
import { audit } from '../services/audit';
import { usageByProvider, uploadLimits } from '../files/quota';
import { formatSize } from '../files/accept';
import { cell, terminalSafe } from './printable';

/** The privileges `provider <privilege> <code> on|off` switches: its column, and its name in the answer. */
const PRIVILEGES = {
  jockey: { column: 'jockey_right', name: 'jockey right' },
  namerbt: { column: 'namerbt_privilege', name: 'name-tone privilege' },
} as const;

export const HELP = `Operator commands (environment: DATA_DIR, DATABASE_URL, SITE as for the server)
A <site> is the name of a folder of site-variants/.

  provider list
      Every account: site, status, flags, and its uploads: files=<count> storage=<used>/<upload_quota_mb>
      lastMinute=<files accepted in the last minute>/<upload_rate_per_minute>.
  provider create <code> --name <name> [--site <site>] [--password <pwd>] [--sp-type 1|2]
                  [--believe-cp 0|1|2] [--email <email>] [--phone <digits>]
      Creates an account (code: 6-20 digits). Without --password a random one is printed; the provider
      must change it at first login.
  provider disable <code>           Refuses its logins and ends its sessions.
  provider enable <code>
  provider reset <code> [--password <pwd>]
      New password (random when omitted, printed), to be changed at next login; clears locks and sessions.
  provider jockey <code> on|off
      Grants or withdraws the jockey right: without it a jockey tone must leave 'allowed to cut' at 0
      (read when support_jockey_flag is 1; the provider's browser sees it from its next login).
  provider namerbt <code> on|off
      Grants or withdraws the name-tone privilege: without it Upload Name Tone opens 'no privilege'
      (at once; read when support_namerbt_feature is 1).
  provider site <code> <site>       Moves an account to another site (from its next login).

  config get [<key>] [--site <site>]
      All keys, or one, each with the layer its value comes from. With --site: what that site's providers
      see; without: the deployment's values before any site's own. Layers, lowest first: the schema's
      default, site-variants/generic/config.json, the site's config.json, the operator's deployment value,
      the operator's value for the site.
  config set <key> <value> [--site <site>]
      The operator's value: without --site for the deployment (above every site's config.json), with it
      for that site only. The key must be declared in schemas/config.schema.json. Examples:
        config set maintenance_window ""          (switch the 0:00-5:00 write window off)
        config set max_tone_price 8 --site generic
  config unset <key> [--site <site>]
      Removes the operator's value, so the files' value applies again.

  operator list
      The operators of the console (/op/login): role, sites, status.
  operator create <login> --name <name> --role reviewer|admin --sites <site,site|*> [--password <pwd>]
      An operator (login 5-20 letters, digits, dots, dashes). Without --password a random one is printed;
      either way it must be changed at first sign-in. A reviewer decides the changes of its sites' providers;
      an administrator also runs providers, configuration and operators.
  operator disable|enable <login>
  operator reset <login> [--password <pwd>]   New password (printed when random), changed at next sign-in.

  changes list [--provider <code>] [--type tone|toneBox|ivrDirectory|ivrPrompt|nameTone]
      Pending change requests (tones, music boxes, IVR directories and prompts, name tones waiting for
      approval), oldest first, one a line:
      #<id>  provider  add|modify|delete  <type> <entity id>  <code> "<name>"  requested at  payload
  changes approve <id> [--reason <text>]
  changes reject <id> --reason <text>

  outbox [--account <code>] [--limit <n>]
      Messages the default notifier kept (forgot-password dynamic codes), newest first.
`;

type Out = (line: string) => void;

function parse(args: string[]): { positional: string[]; flags: Record<string, string | true> } {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--')) {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags[a.slice(2)] = next;
        i++;
      } else flags[a.slice(2)] = true;
    } else positional.push(a);
  }
  return { positional, flags };
}

/** A random password that satisfies the change policy of 000 §5 (lower, upper, digit, special; 12 characters). */
const unknownSite = (ctx: AppContext, site: string) =>
  `unknown site "${site}": no folder site-variants/${site}/ (sites: ${ctx.config.sites().join(', ')})`;

const flag = (f: Record<string, string | true>, k: string) => (typeof f[k] === 'string' ? (f[k] as string) : undefined);

/** Runs one command; returns the process exit code. */
export async function runOperator(args: string[], ctx: AppContext, print: Out, printErr: Out = print): Promise<number> {
  // Every line leaves through terminalSafe; stored values also go through cell() where they are interpolated.
  const out: Out = (line) => print(terminalSafe(line));
  const err: Out = (line) => printErr(terminalSafe(line));
  const { positional, flags } = parse(args);
  const [group, action, ...rest] = positional;
  const fail = (msg: string) => {
    err(msg);
    return 1;
  };
  const db = ctx.db;

  if (!group || group === 'help' || flags.help) {
    out(HELP);
    return 0;
  }

  if (group === 'operator') return operatorCommand(ctx, action, rest, flags, out, fail);

  if (group === 'provider') {
    if (action === 'list') {
      const rows = await db
        .selectFrom('providers')
        .select([
          'id',
          'code',
          'name',
          'site',
          'sp_type',
          'status',
          'first_login',
          'need_change_pwd',
          'believe_cp',
          'jockey_right',
          'namerbt_privilege',
        ])
        .orderBy('code')
        .execute();
      const usage = await usageByProvider(db, ctx.now());
      const limit = (n: number, shown: string) => (Number.isFinite(n) ? shown : 'unlimited');
      for (const r of rows) {
        const used = usage.get(r.id) ?? { files: 0, bytes: 0, recentFiles: 0 };
        const { quotaBytes, perMinute } = uploadLimits(await ctx.config.forSite(r.site));
        const storage = `files=${used.files}\tstorage=${formatSize(used.bytes)}/${limit(quotaBytes, formatSize(quotaBytes))}\tlastMinute=${used.recentFiles}/${limit(perMinute, String(perMinute))}`;
        out(
          `${r.code}\t${r.site}\t${r.status === '1' ? 'active' : 'disabled'}\tspType=${r.sp_type}\tbelieveCP=${r.believe_cp}\t${storage}\t${r.jockey_right === '1' ? 'jockey\t' : ''}${r.namerbt_privilege === '1' ? 'namerbt\t' : ''}${r.first_login !== '0' || r.need_change_pwd === '1' ? 'must-change-password\t' : ''}${cell(r.name)}`,
        );
      }
      return 0;
    }
    const code = rest[0];
    if (!code) return fail(`provider ${action ?? ''}: account code missing\n\n${HELP}`);
    if (action === 'create') {
      if (!ACCOUNT_CODE.test(code)) return fail('account code must be 6-20 digits');
      if (await findProviderByCode(db, code)) return fail(`account ${code} already exists`);
      const site = flag(flags, 'site') ?? ctx.site;
      if (!ctx.config.isSite(site)) return fail(unknownSite(ctx, site));
      const name = flag(flags, 'name');
      if (!name) return fail('--name is required');
      const password = flag(flags, 'password') ?? randomPassword();
      await createProvider(
        db,
        {
          code,
          name,
          site,
          password,
          firstLogin: true,
          spType: flag(flags, 'sp-type'),
          believeCP: flag(flags, 'believe-cp'),
          email: flag(flags, 'email'),
          phone: flag(flags, 'phone'),
        },
        ctx.now(),
      );
      await audit(db, {
        providerId: null,
        actor: 'operator',
        action: 'provider.create',
        entityType: 'provider',
        entityId: code,
      });
      out(
        `created ${code} (${site})${flags.password ? '' : `, password: ${password}`}; it must be changed at first login`,
      );
      return 0;
    }
    if (action === 'disable' || action === 'enable') {
      if (!(await setProviderStatus(db, code, action === 'disable' ? '2' : '1'))) return fail(`no account ${code}`);
      await audit(db, {
        providerId: null,
        actor: 'operator',
        action: `provider.${action}`,
        entityType: 'provider',
        entityId: code,
      });
      out(`${code} ${action}d`);
      return 0;
    }
    if (action === 'reset') {
      const password = flag(flags, 'password') ?? randomPassword();
      if (!(await resetProviderPassword(db, code, password))) return fail(`no account ${code}`);
      await audit(db, {
        providerId: null,
        actor: 'operator',
        action: 'provider.reset',
        entityType: 'provider',
        entityId: code,
      });
      out(`${code} reset${flags.password ? '' : `, password: ${password}`}; it must be changed at next login`);
      return 0;
    }
    const privilege = Object.hasOwn(PRIVILEGES, action) ? PRIVILEGES[action as keyof typeof PRIVILEGES] : undefined;
    if (privilege) {
      const to = rest[1];
      if (to !== 'on' && to !== 'off') return fail(`provider ${action} <code> on|off`);
      if (!(await setPrivilege(db, code, privilege.column, to === 'on'))) return fail(`no account ${code}`);
      await audit(db, {
        providerId: null,
        actor: 'operator',
        action: `provider.${action}.${to}`,
        entityType: 'provider',
        entityId: code,
      });
      out(`${code} ${privilege.name} ${to}`);
      return 0;
    }
    if (action === 'site') {
      const site = rest[1];
      if (!site) return fail('provider site <code> <site>');
      if (!ctx.config.isSite(site)) return fail(unknownSite(ctx, site));
      const r = await db.updateTable('providers').set({ site }).where('code', '=', code).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return fail(`no account ${code}`);
      await audit(db, {
        providerId: null,
        actor: 'operator',
        action: 'provider.site',
        entityType: 'provider',
        entityId: code,
        detail: { site },
      });
      out(`${code} moved to site ${site}`);
      return 0;
    }
    return fail(`unknown provider command ${action}\n\n${HELP}`);
  }

  if (group === 'config') {
    const site = flag(flags, 'site');
    if (flags.site === true) return fail('--site needs a site name');
    if (site !== undefined && !ctx.config.isSite(site)) return fail(unknownSite(ctx, site));
    const scope = site ?? DEPLOYMENT;
    // What the operator changed, in the audit log as every operator change is.
    const audited = (change: 'config.set' | 'config.unset', key: string, detail?: Record<string, unknown>) =>
      audit(db, {
        providerId: null,
        actor: 'operator',
        action: change,
        entityType: 'config',
        entityId: `${scope}:${key}`,
        detail,
      });
    if (action === 'get') {
      const config = await ctx.config.explain(site);
      const key = rest[0];
      if (key && config[key] === undefined)
        return fail(`no configuration key ${key} (keys are declared in schemas/config.schema.json)`);
      for (const k of key ? [key] : Object.keys(config).sort())
        out(`${k}=${cell(config[k].value)}\t(from ${config[k].source})`);
      return 0;
    }
    if (action === 'set') {
      const [key, value] = rest;
      if (!key || value === undefined) return fail('config set <key> <value> [--site <site>]');
      const refusal = ctx.config.refusal(key, value);
      if (refusal) return fail(refusal);
      await ctx.config.set(key, value, scope);
      await audited('config.set', key, { value });
      out(`${key}=${value}${site ? ` (site ${site})` : ''}`);
      return 0;
    }
    if (action === 'unset') {
      const key = rest[0];
      if (!key) return fail('config unset <key> [--site <site>]');
      if (!(await ctx.config.unset(key, scope)))
        return fail(`the operator has no value for ${key}${site ? ` on site ${site}` : ' for the deployment'}`);
      await audited('config.unset', key);
      const now = (await ctx.config.explain(site))[key];
      out(
        `${key} unset${site ? ` (site ${site})` : ''}; now ${key}=${now?.value ?? ''} (from ${now?.source ?? 'nowhere'})`,
      );
      return 0;
    }
    return fail(`unknown config command ${action}\n\n${HELP}`);
  }

  if (group === 'changes') {
    if (action === 'list') {
      const rows = await listPending(db, { providerCode: flag(flags, 'provider'), entityType: flag(flags, 'type') });
      if (rows.length === 0) out('no pending change requests');
      for (const r of rows)
        out(
          `#${r.id}\t${r.provider}\t${r.kind}\t${r.entity_type} ${r.entity_id}\t${cell(r.entity)}\t${new Date(r.created_at).toISOString()}\t${cell(r.payload)}`,
        );
      return 0;
    }
    if (action === 'approve' || action === 'reject') {
      const id = Number(rest[0]);
      if (!Number.isInteger(id)) return fail(`changes ${action} <id>`);
      const reason = flag(flags, 'reason') ?? '';
      if (action === 'reject' && !reason.trim()) return fail('a rejection needs --reason');
      const r = await decide(db, id, { approve: action === 'approve', reason, actor: 'operator', now: ctx.now() });
      if (r !== 'ok') return fail(`change request #${id}: ${r}`);
      out(`#${id} ${action === 'approve' ? 'approved' : 'rejected'}`);
      return 0;
    }
    return fail(`unknown changes command ${action}\n\n${HELP}`);
  }

  if (group === 'outbox') {
    let q = db
      .selectFrom('outbox')
      .leftJoin('providers', 'providers.id', 'outbox.provider_id')
      .select(['outbox.id', 'outbox.created_at', 'outbox.channel', 'outbox.recipient', 'outbox.body', 'providers.code'])
      .orderBy('outbox.id', 'desc')
      .limit(Number(flag(flags, 'limit') ?? 10));
    const account = flag(flags, 'account');
    if (account) q = q.where('providers.code', '=', account);
    for (const r of await q.execute())
      out(
        `${new Date(r.created_at).toISOString()}\t${r.code ?? ''}\t${r.channel}:${cell(r.recipient)}\t${cell(r.body)}`,
      );
    return 0;
  }

  return fail(`unknown command ${group}\n\n${HELP}`);
}

/** `operator ...`: the console's accounts (services/operators.ts). */
async function operatorCommand(
  ctx: AppContext,
  action: string | undefined,
  rest: string[],
  flags: Record<string, string | true>,
  out: (line: string) => void,
  fail: (message: string) => number,
): Promise<number> {
  const { db } = ctx;
  if (action === 'list') {
    const rows = await listOperators(db);
    if (rows.length === 0) out('no operators');
    for (const o of rows)
      out(
        `${o.code}\t${o.role}\tsites=${o.sites}\t${o.status === '1' ? 'active' : 'disabled'}\t${o.need_change_pwd === '1' ? 'must-change-password\t' : ''}${cell(o.name)}`,
      );
    return 0;
  }
  const code = rest[0];
  if (!code) return fail(`operator ${action ?? ''}: login missing\n\n${HELP}`);
  if (action === 'create') {
    if (!OPERATOR_CODE.test(code))
      return fail("an operator's login is 5-20 letters, digits, dots, dashes or underscores");
    if (await findOperatorByCode(db, code)) return fail(`operator ${code} already exists`);
    const role = flag(flags, 'role');
    if (role !== 'reviewer' && role !== 'admin') return fail('--role reviewer|admin is required');
    const name = flag(flags, 'name');
    if (!name) return fail('--name is required');
    const sites = (flag(flags, 'sites') ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (!sites.length) return fail('--sites <site,site> or --sites "*" is required');
    const bad = sites.find((x) => x !== ALL_SITES && !ctx.config.isSite(x));
    if (bad) return fail(unknownSite(ctx, bad));
    const password = flag(flags, 'password') ?? randomPassword();
    await createOperator(db, { code, name, role, sites, password });
    await audit(db, {
      providerId: null,
      actor: 'operator',
      action: 'operator.create',
      entityType: 'operator',
      entityId: code,
      detail: { role, sites },
    });
    out(
      `operator ${code} created (${role}, sites ${sites.join(',')})${flags.password ? '' : `, password: ${password}`}; it must be changed at first sign-in`,
    );
    return 0;
  }
  if (action === 'disable' || action === 'enable') {
    if (!(await setOperatorStatus(db, code, action === 'disable' ? '2' : '1'))) return fail(`no operator ${code}`);
    out(`operator ${code} ${action}d`);
    return 0;
  }
  if (action === 'reset') {
    const o = await findOperatorByCode(db, code);
    if (!o) return fail(`no operator ${code}`);
    const password = flag(flags, 'password') ?? randomPassword();
    await setOperatorPassword(db, o, password, ctx.now(), true);
    await db.deleteFrom('operator_sessions').where('operator_id', '=', o.id).execute();
    await db.updateTable('operators').set({ failed_logins: 0, locked_until: null }).where('id', '=', o.id).execute();
    out(`operator ${code} reset${flags.password ? '' : `, password: ${password}`}; it must be changed at next sign-in`);
    return 0;
  }
  return fail(`unknown operator command ${action}\n\n${HELP}`);
}
