// Task type 1, export tones and singers (000 §2, Kenya): the provider's tones in the tone export's own CSV
// format (services/toneExport.ts exportCsv in its raw format, also behind sp/exporttone), written to a file of the provider
// that the task offers for download once it succeeded (sp/tonecopyrightexport). A run after a crash writes
// the file anew under a new name; only the run that commits names its file on the task.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportCsv } from '../toneExport';
import { FileStore } from '../../files/storage';
import type { ExportHandler } from './lineTypes';

export const exportTones: ExportHandler = {
  kind: 'export',
  async run(lc) {
    const { store, ctx } = lc;
    const temp = store.temp();
    let rows = -1; // the header line is not a tone
    const counted = async function* () {
      for await (const chunk of exportCsv(ctx.handle, lc.provider.id, { kind: 'raw' })) {
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
