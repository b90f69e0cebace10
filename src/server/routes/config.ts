// Configuration and reference data: operator configuration, the login page's configuration, languages,
// data dictionaries (the name-tone category is with the name-tone calls, routes/nameTones.ts).
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, oneOf, stringRecord, text } from '../http/schemas';
import { writeWindow } from '../services/maintenanceWindow';
import { dictionaries, languages } from '../services/referenceData';

const dictItem = stringRecord(['dictType', 'itemCode', 'itemLabelValue', 'itemValue']);

export function configRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/common/ping',
      tag: 'config',
      summary: "Health check (load balancers, the benchmark's bare route)",
      auth: 'public',
      async handler() {
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/common/querywritewindow',
      tag: 'config',
      summary: 'The write window (maintenance_window): when writes are refused, and whether they are now',
      description:
        "Public and read-only, so a page can show a banner while writes are refused without keeping a session alive. site: the provider's site (default the deployment's). record: window 'HH:MM-HH:MM' ('' when off), active '1' or '0', until 'HH:MM' (server time) while active.",
      auth: 'public',
      params: obj({ site: text({ maxLength: 20 }) }),
      record: obj({
        window: text(),
        active: oneOf(['0', '1']),
        until: text(),
      }),
      async handler(req, _reply, params) {
        const { ctx } = req.server;
        const site = ctx.config.isSite(params.site) ? params.site : ctx.site;
        return { record: writeWindow((await ctx.config.forSite(site)).maintenance_window, new Date(ctx.now())) };
      },
    }),
    route({
      method: 'READ',
      url: '/common/queryconfig',
      tag: 'config',
      summary: "Operator configuration for the logged-in provider's site",
      description:
        "Every key of schemas/config.schema.json as the provider's site sees it, as strings: the schema's default, then site-variants/generic/config.json, the site's config.json, the operator's deployment value and the operator's value for the site (docs/integrators.md).",
      auth: 'session',
      allowPending: true,
      allowExpired: true,
      record: { type: 'object', additionalProperties: { type: 'string' } },
      async handler(req) {
        return { record: req.session.config };
      },
    }),
    route({
      method: 'READ',
      url: '/common/queryloginconfig',
      tag: 'config',
      summary: 'What the login and forgot-password pages need',
      description:
        'Picture code on/off, the special characters passwords may contain, the password policies of 000 §5, the default site, the throttling limit and the data dictionaries (dropdowns).',
      auth: 'public',
      record: {
        type: 'object',
        properties: {
          pictureCode: { type: 'string', enum: ['0', '1'] },
          allowedPasswordSpecialChar: { type: 'string' },
          passwordPolicy: { type: 'object' },
          site: { type: 'string' },
          maxErrorTimes: { type: 'string' },
          dictionaries: { type: 'array', items: dictItem },
        },
      },
      async handler(req) {
        const { ctx } = req.server;
        const c = await ctx.config.forSite(ctx.site);
        return {
          record: {
            pictureCode: c.login_picture_code === '1' ? '1' : '0',
            allowedPasswordSpecialChar: c.allowed_password_special_char ?? '',
            passwordPolicy: {
              login: { minLength: 6, maxLength: 20, rule: 'letters and non-letters' },
              change: {
                minLength: 8,
                maxLength: 20,
                rule: 'lower case, upper case, digit and special character; not the account code',
              },
              internalAuth: { minLength: 16, maxLength: 20 },
            },
            site: ctx.site,
            maxErrorTimes: c.login_max_failures,
            dictionaries: await dictionaries(ctx.db),
          },
        };
      },
    }),
    route({
      method: 'READ',
      url: '/common/querylanguagelist',
      tag: 'config',
      summary: 'Content languages, highest priority first',
      description:
        'languageDesc is the name in the language of the session (or of Accept-Language): 法语 in Chinese, French in English.',
      auth: 'session',
      allowPending: true,
      record: {
        type: 'array',
        items: stringRecord(['languageID', 'languageCode', 'languageDesc', 'priority']),
      },
      async handler(req) {
        const record = await languages(req.server.ctx.db, req.lang);
        return { record, recordSum: record.length };
      },
    }),
    route({
      method: 'READ',
      url: '/common/queryAllDataDictItem',
      tag: 'config',
      summary: 'Data dictionary items, of one dictType or all',
      auth: 'session',
      allowPending: true,
      params: obj({ dictType: text({ maxLength: 64 }) }),
      record: { type: 'array', items: dictItem },
      async handler(req, _reply, params) {
        const record = await dictionaries(req.server.ctx.db, params.dictType || undefined);
        return { record, recordSum: record.length };
      },
    }),
  ]);
}
