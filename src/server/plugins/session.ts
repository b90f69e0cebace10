// Session calls of 000 §7: login, session info, login check, logout, error-count check, language switch.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoutes } from '../routes';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import {
  setSessionCookie,
  clearSessionCookie,
  setCookie,
  readCookie,
  PICTURE_COOKIE,
  SESSION_COOKIE,
} from '../http/cookies';
import { newPictureCode, pictureSvg } from '../security/pictureCode';
import { newToken } from '../security/tokens';
import { parseLang } from '../http/lang';
import { obj, password, language, stringRecord } from '../http/schemas';
import { verifyPassword, dummyHash } from '../security/passwords';
import { createSession, endSession, findSession, purgeExpiredSessions, setSessionLanguage } from '../services/sessions';
import { storePictureCode, takePictureCode } from '../services/pictureCodes';
import {
  findProviderByCode,
  isExpired,
  mustChangePassword,
  recordLogin,
  userInfo,
  isSuperSP,
  USER_INFO_FIELDS,
} from '../services/providers';
import {
  addressState,
  recordAddressFailure,
  recordAccountFailure,
  clearAccountFailures,
  accountLockedUntil,
  limitsOf,
  minutesLeft,
} from '../services/throttle';
import { audit } from '../services/audit';
import { pendingApprovals } from '../services/toneBoxes';
import type { Provider } from '../db/schema';
import type { AppContext } from '../context';
import type { Config } from '../services/config';

