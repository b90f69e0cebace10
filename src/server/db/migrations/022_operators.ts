// The operator's half (issue 26): operator accounts with a role (reviewer, administrator) and the sites they
// serve ('*' for all), with the same session security as providers (their own sessions, throttling columns and
// password history); the notifications a provider gets of every decision on its changes; a provider's own
// storage quota (0: the configuration's upload_quota_mb).
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const withId = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const text = (c: any) => c.notNull().defaultTo('');
  const ms = 'bigint' as const;

  await withId('operators')
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', text)
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('sites', 'varchar(1000)', (c) => c.notNull().defaultTo('*'))
    .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('need_change_pwd', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', ms)
    .addColumn('last_login_time', ms)
    .addColumn('pwd_changed_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await withId('operator_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('ip', 'varchar(64)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_seen_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_sessions_expires').on('operator_sessions').column('expires_at').execute();

  await withId('operator_password_history')
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_password_history_operator')
    .on('operator_password_history')
    .columns(['operator_id', 'id'])
    .execute();

  await withId('notifications')
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('change_request_id', 'integer', (c) => c.notNull())
    .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('decision', 'varchar(16)', (c) => c.notNull())
    .addColumn('entity', 'varchar(300)', text)
    .addColumn('reason', 'varchar(1000)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('read_at', ms)
    .execute();
  await db.schema.createIndex('notifications_provider').on('notifications').columns(['provider_id', 'id']).execute();

  await db.schema
    .alterTable('providers')
    .addColumn('quota_mb', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('change_requests_pending').on('change_requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}
