// The kinds of batch task (000 §2 batch operation task types 1-3, 001 §7 batch tone upload and the Ais
// expiry batch). A type pairs a number (the spec's taskType) with its name (taskTypeName, also the path
// segment of the calls) and what the calls must enforce for it; what a line does is in handlers.ts.
export interface TaskTypeDef {
  type: string;
  name: string;
  /** Other names the calls accept for it (the screen's operation names). */
  aliases: string[];
  /** One export run writing a file (000 §4: download and delete only once it succeeded). */
  export: boolean;
  /**
   * The call that creates tasks of the type: a provider may use the type while the capability gate opens that call
   * (src/engine/gate.ts: its screen is in the provider's menu), so no flag is named here.
   */
  createdBy: string;
  /** txt input: the message of an empty file (000 §5) and the configuration key of its size limit in MB. */
  file?: { emptyKey: string; maxMbKey: string };
  /** The form whose call a line is (its fields' labels name a line's refusals). */
  form?: string;
  /** Lines per job: a job is the unit several processes share and a crash repeats (unapplied lines only). */
  chunkLines: number;
}

export const TASK_TYPES: readonly TaskTypeDef[] = [
  {
    type: '1',
    name: 'exportToneAndSinger',
    aliases: ['batchExportToneAndSinger'],
    export: true,
    createdBy: 'sp/exporttonesinger/exportToneAndSinger',
    chunkLines: 1,
  },
  {
    type: '2',
    name: 'batchUpdateToneAndSinger',
    aliases: [],
    export: false,
    createdBy: 'sp/addbatchtask/batchUpdateToneAndSinger',
    form: 'rbtUploading',
    chunkLines: 500,
    file: { emptyKey: 'RBTBatchUpload.updateFileEmpty', maxMbKey: 'batch_update_file_max_size_mb' },
  },
  {
    type: '3',
    name: 'batchAddCopyrightCompany',
    aliases: [],
    export: false,
    createdBy: 'sp/addbatchtask/batchAddCopyrightCompany',
    form: 'copyrightAdd',
    chunkLines: 500,
    file: { emptyKey: 'RBTBatchUpload.copyrightFileEmpty', maxMbKey: 'copyright_txt_max_size_mb' },
  },
  {
    type: '4',
    name: 'batchAddTone',
    aliases: ['batchaddtone'],
    export: false,
    createdBy: 'sp/batchaddtone',
    form: 'rbtUploading',
    chunkLines: 25,
  },
  {
    type: '5',
    name: 'batchUpdateExpireDate',
    aliases: ['batchupdaterbtexpiredate'],
    export: false,
    createdBy: 'sp/batchupdaterbtexpiredate',
    form: 'rbtUploading',
    chunkLines: 500,
  },
];

/** By number or by any of its names; undefined for anything else. */
export function taskTypeOf(key: string): TaskTypeDef | undefined {
  return TASK_TYPES.find((t) => t.type === key || t.name === key || t.aliases.includes(key));
}

/** A batch task's status as the spec names it (000 §4): 1 pending, 3 success, 4 not available, 6 deleted. */
export const TASK_STATUS = { pending: '1', success: '3', unavailable: '4', deleted: '6' } as const;

/** 000 §4: download for a successful export, or any other task. */
export const canDownload = (t: TaskTypeDef, status: string) => (t.export ? status === TASK_STATUS.success : true);
/** 000 §4: delete a successful export, or another task that is neither successful nor deleted. */
export const canDelete = (t: TaskTypeDef, status: string) =>
  t.export ? status === TASK_STATUS.success : status !== TASK_STATUS.success && status !== TASK_STATUS.deleted;

/** The spec's status of a run state (jobs/runner.ts writes them as a task runs). */
export const STATUS_OF_STATE = {
  queued: TASK_STATUS.pending,
  running: TASK_STATUS.pending,
  done: TASK_STATUS.success,
  failed: TASK_STATUS.unavailable,
  cancelled: TASK_STATUS.deleted,
} as const;
