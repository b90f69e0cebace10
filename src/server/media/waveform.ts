// The waveform of a stored audio file: the peaks intake or the transcode computed when the file came in (its
// uploaded_files.info), read, never recomputed. A file stored without them (the demo's seeded files, files of
// an older version) gets them computed once, on the first request, and stored the same way.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FileStore } from '../files/storage';
import { isAudioKind, type FileKind } from '../files/sniff';
import { ownUpload } from '../services/uploadedFiles';
import { analyse } from './analyse';
import { probe } from './probe';

export interface Waveform {
  durationSeconds: number;
  peaks: number[];
}

const parse = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** The provider's audio file's waveform; undefined when it is not the provider's, not audio, or unreadable. */
export async function waveformOf(
  db: Kysely<Database>,
  store: FileStore,
  providerId: number,
  savedFilename: string,
): Promise<Waveform | undefined> {
  const row = await ownUpload(db, providerId, savedFilename, ['id', 'kind', 'info']);
  if (!row || !(isAudioKind(row.kind as FileKind) || row.kind === '3gp' || row.kind === 'mp4')) return undefined;
  const info = parse(row.info);
  if (Array.isArray(info.peaks) && typeof info.durationSeconds === 'number')
    return { durationSeconds: info.durationSeconds, peaks: info.peaks as number[] };
  const source = await store.open(providerId, savedFilename);
  if (!source) return undefined;
  const scratch = await store.scratch(`wave-${row.id}`);
  try {
    const local = join(scratch.dir, savedFilename);
    await pipeline(source.stream, createWriteStream(local));
    const facts = await probe(local);
    if (!facts) return undefined;
    const a = await analyse(local, facts);
    await db
      .updateTable('uploaded_files')
      .set({ info: JSON.stringify({ ...info, durationSeconds: a.durationSeconds, peaks: a.peaks }) })
      .where('id', '=', row.id)
      .execute();
    return { durationSeconds: a.durationSeconds, peaks: a.peaks };
  } catch {
    return undefined;
  } finally {
    await scratch.dispose();
  }
}
