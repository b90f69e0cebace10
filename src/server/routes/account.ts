// Account calls of 000 §7: weak-password check, password change, forgot password (dynamic code + reset),
// own information, its update and download.
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { accountCode, obj, password, stringRecord, text } from '../http/schemas';
import { csvLine } from '../http/csv';
import { isWeakPassword } from '../security/passwordPolicy';
import { contactParams, selfInfo, SELF_INFO_FIELDS } from '../services/providers';
import { changePassword, resetPassword, sendDynamicCode, updateOwnContact } from '../services/ownAccount';

export function accountRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/checkweakpwd',
      tag: 'account',
      summary: 'Is a candidate password weak?',
      description:
        '000000 when acceptable, 920013 when weak (a common password, the account code inside it, four repeated or sequential characters).',
      auth: 'session',
      allowPending: true,
      allowExpired: true,
      params: obj({ pwd: password }, ['pwd']),
      screen: { id: 'changePassword', call: 'weakCheck' },
      codes: ['920013'],
      async handler(req, _reply, params) {
        return { code: isWeakPassword(String(params.pwd), req.session.provider.code) ? RC.weakPassword : RC.ok };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/updatecppwd',
      tag: 'account',
      summary: 'Change the password (also the forced first-login change)',
      description:
        'The change policy of 000 §5 (8-20 characters, lower, upper, digit and an allowed special character, not the account code), not the old password, not weak, not one of the last password_history_count passwords (default 5, the current one included). 312011 wrong old password (counted towards the account lock); 950011 same as old; 920013 weak or recently used; 950004 policy. spvCode: optional 8-digit verification code, accepted for compatibility and format-checked; the reference server does not require one. Other sessions of the account end; this one stays.',
      auth: 'session',
      write: true,
      maintenanceWindow: false,
      allowPending: true,
      allowExpired: true,
      params: obj({ oldPwd: password, newPwd: password, spvCode: text({ pattern: '^(\\d{8})?$' }) }, [
        'oldPwd',
        'newPwd',
      ]),
      screen: { id: 'changePassword', call: 'submit' },
      codes: ['312011', '950011', '920013', '942201'],
      // The screen's own differsFromOld rule answers the documented code, not the generic 950004.
      ruleCodes: { 'CommonRes.pwdSameAsOld': RC.samePassword },
      async handler(req, _reply, params) {
        await changePassword(req.server.ctx, req.session, String(params.oldPwd), String(params.newPwd), req.ip);
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/sp/senddynamicpassword',
      tag: 'account',
      summary: 'Forgot password: send a dynamic code',
      description:
        "Sends a 6-character dynamic code through the notifier (default: the outbox table and the server log) to the account's phone or email. Answers 000000 whether or not the account exists, so the call does not reveal accounts; 950012 when a code was sent less than dynamic_code_resend_seconds ago. The code expires after dynamic_code_ttl_minutes, is single use and allows 5 wrong tries. It never appears in an answer.",
      auth: 'public',
      params: obj({ account: accountCode }, ['account']),
      screen: { id: 'forgetPassword', call: 'sendCode' },
      codes: ['950012'],
      async handler(req, _reply, params) {
        await sendDynamicCode(req.server.ctx, String(params.account), req.ip);
        return {};
      },
    }),
    route({
      method: 'POST',
      url: '/sp/restpassword',
      tag: 'account',
      summary: 'Forgot password: set a new password with the dynamic code',
      description:
        '900014 when the code is wrong, used, expired or tried 5 times; then the same password rules as a change (950011 the current password; 920013 weak or one of the last password_history_count passwords). Success ends every session of the account and clears its lock.',
      auth: 'public',
      params: obj(
        {
          account: accountCode,
          dynamicCode: text({ pattern: '^[A-Za-z0-9]{6}$' }),
          newPwd: password,
          confirmPwd: password,
        },
        ['account', 'dynamicCode', 'newPwd'],
      ),
      screen: { id: 'forgetPassword', call: 'submit' },
      codes: ['900014', '950011', '920013'],
      async handler(req, _reply, params) {
        if (params.confirmPwd !== undefined && params.confirmPwd !== params.newPwd)
          throw new ApiError(RC.badInput, [], [{ field: 'confirmPwd', message: 'CommonRes.confirmPassword' }]);
        const { account, dynamicCode, newPwd } = params;
        await resetPassword(req.server.ctx, String(account), String(dynamicCode), String(newPwd), req.ip);
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/sp/qrycpselfInfo',
      tag: 'account',
      summary: 'Own account information',
      auth: 'session',
      allowExpired: true,
      record: {
        ...stringRecord(SELF_INFO_FIELDS),
        description:
          'User info plus the myAccount fields: spCode, spName, contactName, phoneNumber, email, address, description, status.',
      },
      async handler(req) {
        const s = req.session;
        return { record: selfInfo(s.provider, s.config) };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/updatecpinfo',
      tag: 'account',
      summary: 'Update own contact information',
      description:
        "The myAccount screen's fields: contactName, phoneNumber, email (comma-separated list, up to 10), address, description; validated by the screen's rules. Code, name, type and flags are the operator's.",
      auth: 'session',
      write: true,
      params: contactParams(),
      screen: { id: 'myAccount', call: 'submit' },
      async handler(req, _reply, params) {
        const updated = await updateOwnContact(req.server.ctx, req.session.provider, params, req.ip);
        return { record: selfInfo(updated, req.session.config) };
      },
    }),
    route({
      method: 'READ',
      url: '/sp/accountdownload',
      tag: 'account',
      summary: 'Download own account information (CSV file)',
      description:
        'Binary answer with Content-Disposition; the password hash is never included. Cells a spreadsheet would run as a formula (starting with = + - @) are prefixed with an apostrophe.',
      auth: 'session',
      allowExpired: true,
      raw: true,
      async handler(req, reply) {
        const s = req.session;
        const info = selfInfo(s.provider, s.config);
        const csv =
          Object.entries(info)
            .map((pair) => csvLine(pair))
            .join('\n') + '\n';
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="account_${s.provider.code}.csv"`)
          .send('\uFEFF' + csv);
      },
    }),
  ]);
}
