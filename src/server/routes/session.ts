// Session calls of 000 §7: login, session info, login check, logout, error-count check, language switch.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoutes, route } from '../http/route';
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
import { language, obj, password, stringRecord, text } from '../http/schemas';
import { setSessionLanguage } from '../services/sessions';
import { storePictureCode } from '../services/pictureCodes';
import { isExpired, mustChangePassword, userInfo, isSuperSP, USER_INFO_FIELDS } from '../services/providers';
import { loginErrorTimes, logIn, logOut } from '../services/login';
import { actorOf } from '../http/actor';
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

const PICTURE_TTL_MS = 5 * 60_000;

export function sessionRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/sp/sploginhs',
      tag: 'session',
      summary: 'Log in with account code and password',
      description:
        'Sets the HttpOnly session cookie and answers the CSRF token in the X-CSRF-Token header (a previous session of the same browser ends). With login_picture_code 1, pictureCode must match the last image of GET /common/picturecode (900014 otherwise). 000000 on success; 312022 when the account must change its password (first login or operator reset: only password, session and configuration calls are then allowed); 950003 wrong account or password; 942201 account locked / 942202 address blocked after repeated failures (returnMsg says for how many minutes); 201002 account disabled.',
      auth: 'public',
      params: obj(
        {
          account: text({ minLength: 1, maxLength: 20 }),
          pwd: password,
          pictureCode: text({ maxLength: 4 }),
          language,
        },
        ['account', 'pwd'],
      ),
      screen: { id: 'login', call: 'submit' },
      record: sessionRecordSchema,
      codes: ['312022', '950003', '942201', '942202', '201002', '900014'],
      async handler(req, reply, params) {
        const { ctx } = req.server;
        const lang = parseLang(params.language) ?? req.lang;
        const {
          provider: p,
          config,
          session,
        } = await logIn(ctx, {
          account: params.account,
          pwd: params.pwd,
          pictureCode: params.pictureCode,
          pictureId: readCookie(req, PICTURE_COOKIE),
          previousToken: readCookie(req, SESSION_COOKIE),
          lang,
          ip: req.ip,
          now: ctx.now(),
        });
        setSessionCookie(req, reply, session.token, session.maxAgeSeconds);
        reply.header('x-csrf-token', session.csrfToken);
        req.lang = lang;
        const record = await sessionRecord(ctx, p, config, lang, req.ip);
        return { code: mustChangePassword(p) ? RC.mustChangePassword : RC.ok, record };
      },
    }),
    route({
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
    }),
    route({
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
        const s = req.session;
        const record = await sessionRecord(req.server.ctx, s.provider, s.config, s.language, req.ip);
        return { code: isExpired(s.provider, req.server.ctx.now()) ? RC.accountExpired : RC.ok, record };
      },
    }),
    route({
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
    }),
    route({
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
        await logOut(req.server.ctx, actorOf(req), req.session.id);
        // The answer belongs to no session any more (no CSRF token header).
        (req as FastifyRequest).session = undefined;
        clearSessionCookie(reply);
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/common/checkModifyErrorTimes',
      tag: 'session',
      summary: 'Failed password attempts and lock state',
      description:
        'For the login page: wrong passwords counted for the account and for the calling address, the limits, and whether either is locked and for how many minutes. Unknown accounts report zero.',
      auth: 'public',
      params: obj({ account: text({ maxLength: 20 }) }),
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
        return { record: await loginErrorTimes(req.server.ctx, params.account, req.ip) };
      },
    }),
    route({
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
        await setSessionLanguage(req.server.ctx.db, req.session.id, lang);
        req.lang = lang;
        return { record: { language: lang } };
      },
    }),
  ]);
}
