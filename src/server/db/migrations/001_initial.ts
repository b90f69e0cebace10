// The first schema: every table of the reference server and an index for every list filter.
// Written once with Kysely's schema builder so the same migration runs on SQLite and PostgreSQL.
import { type Kysely, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Auto-increment keys differ: SQLite's INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL's serial.
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return (withId = true): CreateTableBuilder<string, any> =>
      withId
        ? dialect === 'postgres'
          ? t.addColumn('id', 'serial', (c) => c.primaryKey())
          : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : t;
  };
  const text = (c: any) => c.notNull().defaultTo('');
  const ms = 'bigint' as const;

  await table('providers')()
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', text)
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('sp_type', 'varchar(4)', (c) => c.notNull().defaultTo('1'))
    .addColumn('first_login', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('need_change_pwd', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('last_login_time', ms)
    .addColumn('monthly_prefix', 'varchar(4)', text)
    .addColumn('weekly_prefix', 'varchar(4)', text)
    .addColumn('believe_cp', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_super_sp', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('namerbt_privilege', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('site', 'varchar(16)', (c) => c.notNull().defaultTo('generic'))
    .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('expires_at', ms)
    .addColumn('email', 'varchar(255)', text)
    .addColumn('phone', 'varchar(20)', text)
    .addColumn('contact', 'varchar(100)', text)
    .addColumn('address', 'varchar(255)', text)
    .addColumn('description', 'varchar(1000)', text)
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', ms)
    .addColumn('pwd_changed_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await table('sessions')()
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('ip', 'varchar(64)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_seen_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_provider').on('sessions').column('provider_id').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await table('address_throttle')(false)
    .addColumn('address', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', ms, (c) => c.notNull())
    .addColumn('locked_until', ms)
    .execute();

  await table('dynamic_codes')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('dynamic_codes_provider').on('dynamic_codes').columns(['provider_id', 'id']).execute();

  await table('outbox')()
    .addColumn('provider_id', 'integer')
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(255)', text)
    .addColumn('subject', 'varchar(255)', text)
    .addColumn('body', 'text', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  // Operator configuration: site '*' holds the deployment's values, a site id the values that differ there.
  await table('config')(false)
    .addColumn('site', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'text', text)
    .addColumn('description', 'text', text)
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('config_pk', ['site', 'key'])
    .execute();

  await table('dictionary_items')()
    .addColumn('dict_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('item_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('item_label_value', 'varchar(255)', text)
    .addColumn('item_value', 'varchar(255)', text)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('dictionary_items_type')
    .on('dictionary_items')
    .columns(['dict_type', 'sort_order'])
    .execute();

  await table('languages')(false)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('language_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('language_desc', 'varchar(64)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('catalogues')()
    .addColumn('parent_id', 'integer', (c) => c.references('catalogues.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('resource_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('relative_validity_period', 'varchar(16)', text)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('catalogues_parent')
    .on('catalogues')
    .columns(['resource_type', 'parent_id', 'sort_order'])
    .execute();

  await table('tariffs')()
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', text)
    .addColumn('price_group_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('order_type', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema.createIndex('tariffs_type').on('tariffs').columns(['price_group_type', 'id']).execute();

  await table('tariff_details')()
    .addColumn('tariff_id', 'integer', (c) => c.notNull().references('tariffs.id').onDelete('cascade'))
    .addColumn('operator', 'varchar(8)', text)
    .addColumn('order_type', 'varchar(8)', text)
    .addColumn('price', 'varchar(32)', text)
    .addColumn('start_date', 'varchar(32)', text)
    .addColumn('end_date', 'varchar(32)', text)
    .addColumn('promotion_id', 'varchar(32)', text)
    .addColumn('service_code', 'varchar(32)', text)
    .addColumn('user_type', 'varchar(8)', text)
    .addColumn('description', 'varchar(1000)', text)
    .execute();
  await db.schema.createIndex('tariff_details_tariff').on('tariff_details').column('tariff_id').execute();

  await table('tones')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('tone_code', 'varchar(22)', (c) => c.notNull().unique())
    .addColumn('tone_name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('singer_name', 'varchar(1024)', text)
    .addColumn('singer_sex', 'varchar(4)', text)
    .addColumn('status', 'varchar(4)', text)
    .addColumn('approve_type', 'varchar(4)', text)
    .addColumn('table_type', 'varchar(4)', text)
    .addColumn('ask_type', 'varchar(4)', text)
    .addColumn('refuse_reason', 'varchar(1000)', text)
    .addColumn('price', 'varchar(32)', text)
    .addColumn('caller_price', 'varchar(32)', text)
    .addColumn('total_price', 'varchar(32)', text)
    .addColumn('tariff_price', 'varchar(32)', text)
    .addColumn('relative_time', 'varchar(16)', text)
    .addColumn('tone_valid_day', 'varchar(10)', text)
    .addColumn('order_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language_id', 'integer')
    .addColumn('catalog_id', 'integer')
    .addColumn('price_group_id', 'integer')
    .addColumn('isrc', 'varchar(32)', text)
    .addColumn('mate_info', 'varchar(256)', text)
    .addColumn('info', 'varchar(1000)', text)
    .addColumn('cut_flag', 'varchar(2)', text)
    .addColumn('tone_file', 'text', text)
    .addColumn('additional_tone_info', 'text', text)
    .addColumn('upload_type', 'varchar(4)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Paging seeks by (provider_id, seq); each list filter has an index led by provider_id, ending in id so
  // a filtered page is read from the index in order.
  await db.schema.createIndex('tones_provider_seq').on('tones').columns(['provider_id', 'seq']).unique().execute();
  for (const col of [
    'status',
    'tone_name',
    'singer_name',
    'tone_valid_day',
    'created_at',
    'approve_type',
    'catalog_id',
  ]) {
    await db.schema.createIndex(`tones_provider_${col}`).on('tones').columns(['provider_id', col, 'id']).execute();
  }
  await db.schema.createIndex('tones_isrc').on('tones').column('isrc').execute();

  await table('tags')()
    .addColumn('provider_id', 'integer', (c) => c.notNull())
    .addColumn('tone_id', 'integer', (c) => c.notNull().references('tones.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tags_tone').on('tags').columns(['tone_id', 'name']).execute();
  await db.schema.createIndex('tags_provider_name').on('tags').columns(['provider_id', 'name']).execute();

  await table('copyright_companies')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('copyright_type', 'varchar(4)', (c) => c.notNull().defaultTo('2'))
    .addColumn('company_name', 'varchar(200)', text)
    .addColumn('official_name', 'varchar(200)', text)
    .addColumn('phone_number', 'varchar(32)', text)
    .addColumn('email', 'varchar(255)', text)
    .addColumn('stage_name', 'varchar(200)', text)
    .addColumn('id_number', 'varchar(100)', text)
    .addColumn('description', 'varchar(256)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  for (const col of ['official_name', 'phone_number', 'copyright_type']) {
    await db.schema
      .createIndex(`copyright_provider_${col}`)
      .on('copyright_companies')
      .columns(['provider_id', col, 'id'])
      .execute();
  }

  await table('tone_boxes')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(4)', text)
    .addColumn('type', 'varchar(4)', text)
    .addColumn('tone_box_type', 'varchar(4)', text)
    .addColumn('price', 'varchar(32)', text)
    .addColumn('monthly_price', 'varchar(32)', text)
    .addColumn('weekly_price', 'varchar(32)', text)
    .addColumn('valid_day', 'varchar(10)', text)
    .addColumn('relative_time', 'varchar(16)', text)
    .addColumn('description', 'varchar(1024)', text)
    .addColumn('catalog_id', 'integer')
    .addColumn('price_group_id', 'integer')
    .addColumn('tone_file', 'text', text)
    .addColumn('additional_info', 'text', text)
    .addColumn('approve_type', 'varchar(4)', text)
    .addColumn('table_type', 'varchar(4)', text)
    .addColumn('ask_type', 'varchar(4)', text)
    .addColumn('refuse_reason', 'varchar(1000)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  for (const col of ['status', 'tone_box_type', 'approve_type']) {
    await db.schema
      .createIndex(`tone_boxes_provider_${col}`)
      .on('tone_boxes')
      .columns(['provider_id', col, 'id'])
      .execute();
  }
  await table('tone_box_items')(false)
    .addColumn('box_id', 'integer', (c) => c.notNull().references('tone_boxes.id').onDelete('cascade'))
    .addColumn('tone_id', 'integer', (c) => c.notNull().references('tones.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tone_box_items_pk', ['box_id', 'tone_id'])
    .execute();
  await db.schema.createIndex('tone_box_items_tone').on('tone_box_items').column('tone_id').execute();

  await table('ivr_directories')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(4)', text)
    .addColumn('prompt_file', 'varchar(255)', text)
    .addColumn('status', 'varchar(4)', text)
    .addColumn('reject_reason', 'varchar(1000)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ivr_directories_provider')
    .on('ivr_directories')
    .columns(['provider_id', 'position'])
    .execute();
  await table('ivr_directory_items')(false)
    .addColumn('directory_id', 'integer', (c) => c.notNull().references('ivr_directories.id').onDelete('cascade'))
    .addColumn('tone_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ivr_directory_items_pk', ['directory_id', 'tone_id'])
    .execute();

  await table('name_tones')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_date', 'varchar(32)', text)
    .addColumn('initial_letter', 'varchar(1)', text)
    .addColumn('msisdn', 'varchar(20)', text)
    .addColumn('upload_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upload_link', 'varchar(255)', text)
    .addColumn('status', 'varchar(4)', text)
    .execute();
  await db.schema
    .createIndex('name_tones_provider')
    .on('name_tones')
    .columns(['provider_id', 'initial_letter', 'id'])
    .execute();

  await table('batch_tasks')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('task_name', 'varchar(200)', text)
    .addColumn('task_type', 'varchar(8)', text)
    .addColumn('task_type_name', 'varchar(64)', text)
    .addColumn('task_desc', 'varchar(256)', text)
    .addColumn('request_time', ms, (c) => c.notNull())
    .addColumn('run_time', ms)
    .addColumn('status', 'varchar(4)', (c) => c.notNull().defaultTo('1'))
    .addColumn('file_name', 'varchar(255)', text)
    .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'text', text)
    .addColumn('data', 'text', text)
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_at', ms)
    .execute();
  await db.schema
    .createIndex('batch_tasks_provider')
    .on('batch_tasks')
    .columns(['provider_id', 'task_type', 'request_time'])
    .execute();
  await db.schema.createIndex('batch_tasks_queue').on('batch_tasks').columns(['status', 'id']).execute();

  await table('uploaded_files')()
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('saved_filename', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('original_filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('info', 'text', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploaded_files_provider').on('uploaded_files').columns(['provider_id', 'id']).execute();

  await table('change_requests')()
    .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('payload', 'text', text)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'varchar(1000)', text)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('decided_at', ms)
    .addColumn('decided_by', 'varchar(64)', text)
    .execute();
  await db.schema.createIndex('change_requests_status').on('change_requests').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('change_requests_entity')
    .on('change_requests')
    .columns(['entity_type', 'entity_id', 'status'])
    .execute();
  await db.schema
    .createIndex('change_requests_provider')
    .on('change_requests')
    .columns(['provider_id', 'status', 'id'])
    .execute();

  await table('audit_log')()
    .addColumn('at', ms, (c) => c.notNull())
    .addColumn('provider_id', 'integer')
    .addColumn('actor', 'varchar(64)', text)
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_type', 'varchar(32)', text)
    .addColumn('entity_id', 'varchar(64)', text)
    .addColumn('detail', 'text', text)
    .addColumn('ip', 'varchar(64)', text)
    .execute();
  await db.schema.createIndex('audit_log_provider').on('audit_log').columns(['provider_id', 'at']).execute();
}