const userInfoSchema = stringRecord(USER_INFO_FIELDS, {
  pendingApprovals: {
    type: 'integer',
    description:
      "The account's music boxes waiting for the operator's decision (000 §4: a radio account cannot submit another box while any wait).",
  },
});
const sessionRecordSchema = {
  type: 'object',
  properties: {
    userInfo: userInfoSchema,
    needChangePwd: { type: 'string', enum: ['0', '1'] },
    language: { type: 'string' },
    visitorIp: { type: 'string' },
    isSuperSP: { type: 'string' },
    ossLoginUser: { type: 'string', description: "Always '0': the reference server has no OSS single sign-on." },
    roles: { type: 'array', items: { type: 'string' } },
    permissions: { type: 'array', items: { type: 'string' } },
    config: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/** The session as the portal stores it (000 §3); the token itself stays in the HttpOnly cookie. */
async function sessionRecord(ctx: AppContext, p: Provider, config: Config, lang: string, ip: string) {
  return {
    userInfo: { ...userInfo(p, config), pendingApprovals: await pendingApprovals(ctx.db, p.id) },
    needChangePwd: mustChangePassword(p) ? '1' : '0',
    language: lang,
    visitorIp: ip,
    isSuperSP: isSuperSP(p, config) ? '1' : '0',
    ossLoginUser: '0',
    roles: ['cp'],
    permissions: [],
    config,
  };
}

const ipOf = (req: FastifyRequest) => req.ip;
const PICTURE_TTL_MS = 5 * 60_000;

/** The picture code typed on the login page against the one last shown to this browser; single use. */
async function checkPictureCode(req: FastifyRequest, typed: unknown): Promise<boolean> {
  const { ctx } = req.server;
  const id = readCookie(req, PICTURE_COOKIE);
  if (!id || typeof typed !== 'string') return false;
  return takePictureCode(ctx.db, id, typed, ctx.now());
}

export function sessionRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    {
      method: 'POST',
      url: '/sp/sploginhs',
      tag: 'session',
      summary: 'Log in with account code and password',
      description:
        'Sets the HttpOnly session cookie and answers the CSRF token in the X-CSRF-Token header (a previous session of the same browser ends). With login_picture_code 1, pictureCode must match the last image of GET /common/picturecode (900014 otherwise). 000000 on success; 312022 when the account must change its password (first login or operator reset: only password, session and configuration calls are then allowed); 950003 wrong account or password; 942201 account locked / 942202 address blocked after repeated failures (returnMsg says for how many minutes); 201002 account disabled.',
      auth: 'public',
      params: obj(
        {
          account: { type: 'string', minLength: 1, maxLength: 20 },
          pwd: password,
          pictureCode: { type: 'string', maxLength: 4 },
          language,
        },
        ['account', 'pwd'],
      ),
      screen: { id: 'login', call: 'submit' },
      record: sessionRecordSchema,
      codes: ['312022', '950003', '942201', '942202', '201002', '900014'],
      async handler(req, reply, params) {
        const { ctx } = req.server;
        const now = ctx.now();
        const ip = ipOf(req);
        const siteConfig = await ctx.config.forSite(ctx.site);
        const limits = limitsOf(siteConfig);
        const addr = await addressState(ctx.db, ip, now, limits);
        if (addr.lockedUntil) throw new ApiError(RC.addressLocked, [minutesLeft(addr.lockedUntil, now)]);
        if (siteConfig.login_picture_code === '1' && !(await checkPictureCode(req, params.pictureCode)))
          throw new ApiError(RC.dynamicCodeWrong);
        const p = await findProviderByCode(ctx.db, String(params.account));
        if (p) {
          const locked = accountLockedUntil(p, now);
          if (locked) throw new ApiError(RC.accountLocked, [minutesLeft(locked, now)]);
        }
        // Unknown accounts still cost one hash, so the answer time does not tell which accounts exist.
        const ok = await verifyPassword(String(params.pwd), p ? p.password_hash : await dummyHash());
        if (!p || !ok) {
          await recordAddressFailure(ctx.db, ip, now, limits);
          const lockedNow = p ? await recordAccountFailure(ctx.db, p, now, limits) : null;
          if (p) await audit(ctx.db, { providerId: p.id, actor: p.code, action: 'login.failed', ip });
          if (lockedNow) throw new ApiError(RC.accountLocked, [minutesLeft(lockedNow, now)]);
          throw new ApiError(RC.badCredentials);
        }
        if (p.status !== '1') throw new ApiError(RC.accountUnavailable);
        await clearAccountFailures(ctx.db, p.id);
        const config = await ctx.config.forSite(p.site);
        const lang = parseLang(params.language) ?? req.lang;
        // A browser that logs in again leaves its previous session behind: end it.
        const previous = readCookie(req, SESSION_COOKIE);
        const old = previous
          ? await findSession(ctx.db, previous, (site, generation) => ctx.config.atGeneration(site, generation), now)
          : undefined;
        if (old) await endSession(ctx.db, old.id);
        // Housekeeping on the way: sessions past their absolute expiry (an indexed range delete).
        await purgeExpiredSessions(ctx.db, now);
        const s = await createSession(ctx.db, p, config, lang, ip, now);
        // The answer shows the previous login time (whether_record_admin_login), then records this one.
        await recordLogin(ctx.db, p.id, now);
        await audit(ctx.db, { providerId: p.id, actor: p.code, action: 'login', ip });
        setSessionCookie(req, reply, s.token, s.maxAgeSeconds);
        reply.header('x-csrf-token', s.csrfToken);
        req.lang = lang;
        const record = await sessionRecord(ctx, p, config, lang, ip);
        return { code: mustChangePassword(p) ? RC.mustChangePassword : RC.ok, record };
      },
    },
    {
      method: 'GET',
      url: '/common/picturecode',
      tag: 'session',
      summary: 'A picture code image for the login page (SVG)',
      description:
        'Sets the short-lived HttpOnly cookie rbt_pic naming this image; the code (4 characters) is valid for 5 minutes and one login attempt. Only needed when queryloginconfig answers pictureCode 1.',
      auth: 'public',
      raw: true,
      async handler(req, reply) {
        const { ctx } = req.server;
        const id = newToken();
        const code = newPictureCode();
        await storePictureCode(ctx.db, id, code, ctx.now(), PICTURE_TTL_MS);
        setCookie(req, reply, PICTURE_COOKIE, id, PICTURE_TTL_MS / 1000);
        reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(pictureSvg(code));
      },
    },
    {
      method: 'READ',
      url: '/checkLoginInfo',
      tag: 'session',
      summary: 'The current session (user info, flags, configuration)',
      description:
        '900000 without a live session; 909090 (with the record) when the account has expired. Answers the CSRF token header, so a reloaded page recovers it.',
      auth: 'session',
      allowPending: true,
      allowExpired: true,
      record: sessionRecordSchema,
      codes: ['909090'],
      async handler(req) {
        const s = req.session!;
        const record = await sessionRecord(req.server.ctx, s.provider, s.config, s.language, ipOf(req));
        return { code: isExpired(s.provider, req.server.ctx.now()) ? RC.accountExpired : RC.ok, record };
      },
    },
    {
      method: 'READ',
      url: '/sp/checkcplogin',
      tag: 'session',
      summary: 'Login check before an upload or a sensitive step',
      description: '000000 while the session is live, 900000 otherwise.',
      auth: 'session',
      allowPending: true,
      allowExpired: true,
      async handler() {
        return {};
      },
    },
    {
      method: 'POST',
      url: '/common/logout',
      tag: 'session',
      summary: 'End the session',
      description: 'Deletes the session and clears the cookie. Requires the CSRF token.',
      auth: 'session',
      write: true,
      maintenanceWindow: false,
      allowPending: true,
      allowExpired: true,
      async handler(req, reply) {
        await endSession(req.server.ctx.db, req.session!.id);
        await audit(req.server.ctx.db, {
          providerId: req.session!.provider.id,
          actor: req.session!.provider.code,
          action: 'logout',
          ip: ipOf(req),
        });
        req.session = undefined;
        clearSessionCookie(reply);
        return {};
      },
    },
    {
      method: 'READ',
      url: '/common/checkModifyErrorTimes',
      tag: 'session',
      summary: 'Failed password attempts and lock state',
      description:
        'For the login page: wrong passwords counted for the account and for the calling address, the limits, and whether either is locked and for how many minutes. Unknown accounts report zero.',
      auth: 'public',
      params: obj({ account: { type: 'string', maxLength: 20 } }),
      screen: { id: 'login', call: 'errorTimes' },
      record: {
        type: 'object',
        properties: Object.fromEntries(
          [
            'errorTimes',
            'maxErrorTimes',
            'remainingTimes',
            'lockMinutes',
            'addressErrorTimes',
            'addressMaxErrorTimes',
            'addressLockMinutes',
          ]
            .map((k) => [k, { type: 'integer' }])
            .concat([
              ['locked', { type: 'string' }],
              ['addressLocked', { type: 'string' }],
            ]),
        ),
      },
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const now = ctx.now();
        const limits = limitsOf(await ctx.config.forSite(ctx.site));
        const p = params.account ? await findProviderByCode(ctx.db, String(params.account)) : undefined;
        const locked = p ? accountLockedUntil(p, now) : null;
        const errorTimes = p && !(p.locked_until && p.locked_until <= now) ? p.failed_logins : 0;
        const addr = await addressState(ctx.db, ipOf(req), now, limits);
        return {
          record: {
            errorTimes,
            maxErrorTimes: limits.accountMax,
            remainingTimes: Math.max(0, limits.accountMax - errorTimes),
            locked: locked ? '1' : '0',
            lockMinutes: locked ? minutesLeft(locked, now) : 0,
            addressErrorTimes: addr.failures,
            addressMaxErrorTimes: limits.addressMax,
            addressLocked: addr.lockedUntil ? '1' : '0',
            addressLockMinutes: addr.lockedUntil ? minutesLeft(addr.lockedUntil, now) : 0,
          },
        };
      },
    },
    {
      method: 'POST',
      url: '/common/switchlanguage',
      tag: 'session',
      summary: 'Set the language of the session (answers and messages)',
      description:
        'Answers follow the session language, else Accept-Language, else the default language (the first of i18n/languages.json).',
      auth: 'session',
      write: true,
      maintenanceWindow: false,
      allowPending: true,
      allowExpired: true,
      params: obj({ language }, ['language']),
      async handler(req, _reply, params) {
        const lang = parseLang(params.language)!;
        await setSessionLanguage(req.server.ctx.db, req.session!.id, lang);
        req.lang = lang;
        return { record: { language: lang } };
      },
    },
  ]);
}
