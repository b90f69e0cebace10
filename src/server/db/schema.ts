// Row types of every table, as Kysely sees them. Column names are snake_case in the database; the API
// layer maps them to the spec's camelCase names. Timestamps are epoch milliseconds (int8 on PostgreSQL,
// parsed back to numbers in connection.ts); flags keep the spec's string values ('0', '1', ...).
import type { Generated, Insertable, Selectable } from 'kysely';

export interface ProviderTable {
  id: Generated<number>;
  code: string;
  name: string;
  password_hash: string;
  sp_type: string;
  first_login: string;
  need_change_pwd: string;
  last_login_time: number | null;
  monthly_prefix: string;
  weekly_prefix: string;
  believe_cp: string;
  is_super_sp: string;
  namerbt_privilege: string;
  /** '1' may upload jockey tones that can be cut (001 §5.1); granted by the operator. */
  jockey_right: string;
  site: string;
  /** '1' active, '2' disabled by the operator. */
  status: string;
  /** Account validity end (epoch ms); past it login answers 909090. */
  expires_at: number | null;
  email: string;
  phone: string;
  contact: string;
  address: string;
  description: string;
  failed_logins: number;
  locked_until: number | null;
  pwd_changed_at: number | null;
  /** The provider's own storage quota in MB (migration 022); 0: upload_quota_mb of its configuration. */
  quota_mb: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** An operator of the portal (migration 022): reviews changes of its sites; an administrator also runs accounts and configuration. */
export interface OperatorTable {
  id: Generated<number>;
  code: string;
  name: string;
  password_hash: string;
  /** reviewer | admin */
  role: string;
  /** '*' every site, or the site ids it serves, comma separated. */
  sites: string;
  /** '1' active, '2' disabled. */
  status: string;
  /** '1' until the operator sets its own password (a new account, a reset). */
  need_change_pwd: string;
  failed_logins: number;
  locked_until: number | null;
  last_login_time: number | null;
  pwd_changed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The columns of a signed-in session, a provider's (sessions) or an operator's (operator_sessions). */
export interface SessionColumns {
  id: Generated<number>;
  token_hash: string;
  csrf_token: string;
  language: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface OperatorSessionTable extends SessionColumns {
  operator_id: number;
}

export interface OperatorPasswordHistoryTable {
  id: Generated<number>;
  operator_id: number;
  password_hash: string;
  created_at: number;
}

/** A provider told of a decision on one of its changes (migration 022): the top bar's list, read or not. */
export interface NotificationTable {
  id: Generated<number>;
  provider_id: number;
  change_request_id: number;
  entity_type: string;
  entity_id: number;
  /** The change: add | modify | delete. */
  kind: string;
  /** approved | rejected */
  decision: string;
  /** What the entity is called (a tone's code and name), as the operator saw it. */
  entity: string;
  reason: string;
  created_at: number;
  read_at: number | null;
}

export interface SessionTable extends SessionColumns {
  provider_id: number;
}

export interface AddressThrottleTable {
  address: string;
  failures: number;
  window_start: number;
  locked_until: number | null;
}

export interface DynamicCodeTable {
  id: Generated<number>;
  provider_id: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  attempts: number;
}

export interface OutboxTable {
  id: Generated<number>;
  provider_id: number | null;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
}

/** One row: the number of the config table's latest change (migration 030; a trigger counts every change). */
export interface ConfigGenerationTable {
  id: number;
  /** int8 on PostgreSQL, read as a number like every int8 (connection.ts). */
  generation: number;
}

/**
 * Changes of the tones' state columns, one row a group and change (migration 036; triggers on tones add them): a
 * provider's tones counted by state are the sums of its rows (services/toneStateCounts.ts).
 */
export interface ToneStateDeltaTable {
  id: Generated<number>;
  provider_id: number;
  status: string;
  approve_type: string;
  table_type: string;
  ask_type: string;
  transcode_state: string;
  /** 1: the refuse reason is not empty. */
  refused: number;
  n: number;
}

export interface ConfigTable {
  /** '*' for the whole deployment, or a site id whose value wins for that site's providers. */
  site: string;
  key: string;
  value: string;
  description: string;
  updated_at: number;
}

export interface DictionaryItemTable {
  id: Generated<number>;
  dict_type: string;
  item_code: string;
  item_label_value: string;
  item_value: string;
  sort_order: number;
}

export interface LanguageTable {
  id: number;
  language_code: string;
  language_desc: string;
  priority: number;
}

/** Reference data names in languages other than English (services/translations.ts). */
export interface TranslationTable {
  entity: string;
  entity_id: number;
  field: string;
  lang: string;
  text: string;
}

export interface CatalogueTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  /** 1 tones, 2 tone boxes (the spec's resourceType). */
  resource_type: number;
  relative_validity_period: string;
  sort_order: number;
}

export interface TariffTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** 2 tone tariffs, 3 package tariffs (queryTariff's priceGroupType). */
  price_group_type: number;
  order_type: number;
}

export interface TariffDetailTable {
  id: Generated<number>;
  tariff_id: number;
  operator: string;
  order_type: string;
  price: string;
  start_date: string;
  end_date: string;
  promotion_id: string;
  service_code: string;
  user_type: string;
  description: string;
}

/**
 * The approval marks every approvable table carries (lifecycle/states.ts; tones and boxes from the first schema,
 * IVR directories, prompts and name tones from migration 021): what change waits for the operator, or was refused
 * and why.
 */
export interface ApprovalMarks {
  approve_type: string;
  table_type: string;
  ask_type: string;
  refuse_reason: string;
}

export interface ToneTable extends ApprovalMarks {
  id: Generated<number>;
  provider_id: number;
  /** 1..n per provider, dense and never reused (tones are deleted by status): list paging seeks by it. */
  seq: number;
  tone_code: string;
  tone_name: string;
  singer_name: string;
  singer_sex: string;
  status: string;
  price: string;
  caller_price: string;
  total_price: string;
  tariff_price: string;
  relative_time: string;
  tone_valid_day: string;
  order_times: number;
  language_id: number | null;
  catalog_id: number | null;
  price_group_id: number | null;
  isrc: string;
  mate_info: string;
  info: string;
  cut_flag: string;
  tone_file: string;
  additional_tone_info: string;
  upload_type: string;
  /** Form fields without a column (migration 003): JSON text. */
  details: Generated<string>;
  /** The state of the tone's latest transcode ('' none; lifecycle/states.ts TRANSCODE) and why it failed (024). */
  transcode_state: Generated<string>;
  transcode_reason: Generated<string>;
  /** The upload form's sub-company code (001 §3; migration 033): letters and digits, '' when none. */
  sub_company_id: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface TagTable {
  id: Generated<number>;
  provider_id: number;
  tone_id: number;
  name: string;
}

export interface CopyrightCompanyTable {
  id: Generated<number>;
  provider_id: number;
  copyright_type: string;
  company_name: string;
  official_name: string;
  phone_number: string;
  email: string;
  stage_name: string;
  id_number: string;
  description: string;
  created_at: number;
}

/** A copyright owner of a tone in one role, with the validity of that right (001 §3). */
export interface ToneCopyrightTable {
  tone_id: number;
  /** lyric | tune | record */
  role: string;
  company_id: number;
  valid_day: string;
}

export interface ToneBoxTable extends ApprovalMarks {
  id: Generated<number>;
  provider_id: number;
  code: string;
  name: string;
  status: string;
  type: string;
  tone_box_type: string;
  price: string;
  monthly_price: string;
  weekly_price: string;
  valid_day: string;
  relative_time: string;
  description: string;
  catalog_id: number | null;
  price_group_id: number | null;
  tone_file: string;
  additional_info: string;
  /** The reason of the last deletion request (1-180 characters; migration 015). */
  delete_reason: Generated<string>;
  /** '1' subscribers may take single tones of the box (queryToneBox canSplit). */
  can_split: Generated<string>;
  /** Form fields without a column (migration 015): JSON text. */
  details: Generated<string>;
  /** The box's bundle price and remark (001 §2.5, §3; migration 033), '' when not given. */
  bundle_price: Generated<string>;
  remark: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ToneBoxItemTable {
  box_id: number;
  tone_id: number;
  position: number;
}

export interface IvrDirectoryTable extends ApprovalMarks {
  id: Generated<number>;
  provider_id: number;
  position: number;
  name: string;
  /** 1 ordinary tones, 2 tone boxes. */
  type: string;
  prompt_file: string;
  /** '0' not yet on air (its addition not approved), '1' normal, '2' hidden. */
  status: string;
  created_at: number;
  updated_at: Generated<number>;
}

/** A tone (resource_type '1') or tone box ('2') of a directory, in the directory's order (migration 018). */
export interface IvrDirectoryItemTable {
  directory_id: number;
  resource_type: string;
  resource_id: number;
  position: number;
}

/** A salutatory (kind '1') or help (kind '2') prompt of 001 §2.7 (migration 018). */
export interface IvrPromptTable extends ApprovalMarks {
  id: Generated<number>;
  provider_id: number;
  kind: string;
  name: string;
  prompt_file: string;
  /** '0' not yet on air (its addition not approved), '1' normal. */
  status: string;
  created_at: number;
  updated_at: number;
}

/** A name tone of 001 §2.8 (columns beyond the first schema's: migration 020). */
export interface NameToneTable extends ApprovalMarks {
  id: Generated<number>;
  provider_id: number;
  name: string;
  /** YYYY-MM-DD of the first request. */
  request_date: string;
  /** One letter a-z (001 §5.6). */
  initial_letter: string;
  msisdn: string;
  /** How many wav files were uploaded for it. */
  upload_count: number;
  /** Saved name of the latest wav (sp/uploadfile). */
  upload_link: string;
  /** '0' not yet on air (its addition not approved), '1' normal. */
  status: string;
  catalog_id: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

/** A batch task (000 §3) and its run on the job queue (jobs/). On PostgreSQL the queue's own tables are pg-boss's, in the schema `<schema>_pgboss`. */
export interface BatchTaskTable {
  id: Generated<number>;
  provider_id: number;
  task_name: string;
  task_type: string;
  task_type_name: string;
  task_desc: string;
  request_time: number;
  run_time: number | null;
  /** 1 pending, 3 success, 4 not available, 6 deleted. */
  status: string;
  file_name: string;
  total_count: number;
  success_count: number;
  progress: string;
  data: string;
  /** SHA-256 of a batch tone upload's zip and index (migration 034), '' otherwise. */
  content_hash: Generated<string>;
  /** Lease of the process running the task (migration 010): who, last heartbeat, and until when. */
  locked_by: string | null;
  locked_at: number | null;
  lease_until: Generated<number | null>;
  /** queued | running | done | failed | cancelled (status is the spec's view of it). */
  state: Generated<string>;
  /** Runs started (a run after a crash or an error counts again). */
  attempts: Generated<number>;
  /** Lines with a result (success or not) and those that failed; success_count + fail_count = done_count. */
  done_count: Generated<number>;
  fail_count: Generated<number>;
  finished_at: Generated<number | null>;
  /** Export tasks: the saved name of the file they wrote. */
  result_file: Generated<string>;
  /** Why a task failed (attempts exhausted), for the operator. */
  error: Generated<string>;
}

/** One input line of a batch task and, once applied, its result (migration 010). */
export interface BatchTaskLineTable {
  task_id: number;
  line_no: number;
  input: string;
  return_code: string | null;
  return_msg: Generated<string>;
}

/** A job of a SQLite queue, leased by one worker at a time and retried after a failure (migrations 011, 032). */
export interface LeasedJob {
  id: Generated<number>;
  state: Generated<string>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: number | null;
  run_after: Generated<number>;
  error: Generated<string>;
}

/** SQLite's job queue: a leased chunk of a task's lines (migration 011; pg-boss on PostgreSQL). */
export interface BatchJobTable extends LeasedJob {
  task_id: number;
  from_line: number;
  to_line: number;
}

export interface TranscodeTable {
  id: Generated<number>;
  provider_id: number;
  entity_type: string;
  entity_id: number;
  change_kind: string;
  master: string;
  state: Generated<string>;
  reason: Generated<string>;
  attempts: Generated<number>;
  payload: Generated<string>;
  outputs: Generated<string>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface MediaJobTable extends LeasedJob {
  transcode_id: number;
}

export interface UploadedFileTable {
  id: Generated<number>;
  provider_id: number;
  saved_filename: string;
  original_filename: string;
  kind: string;
  size: number;
  info: string;
  created_at: number;
}

export interface ChangeRequestTable {
  id: Generated<number>;
  entity_type: string;
  entity_id: number;
  provider_id: number;
  /** add | modify | delete */
  kind: string;
  payload: string;
  /** pending | approved | rejected | withdrawn (replaced by a newer version, or its entity removed) */
  status: string;
  reason: string;
  created_at: number;
  decided_at: number | null;
  decided_by: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  provider_id: number | null;
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  detail: string;
  ip: string;
}

export interface PictureCodeTable {
  id_hash: string;
  code_hash: string;
  expires_at: number;
}

export interface PasswordHistoryTable {
  id: Generated<number>;
  provider_id: number;
  password_hash: string;
  created_at: number;
}

export interface Database {
  providers: ProviderTable;
  sessions: SessionTable;
  address_throttle: AddressThrottleTable;
  dynamic_codes: DynamicCodeTable;
  outbox: OutboxTable;
  config: ConfigTable;
  config_generation: ConfigGenerationTable;
  dictionary_items: DictionaryItemTable;
  languages: LanguageTable;
  catalogues: CatalogueTable;
  translations: TranslationTable;
  tariffs: TariffTable;
  tariff_details: TariffDetailTable;
  tones: ToneTable;
  tone_state_deltas: ToneStateDeltaTable;
  tags: TagTable;
  copyright_companies: CopyrightCompanyTable;
  tone_copyrights: ToneCopyrightTable;
  tone_boxes: ToneBoxTable;
  tone_box_items: ToneBoxItemTable;
  ivr_directories: IvrDirectoryTable;
  ivr_directory_items: IvrDirectoryItemTable;
  ivr_prompts: IvrPromptTable;
  name_tones: NameToneTable;
  batch_tasks: BatchTaskTable;
  batch_task_lines: BatchTaskLineTable;
  /** @sqliteOnly The job queues are pg-boss's own tables on PostgreSQL (migrations 011, 032). */
  batch_jobs: BatchJobTable;
  transcodes: TranscodeTable;
  /** @sqliteOnly */
  media_jobs: MediaJobTable;
  uploaded_files: UploadedFileTable;
  change_requests: ChangeRequestTable;
  audit_log: AuditLogTable;
  picture_codes: PictureCodeTable;
  password_history: PasswordHistoryTable;
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  operator_password_history: OperatorPasswordHistoryTable;
  notifications: NotificationTable;
}

export type Provider = Selectable<ProviderTable>;
export type Operator = Selectable<OperatorTable>;
export type Session = Selectable<SessionTable>;
export type Tone = Selectable<ToneTable>;
export type NewTone = Insertable<ToneTable>;
