// Task type 1, export tones and singers (000 §2, Kenya): the provider's tones in the tone export's own CSV
// format (services/toneExport.ts exportCsv in its raw format, also behind sp/exporttone), written to a file of the provider
// that the task offers for download once it succeeded (sp/tonecopyrightexport). The provider opens that file in a
// spreadsheet, so text cells that would run as a formula are neutralised (http/csv.ts). A run after a crash writes
// the file anew under a new name; only the run that commits names its file on the task.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportCsv, isTimeZone, SERVER_TIME_ZONE } from '../toneExport';
import type { Lang } from '../../returnCodes';
import { FileStore } from '../../files/storage';
import type { ExportHandler, LineContext } from './lineTypes';

type ExportFormat = Parameters<typeof exportCsv>[2];

/** The raw format of the task's file (format=raw), text cells neutralised since it is opened in a spreadsheet too. */
export const TASK_FILE_FORMAT = { kind: 'raw', neutralise: true } as const;

/**
 * The file as the request asked it: readable (the default, RBT Maintenance's export: the reader's language and time
 * zone, kept with the task) or raw. Tasks from before the choice (no format in their data) stay raw.
 */
export function taskFileFormat(lc: Pick<LineContext, 'data' | 'provider' | 'config'>): ExportFormat {
  const d = (lc.data ?? {}) as { format?: string; lang?: Lang; timeZone?: string };
  if (d.format !== 'readable') return TASK_FILE_FORMAT;
  return {
    kind: 'readable',
    lang: d.lang ?? 'en',
    timeZone: d.timeZone && isTimeZone(d.timeZone) ? d.timeZone : SERVER_TIME_ZONE,
    site: lc.provider.site,
    config: lc.config,
  };
}

export const exportTones: ExportHandler = {
  kind: 'export',
  async run(lc) {
    const { store, ctx } = lc;
    const temp = store.temp();
    let rows = -1; // the header line is not a tone
    const counted = async function* () {
      for await (const chunk of exportCsv(ctx.handle, lc.provider.id, taskFileFormat(lc))) {
        for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) rows++;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(counted()), temp.stream);
    } catch (e) {
      await store.discard(temp.path);
      throw e;
    }
    const savedName = FileStore.savedName('csv');
    await store.commit(temp.path, lc.provider.id, savedName);
    return { savedName, rows: Math.max(0, rows) };
  },
};
