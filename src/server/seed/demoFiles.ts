// A demo wav stored as if the provider had uploaded it: the file in the store and its uploaded_files row with
// the header values (so the forms' wav rules see a real 8000 Hz 8-bit file). Used by the tone and IVR seeds.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FileStore } from '../files/storage';
import { readWavInfo, sineWav } from '../files/wav';
import { recordUpload } from '../services/uploadedFiles';

export async function seedWav(
  db: Kysely<Database>,
  store: FileStore,
  a: { providerId: number; original: string; frequency: number; now: number },
): Promise<string> {
  const wav = sineWav({ seconds: 1, frequency: a.frequency });
  const saved = FileStore.savedName('wav');
  await store.write(a.providerId, saved, wav);
  await recordUpload(db, {
    providerId: a.providerId,
    savedFilename: saved,
    original: a.original,
    kind: 'wav',
    size: wav.length,
    info: readWavInfo(wav, wav.length),
    now: a.now,
  });
  return saved;
}
