// What a provider learns of the operator's work (issue 26): its notifications, one per decision on its changes
// (sp/notifications, sp/notifications/read: the top bar's list with its unread count), and its own account's
// activity from the audit log (sp/activity: My Account > Activity).
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../http/route';
import { obj, oneOf, paging, rowIds, rowIdList, stringRecord, text } from '../http/schemas';
import { pageRange } from '../db/paging';
import { listNotifications, markRead } from '../services/notifications';
import { AUDIT_ENTRY_FIELDS, providerActivity } from '../services/auditLog';

export function notificationRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    route({
      method: 'READ',
      url: '/sp/notifications',
      tag: 'account',
      summary: "The provider's notifications: decisions on its changes, newest first, and how many are unread",
      description:
        'record: unread (count), items [{notificationID, entityType, entityID, entity (its code and name), kind add|modify|delete, decision approved|rejected, reason, time, read 0|1}] (the latest 20).',
      auth: 'session',
      allowExpired: true,
      record: {
        type: 'object',
        properties: {
          unread: text(),
          items: {
            type: 'array',
            items: stringRecord([
              'notificationID',
              'entityType',
              'entityID',
              'entity',
              'kind',
              'decision',
              'reason',
              'time',
              'read',
            ]),
          },
        },
      },
      async handler(req) {
        return { record: await listNotifications(req.server.ctx.db, req.session.provider.id) };
      },
    }),
    route({
      method: 'POST',
      url: '/sp/notifications/read',
      tag: 'account',
      summary: 'Mark notifications read: the ids given, or all',
      auth: 'session',
      write: true,
      maintenanceWindow: false,
      allowExpired: true,
      params: obj({ ids: rowIds('Notification ids', 100), all: oneOf(['', '0', '1']) }),
      async handler(req, _reply, params) {
        const ids = params.all === '1' ? 'all' : rowIdList(params.ids);
        await markRead(req.server.ctx.db, req.session.provider.id, ids, req.server.ctx.now());
        return {};
      },
    }),
    route({
      method: 'READ',
      url: '/sp/activity',
      tag: 'account',
      summary: "The provider's own account's activity (the audit log), newest first",
      description:
        'record: entries {auditID, time, provider, actor (the provider, or the operator who decided), action, entityType, entityID, detail (JSON), ip}.',
      auth: 'session',
      allowExpired: true,
      params: obj({ ...paging }),
      screen: { id: 'myActivity', call: 'list' },
      record: {
        type: 'array',
        items: stringRecord(AUDIT_ENTRY_FIELDS),
      },
      async handler(req, _reply, params) {
        return providerActivity(req.server.ctx.db, req.session.provider.id, pageRange(params));
      },
    }),
  ]);
}
