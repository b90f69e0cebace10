// The operator console's calls (issue 26; tag `operator`, all under /op): the operator's session (login with the
// providers' security, logout, password), the review queue (changes, one change with its values and files
// before and after, decisions one by one or in bulk, the files to listen to), and for administrators the
// providers, the configuration layers, the operators, the audit log and the notifier's outbox. Every call but
// login needs an operator's session (its own cookie: a provider's session never opens one, nor the reverse);
// which calls a role may make is the console's screens' (the capability gate over screen-definitions/operator/).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, oneOf, paging, password, language, rowId, rowIds, rowIdList, stringRecord, text } from '../http/schemas';
import { pageRange } from '../db/paging';
import { ApiError, orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { clearSessionCookie, OPERATOR_COOKIE, readCookie, setCookie } from '../http/cookies';
import { parseLang } from '../http/lang';
import { randomPassword, verifyPassword } from '../security/passwords';
import { audit } from '../services/audit';
import { num, DEPLOYMENT } from '../services/config';
import { limitsOf, minutesLeft, recordAccountFailure } from '../services/throttle';
import { checkCredentials } from '../services/login';
import { createSession, endSession, findOperatorSession, purgeExpiredSessions } from '../services/sessions';
import {
  createOperator,
  findOperatorByCode,
  newPasswordProblem,
  operatorUser,
  OPERATOR_ROLES,
  recordOperatorLogin,
  setOperatorPassword,
  servesSite,
} from '../services/operators';
import { changeDetail, decideMany, listQueue, queueSummary } from '../services/review';
import { addProvider, listProviders, providerFor, resetPassword, updateProvider } from '../services/providerAdmin';
import { AUDIT_ENTRY_FIELDS, exportAudit, purgeAudit, searchAudit } from '../services/auditLog';
import { csvLine } from '../http/csv';
import type { FileStore } from '../files/storage';
import { sendUpload } from './files';
import type { DecisionNotice } from '../lifecycle/lifecycle';
import { translate } from '../http/messages';
import { listOutbox } from '../services/notifications';

const upTo = (maxLength: number) => text({ maxLength });
const flag = oneOf(['0', '1']);
const ENTITY_TYPES = ['tone', 'toneBox', 'ivrDirectory', 'ivrPrompt', 'nameTone'];

const operatorOf = (req: FastifyRequest) => {
  if (!req.operatorSession) throw new Error(`${req.url}: an operator call without an operator session`);
  return req.operatorSession;
};

/** The provider is told of a decision through the notifier too (its mail, or its phone), in its language's words. */
const noticeVia =
  (req: FastifyRequest): DecisionNotice =>
  async (n) => {
    const { ctx } = req.server;
    const p = await ctx.db.selectFrom('providers').selectAll().where('id', '=', n.providerId).executeTakeFirst();
    if (!p) return;
    const words = translate(n.decision === 'approved' ? 'Notice.approved' : 'Notice.rejected', 'en', {
      entity: n.entity,
      kind: translate(`Notice.kind.${n.kind}`, 'en'),
      reason: n.reason,
    });
    await ctx.notifier.send({
      providerId: p.id,
      channel: p.email ? 'email' : 'sms',
      recipient: p.email || p.phone,
      subject: words,
      body: words,
    });
  };

async function login(
  req: FastifyRequest,
  reply: FastifyReply,
  params: { account: string; pwd: string; language?: string },
) {
  const { ctx } = req.server;
  const now = ctx.now();
  const config = await ctx.config.forSite(ctx.site);
  const o = await checkCredentials(ctx, 'operator', {
    account: params.account,
    pwd: params.pwd,
    ip: req.ip,
    now,
  });
  const previous = readCookie(req, OPERATOR_COOKIE);
  const old = previous ? await findOperatorSession(ctx.db, previous, config, now) : undefined;
  if (old) await endSession(ctx.db, old.id, 'operator');
  await purgeExpiredSessions(ctx.db, now, 'operator');
  await purgeAudit(ctx.db, num(config, 'audit_retention_days'), now);
  const lang = parseLang(params.language) ?? req.lang;
  const s = await createSession(ctx.db, o, config, lang, req.ip, now, 'operator');
  await recordOperatorLogin(ctx.db, o.id, now);
  await audit(ctx.db, { providerId: null, actor: o.code, action: 'operator.login', ip: req.ip });
  setCookie(req, reply, OPERATOR_COOKIE, s.token, s.maxAgeSeconds);
  reply.header('x-csrf-token', s.csrfToken);
  req.lang = lang;
  return {
    code: o.need_change_pwd === '1' ? RC.mustChangePassword : RC.ok,
    record: { operator: operatorUser(o), language: lang, sites: ctx.config.sites() },
  };
}

const day = text({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' });
const auditParams = {
  provider: upTo(20),
  actor: upTo(20),
  action: upTo(64),
  entityType: upTo(32),
  from: day,
  to: day,
};

export function operatorRoutes(app: FastifyInstance, store: FileStore): void {
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/op/login',
      tag: 'operator',
      summary: 'Sign an operator in (the console)',
      description:
        "The operator's account and password. Sets the console's own HttpOnly session cookie (rbt_operator) and answers the CSRF token in X-CSRF-Token. Throttled like the providers' login (942201 account locked, 942202 address blocked; 950003 wrong account or password; 201002 disabled); 312022 when the operator must set its own password first (a new account, a reset). record: operator {code, name, role reviewer|admin, sites (empty with allSites 1: every site)}, the deployment's sites.",
      auth: 'public',
      params: obj({ account: upTo(20), pwd: password, language }, ['account', 'pwd']),
      screen: { id: 'opLogin', call: 'submit' },
      codes: ['312022', '950003', '942201', '942202', '201002'],
      handler: (req, reply, params) => login(req, reply, params),
    }),
    route({
      method: 'READ',
      url: '/op/session',
      tag: 'operator',
      summary:
        "The operator's session: who, its role and sites, the deployment's sites and configuration, the queue's size and oldest change; the CSRF token header",
      auth: 'operator',
      allowPending: true,
      async handler(req, reply) {
        const s = operatorOf(req);
        reply.header('x-csrf-token', s.csrfToken);
        return {
          record: {
            operator: operatorUser(s.operator),
            language: s.language,
            sites: req.server.ctx.config.sites(),
            config: s.config,
            ...(await queueSummary(req.server.ctx.db, s.operator, req.server.ctx.now())),
          },
        };
      },
    }),
    route({
      method: 'POST',
      url: '/op/logout',
      tag: 'operator',
      summary: "End the operator's session",
      auth: 'operator',
      write: true,
      maintenanceWindow: false,
      allowPending: true,
      async handler(req, reply) {
        const s = operatorOf(req);
        await endSession(req.server.ctx.db, s.id, 'operator');
        await audit(req.server.ctx.db, {
          providerId: null,
          actor: s.operator.code,
          action: 'operator.logout',
          ip: req.ip,
        });
        clearSessionCookie(reply, OPERATOR_COOKIE);
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/op/changepassword',
      tag: 'operator',
      summary: "Change the operator's password (also the first one)",
      description:
        "The providers' change policy (8-20 characters, lower, upper, digit, an allowed special character; not the account, not weak, not one of the last password_history_count): 312011 wrong old password, 950011 same as old, 920013 weak or recently used. The operator's other sessions end.",
      auth: 'operator',
      write: true,
      maintenanceWindow: false,
      allowPending: true,
      params: obj({ oldPwd: password, newPwd: password }, ['oldPwd', 'newPwd']),
      screen: { id: 'opChangePassword', call: 'submit' },
      ruleCodes: { 'CommonRes.pwdSameAsOld': RC.samePassword },
      codes: ['312011', '950011', '920013', '942201'],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const o = s.operator;
        const now = ctx.now();
        if (!(await verifyPassword(String(params.oldPwd), o.password_hash))) {
          const locked = await recordAccountFailure(ctx.db, o, now, limitsOf(s.config), 'operators');
          if (locked) throw new ApiError(RC.accountLocked, [minutesLeft(locked, now)]);
          throw new ApiError(RC.oldPasswordWrong);
        }
        const problem = await newPasswordProblem(
          ctx.db,
          o,
          String(params.newPwd),
          num(s.config, 'password_history_count'),
        );
        if (problem === 'same') throw new ApiError(RC.samePassword);
        if (problem) throw new ApiError(RC.weakPassword);
        await setOperatorPassword(ctx.db, o, String(params.newPwd), now);
        await ctx.db.deleteFrom('operator_sessions').where('operator_id', '=', o.id).where('id', '!=', s.id).execute();
        await audit(ctx.db, { providerId: null, actor: o.code, action: 'operator.password', ip: req.ip });
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/op/changes',
      tag: 'operator',
      summary: 'The review queue: changes waiting for approval of the providers of the operator’s sites, oldest first',
      description:
        'Filters: site, provider (account code), entityType (tone, toneBox, ivrDirectory, ivrPrompt, nameTone), kind (add, modify, delete), olderThanHours. record: changes {requestID, entityType, entityID, entity (its code and name), kind, provider, providerName, site, requestTime (ISO 8601), ageMinutes}; recordSum the total.',
      auth: 'operator',
      params: obj({
        site: upTo(20),
        provider: upTo(20),
        entityType: oneOf(['', ...ENTITY_TYPES]),
        kind: oneOf(['', 'add', 'modify', 'delete']),
        olderThanHours: text({ pattern: '^\\d{0,5}$' }),
        ...paging,
      }),
      screen: { id: 'opQueue', call: 'list' },
      record: {
        type: 'array',
        items: stringRecord([
          'requestID',
          'entityType',
          'entityID',
          'entity',
          'kind',
          'provider',
          'providerName',
          'site',
          'requestTime',
          'ageMinutes',
        ]),
      },
      async handler(req, _reply, params) {
        const s = operatorOf(req);
        return listQueue(
          req.server.ctx.db,
          s.operator,
          // The filters are the parameters (an empty one filters nothing); the age is a number of hours.
          { ...params, olderThanHours: Number(params.olderThanHours) || undefined },
          pageRange(params),
          req.server.ctx.now(),
        );
      },
    }),
    route({
      method: 'READ',
      url: '/op/change',
      tag: 'operator',
      summary: 'One change with its values and files before and after',
      description:
        "requestID of a change of a provider of the operator's sites (950005 otherwise). record: the change (as in /op/changes, with status, reason, decidedBy) and fields [{name, label (i18n key), old, new, changed, labels?, format?}] (an id a field names shown as its name, in the request's language, and the id: \"Pop (3)\"; labels: code -> i18n key of the words for a code, from the upload form's options the record names (readAs); format 'datetime': old and new are ISO 8601 moments) and files [{name, label, params?, old, new, changed}] (params: the label's message parameters, a box prompt's language): saved file names, played through /op/file/{savedFilename}. An addition has nothing before, a deletion nothing after.",
      auth: 'operator',
      params: obj({ requestID: rowId }, ['requestID']),
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const { operator } = operatorOf(req);
        return {
          record: orNotFound(await changeDetail(req.server.ctx.db, operator, Number(params.requestID), req.lang)),
        };
      },
    }),
    route({
      method: 'POST',
      url: '/op/decide',
      tag: 'operator',
      summary: 'Approve or reject changes (one, or a selection)',
      description:
        "requestIDs (comma-separated, at most 100), decision approve or reject, reason (required to reject: the provider reads it as refuseReason). Each change is decided in its own transaction through the approval lifecycle, audited, and its provider notified. record: results [{requestID, result ok | not-pending (decided meanwhile, by another operator) | not-found | not-yours (another site's)}]; 000001 when some were not decided.",
      auth: 'operator',
      write: true,
      params: obj(
        {
          requestIDs: rowIds('Change request ids', 100),
          decision: oneOf(['approve', 'reject']),
          reason: upTo(1000),
        },
        ['requestIDs', 'decision'],
      ),
      screen: { id: 'opDecide', call: 'submit' },
      codes: [RC.partial],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const results = await decideMany(ctx.db, s.operator, rowIdList(params.requestIDs), {
          approve: params.decision === 'approve',
          reason: String(params.reason ?? '').trim(),
          now: ctx.now(),
          notice: noticeVia(req),
        });
        return { code: results.every((r) => r.result === 'ok') ? RC.ok : RC.partial, record: { results } };
      },
    }),
    route({
      method: 'GET',
      url: '/op/file/:savedFilename',
      tag: 'operator',
      summary: "Play or view a provider's uploaded file (a reviewer of its site)",
      description: '950005 when the file does not exist or its provider is not of one of the operator’s sites.',
      auth: 'operator',
      raw: true,
      codes: [RC.notFound],
      async handler(req, reply) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const name = req.params.savedFilename;
        const row = await ctx.db
          .selectFrom('uploaded_files as f')
          .innerJoin('providers as p', 'p.id', 'f.provider_id')
          .select(['f.provider_id', 'f.kind', 'f.size', 'f.created_at', 'p.site'])
          .where('f.saved_filename', '=', name)
          .executeTakeFirst();
        if (!row || !servesSite(s.operator, row.site)) throw new ApiError(RC.notFound);
        await sendUpload(req, reply, store, row.provider_id, name, row);
      },
    }),
    route({
      method: 'READ',
      url: '/op/providers',
      tag: 'operator',
      summary: "The providers of the operator's sites with their usage (administrators)",
      description:
        'Filters: code (prefix), name (contains), site, status (1 active, 2 disabled). record: providers {code, name, site, status, believeCP, nameTonePrivilege, jockeyRight, spType, quotaMb (0: the configuration’s), locked, expiresAt, storageMb, uploadsLastMinute, tonesNormal, tonesHidden, tonesNew, email, phone}.',
      record: {
        type: 'array',
        items: stringRecord([
          'code',
          'name',
          'site',
          'status',
          'believeCP',
          'nameTonePrivilege',
          'jockeyRight',
          'spType',
          'quotaMb',
          'locked',
          'expiresAt',
          'storageMb',
          'uploadsLastMinute',
          'tonesNormal',
          'tonesHidden',
          'tonesNew',
          'email',
          'phone',
        ]),
      },
      auth: 'operator',
      params: obj({
        code: upTo(20),
        name: upTo(200),
        site: upTo(20),
        status: oneOf(['', '1', '2']),
        ...paging,
      }),
      screen: { id: 'opProviders', call: 'list' },
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const f = {
          code: params.code ? String(params.code) : undefined,
          name: params.name ? String(params.name) : undefined,
          site: params.site ? String(params.site) : undefined,
          status: params.status ? String(params.status) : undefined,
        };
        return listProviders(ctx.db, s.operator, f, pageRange(params), ctx.now());
      },
    }),
    route({
      method: 'POST',
      url: '/op/provider/create',
      tag: 'operator',
      summary: 'Create a provider account (administrators)',
      description:
        "code (6-20 digits), name, site (one of the operator's), believeCP 0/1/2, email or phone: the first password goes to the provider through the notifier, to be changed at first login. 302031 when the code exists.",
      auth: 'operator',
      write: true,
      params: obj(
        {
          code: text({ pattern: '^\\d{6,20}$' }),
          name: upTo(200),
          site: upTo(20),
          believeCP: oneOf(['0', '1', '2']),
          email: upTo(255),
          phone: upTo(20),
        },
        ['code', 'name', 'site'],
      ),
      screen: { id: 'opProviderCreate', call: 'submit' },
      codes: [RC.exists, RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        if (!ctx.config.isSite(params.site)) throw new ApiError(RC.notFound);
        await addProvider(
          ctx.db,
          s.operator,
          {
            code: String(params.code),
            name: String(params.name),
            site: String(params.site),
            believeCP: String(params.believeCP ?? '0'),
            email: String(params.email ?? ''),
            phone: String(params.phone ?? ''),
          },
          ctx.notifier,
          req.ip,
          ctx.now(),
        );
        return { record: { code: String(params.code) } };
      },
    }),
    route({
      method: 'POST',
      url: '/op/provider/update',
      tag: 'operator',
      summary: "Change a provider's state, privileges, flags or quota (administrators)",
      description:
        "code of a provider of the operator's sites (950005 otherwise) and what changes: status 1/2 (disable ends its sessions), believeCP 0/1/2, nameTonePrivilege, jockeyRight (0/1), spType 1/2, quotaMb (0: the configuration's upload_quota_mb), expiresAt (YYYY-MM-DD, '' for none), unlock 1 (clears its failed logins). Audited with the values before and after.",
      auth: 'operator',
      write: true,
      params: obj(
        {
          code: upTo(20),
          status: oneOf(['', '1', '2']),
          believeCP: oneOf(['', '0', '1', '2']),
          nameTonePrivilege: oneOf(['', '0', '1']),
          jockeyRight: oneOf(['', '0', '1']),
          spType: oneOf(['', '1', '2']),
          quotaMb: text({ pattern: '^\\d{0,6}$' }),
          expiresAt: day,
          unlock: flag,
        },
        ['code'],
      ),
      screen: { id: 'opProviderEdit', call: 'submit' },
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const p = await providerFor(ctx.db, s.operator, String(params.code));
        const given = (k: keyof typeof params) =>
          params[k] === undefined || params[k] === '' ? undefined : String(params[k]);
        await updateProvider(
          ctx.db,
          s.operator,
          p,
          {
            status: given('status') as '1' | '2' | undefined,
            believeCP: given('believeCP'),
            nameTonePrivilege: given('nameTonePrivilege'),
            jockeyRight: given('jockeyRight'),
            spType: given('spType'),
            quotaMb: given('quotaMb') === undefined ? undefined : Number(params.quotaMb),
            expiresAt: params.expiresAt === undefined ? undefined : String(params.expiresAt),
            unlock: params.unlock === '1',
          },
          req.ip,
          ctx.now(),
        );
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/op/provider/resetpassword',
      tag: 'operator',
      summary: "Reset a provider's password (administrators): the new one goes to the provider through the notifier",
      auth: 'operator',
      write: true,
      params: obj({ code: upTo(20) }, ['code']),
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const p = await providerFor(ctx.db, s.operator, String(params.code));
        return { record: await resetPassword(ctx.db, s.operator, p, ctx.notifier, req.ip) };
      },
    }),
    route({
      method: 'READ',
      url: '/op/config',
      tag: 'operator',
      summary: 'Every configuration key of a site with its value and the layer it comes from (administrators)',
      description:
        "site: a site id, or '*' for the deployment's values before any site's own. record: keys {key, value, source (the layer), description, type, pattern, operatorSite (the operator's value for the site), operatorDeployment}.",
      record: { type: 'array', items: stringRecord(['key', 'value', 'source', 'description']) },
      auth: 'operator',
      params: obj({ site: upTo(20), key: upTo(64), ...paging }),
      screen: { id: 'opConfig', call: 'list' },
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const site = params.site && params.site !== DEPLOYMENT ? String(params.site) : undefined;
        if (site && !ctx.config.isSite(site)) throw new ApiError(RC.notFound);
        const explained = await ctx.config.explain(site);
        const rows = Object.entries(explained)
          .filter(([k]) => !params.key || k.includes(String(params.key)))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, e]) => ({ key, value: e.value, source: e.source, description: ctx.config.description(key) }));
        const range = pageRange(params);
        return {
          record: range.countOnly ? [] : rows.slice(range.offset, range.offset + range.limit),
          recordSum: rows.length,
        };
      },
    }),
    route({
      method: 'POST',
      url: '/op/config/set',
      tag: 'operator',
      summary: "Set a key at an operator's layer (administrators): for the deployment ('*') or one site",
      description:
        'The value must match the key’s schema (schemas/config.schema.json; 950004 naming why). It takes effect on every server process within the configuration cache’s 2 seconds. Audited with the value before.',
      auth: 'operator',
      write: true,
      params: obj({ site: upTo(20), key: upTo(64), value: upTo(1000) }, ['site', 'key', 'value']),
      screen: { id: 'opConfigEdit', call: 'submit' },
      codes: [RC.notFound],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const site = String(params.site);
        if (site !== DEPLOYMENT && !ctx.config.isSite(site)) throw new ApiError(RC.notFound);
        const refusal = ctx.config.refusal(String(params.key), String(params.value));
        if (refusal)
          throw new ApiError(
            RC.badInput,
            [],
            [{ field: 'value', message: 'Operator.configRefused', params: { reason: refusal } }],
          );
        const before = (await ctx.config.explain(site === DEPLOYMENT ? undefined : site))[String(params.key)];
        await ctx.config.set(String(params.key), String(params.value), site);
        await audit(ctx.db, {
          providerId: null,
          actor: s.operator.code,
          action: 'config.set',
          entityType: 'config',
          entityId: `${site}:${params.key}`,
          detail: { before: before?.value, after: params.value, layer: before?.source },
          ip: req.ip,
        });
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/op/config/unset',
      tag: 'operator',
      summary: "Remove the operator's value of a key, so the files' value applies again (administrators)",
      auth: 'operator',
      write: true,
      params: obj({ site: upTo(20), key: upTo(64) }, ['site', 'key']),
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const removed = await ctx.config.unset(String(params.key), String(params.site));
        await audit(ctx.db, {
          providerId: null,
          actor: s.operator.code,
          action: 'config.unset',
          entityType: 'config',
          entityId: `${params.site}:${params.key}`,
          detail: { removed },
          ip: req.ip,
        });
        return { record: { removed: removed ? '1' : '0' } };
      },
    }),
    route({
      method: 'READ',
      url: '/op/audit',
      tag: 'operator',
      summary: 'Search the audit log (a reviewer: its sites’ providers), newest first',
      description:
        'Filters: provider (account code), actor, action (prefix), entityType, from and to (YYYY-MM-DD, UTC days). record: entries {auditID, time, provider, actor, action, entityType, entityID, detail (JSON), ip}.',
      record: {
        type: 'array',
        items: stringRecord(AUDIT_ENTRY_FIELDS),
      },
      auth: 'operator',
      params: obj({ ...auditParams, ...paging }),
      screen: { id: 'opAudit', call: 'list' },
      async handler(req, _reply, params) {
        const s = operatorOf(req);
        return searchAudit(req.server.ctx.db, s.operator, params, pageRange(params));
      },
    }),
    route({
      method: 'READ',
      url: '/op/audit/export',
      tag: 'operator',
      summary: 'The audit log search as a CSV file',
      auth: 'operator',
      params: obj(auditParams),
      raw: true,
      async handler(req, reply, params) {
        const s = operatorOf(req);
        const rows = await exportAudit(req.server.ctx.db, s.operator, params);
        const header = ['time', 'provider', 'actor', 'action', 'entityType', 'entityID', 'detail', 'ip'];
        const body = [
          csvLine(header),
          ...rows.map((r) => csvLine(header.map((h) => String((r as Record<string, unknown>)[h] ?? '')))),
        ];
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit.csv"')
          .send(`\uFEFF${body.join('\r\n')}\r\n`);
      },
    }),
    route({
      method: 'READ',
      url: '/op/outbox',
      tag: 'operator',
      summary: "The notifier's outbox: the messages sent to providers, newest first (administrators)",
      record: { type: 'array', items: stringRecord(['time', 'provider', 'channel', 'recipient', 'subject', 'body']) },
      auth: 'operator',
      params: obj({ provider: upTo(20), ...paging }),
      screen: { id: 'opOutbox', call: 'list' },
      async handler(req, _reply, params) {
        return listOutbox(req.server.ctx.db, params.provider || undefined, pageRange(params));
      },
    }),
    route({
      method: 'READ',
      url: '/op/operators',
      tag: 'operator',
      summary: 'The operators (administrators)',
      record: {
        type: 'array',
        items: stringRecord([
          'code',
          'name',
          'role',
          'sites',
          'status',
          'allSites',
          'firstLogin',
          'needChangePwd',
          'lastLoginTime',
        ]),
      },
      auth: 'operator',
      params: obj({ ...paging }),
      screen: { id: 'opOperators', call: 'list' },
      async handler(req) {
        const rows = await req.server.ctx.db.selectFrom('operators').selectAll().orderBy('code').execute();
        return {
          recordSum: rows.length,
          record: rows.map((o) => ({ ...operatorUser(o), sites: o.sites, status: o.status })),
        };
      },
    }),
    route({
      method: 'POST',
      url: '/op/operator/create',
      tag: 'operator',
      summary: 'Create an operator (administrators): its first password goes to its mail through the outbox',
      auth: 'operator',
      write: true,
      params: obj(
        {
          code: text({ pattern: '^[A-Za-z0-9._-]{5,20}$' }),
          name: upTo(200),
          role: oneOf([...OPERATOR_ROLES]),
          sites: upTo(1000),
        },
        ['code', 'name', 'role', 'sites'],
      ),
      screen: { id: 'opOperatorCreate', call: 'submit' },
      codes: [RC.exists],
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const s = operatorOf(req);
        const created = await createOperatorAccount(req, params);
        await audit(ctx.db, {
          providerId: null,
          actor: s.operator.code,
          action: 'operator.create',
          entityType: 'operator',
          entityId: String(params.code),
          detail: { role: params.role, sites: params.sites },
          ip: req.ip,
        });
        return { record: created };
      },
    }),
  ]);
}

/** A new operator with a random first password, written to the outbox for the administrator to hand over. */
async function createOperatorAccount(req: FastifyRequest, params: Record<string, unknown>) {
  const { ctx } = req.server;
  if (await findOperatorByCode(ctx.db, String(params.code))) throw new ApiError(RC.exists);
  const sites = String(params.sites)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!sites.every((x) => x === '*' || ctx.config.isSite(x)))
    throw new ApiError(RC.badInput, [], [{ field: 'sites', message: 'Operator.unknownSite' }]);
  const pwd = randomPassword();
  await createOperator(ctx.db, {
    code: String(params.code),
    name: String(params.name),
    role: params.role as 'reviewer' | 'admin',
    sites,
    password: pwd,
  });
  await ctx.notifier.send({
    providerId: null,
    channel: 'operator',
    recipient: String(params.code),
    subject: 'Your RBT operator console account',
    body: `Operator ${String(params.code)}. First password: ${pwd} (change it at your first login).`,
  });
  return { code: String(params.code) };
}
