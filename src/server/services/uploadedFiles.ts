// Files a provider uploaded (sp/uploadfile): one row per saved file, which the tone calls check ownership
// against, and the downloads and play addresses find.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface SavedFile {
  providerId: number;
  savedFilename: string;
  original: string;
  kind: string;
  size: number;
  info: unknown;
  now: number;
}

export async function recordUpload(db: Db, f: SavedFile): Promise<void> {
  await db
    .insertInto('uploaded_files')
    .values({
      provider_id: f.providerId,
      saved_filename: f.savedFilename,
      original_filename: f.original,
      kind: f.kind,
      size: f.size,
      info: JSON.stringify(f.info),
      created_at: f.now,
    })
    .execute();
}

/** The provider's own uploaded file by its saved name, or undefined. */
export const ownUpload = (db: Db, providerId: number, savedFilename: string) =>
  db
    .selectFrom('uploaded_files')
    .select(['kind', 'original_filename'])
    .where('saved_filename', '=', savedFilename)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();

/** The file map (tone_file) of one of the provider's tones, by id or code; {} when none or unreadable. */
export async function toneFiles(
  db: Db,
  providerId: number,
  by: { toneID?: number; toneCode?: string },
): Promise<Record<string, string> | undefined> {
  let q = db.selectFrom('tones').select('tone_file').where('provider_id', '=', providerId);
  q = by.toneID !== undefined ? q.where('id', '=', by.toneID) : q.where('tone_code', '=', String(by.toneCode));
  const tone = await q.executeTakeFirst();
  if (!tone) return undefined;
  try {
    return JSON.parse(tone.tone_file || '{}');
  } catch {
    return {}; // a broken map means no audio
  }
}
