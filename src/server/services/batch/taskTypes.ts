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
  /** Configuration flag the provider must have at '1': the same flag the menu shows the type's screen by. */
  needs?: string;
  /** txt input: the message of an empty file (000 §5) and the configuration key of its size limit in MB. */
  file?: { emptyKey: string; maxMbKey: string };
  /** Lines per job: a job is the unit several processes share and a crash repeats (unapplied lines only). */
  chunkLines: number;
}

const kenya = 'support_kenya_batch_operation';

export const TASK_TYPES: readonly TaskTypeDef[] = [
  {
    type: '1',
    name: 'exportToneAndSinger',
    aliases: ['batchExportToneAndSinger'],
    export: true,
    needs: kenya,
    chunkLines: 1,
  },
  {
    type: '2',
    name: 'batchUpdateToneAndSinger',
    aliases: [],
    export: false,
    needs: kenya,
    chunkLines: 500,
    file: { emptyKey: 'RBTBatchUpload.updateFileEmpty', maxMbKey: 'batch_update_file_max_size_mb' },
  },
  {
    type: '3',
    name: 'batchAddCopyrightCompany',
    aliases: [],
    export: false,
    needs: kenya,
    chunkLines: 500,
    file: { emptyKey: 'RBTBatchUpload.copyrightFileEmpty', maxMbKey: 'copyright_txt_max_size_mb' },
  },
  { type: '4', name: 'batchAddTone', aliases: ['batchaddtone'], export: false, chunkLines: 25 },
  {
    type: '5',
    name: 'batchUpdateExpireDate',
    aliases: ['batchupdaterbtexpiredate'],
    export: false,
    needs: 'thailand_ais_office_flag',
    chunkLines: 500,
  },
];

/** By number or by any of its names; undefined for anything else. */
export function taskTypeOf(key: string): TaskTypeDef | undefined {
  return TASK_TYPES.find((t) => t.type === key || t.name === key || t.aliases.includes(key));
}

/** Whether a provider with this configuration may use the type (otherwise its calls answer 950005). */
export const typeAvailable = (t: TaskTypeDef, config: Record<string, string>): boolean =>
  !t.needs || config[t.needs] === '1';

/** 000 §4: download for a successful export, or any other task. */
export const canDownload = (t: TaskTypeDef, status: string) => (t.export ? status === '3' : true);
/** 000 §4: delete a successful export, or another task that is neither successful nor deleted. */
export const canDelete = (t: TaskTypeDef, status: string) =>
  t.export ? status === '3' : status !== '3' && status !== '6';

/** The spec's status (1 pending, 3 success, 4 not available, 6 deleted) of a run state. */
export const STATUS_OF_STATE: Record<string, string> = {
  queued: '1',
  running: '1',
  done: '3',
  failed: '4',
  cancelled: '6',
};
