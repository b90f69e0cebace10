// Files a provider uploaded (sp/uploadfile): one row per saved file, which the tone calls check ownership
// against, and the downloads and play addresses find.
import type { Kysely } from 'kysely';
import type { Database, UploadedFileTable } from '../db/schema';
import { fileProblem, rulesOf, wavProblem, type WavInfo } from '../../engine/files';
import type { Violation } from '../validation';

type Db = Kysely<Database>;

/** The owner-only download of a saved file (sp/file), and the play address every answer gives for one. */
export const FILE_ROUTE = '/sp/file/:savedFilename';
export const fileUrl = (savedFilename: string) => FILE_ROUTE.replace(':savedFilename', savedFilename);

export interface SavedFile {
  providerId: number;
  savedFilename: string;
  original: string;
  kind: string;
  size: number;
  info: unknown;
  now: number;
}

export const recordUpload = (db: Db, f: SavedFile): Promise<void> => recordUploads(db, [f]);

/** Several saved files in one insert (the entries of a batch zip). */
export async function recordUploads(db: Db, files: SavedFile[]): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('uploaded_files')
    .values(
      files.map((f) => ({
        provider_id: f.providerId,
        saved_filename: f.savedFilename,
        original_filename: f.original,
        kind: f.kind,
        size: f.size,
        info: JSON.stringify(f.info),
        created_at: f.now,
      })),
    )
    .execute();
}

/** Forgets one of the provider's files (its bytes are removed by the file store). */
export async function forgetUpload(db: Db, providerId: number, savedFilename: string): Promise<void> {
  await db
    .deleteFrom('uploaded_files')
    .where('provider_id', '=', providerId)
    .where('saved_filename', '=', savedFilename)
    .execute();
}

type UploadColumn = keyof UploadedFileTable & string;
const LISTED: UploadColumn[] = ['kind', 'original_filename', 'size', 'created_at'];

/**
 * The provider's own uploaded file by its saved name (the named columns; by default what a download or listing
 * shows), or undefined: every lookup of a file by name goes through the owner, so no call reads another's.
 */
export function ownUpload<C extends UploadColumn = (typeof LISTED)[number]>(
  db: Db,
  providerId: number,
  savedFilename: string,
  columns: readonly C[] = LISTED as C[],
) {
  return db
    .selectFrom('uploaded_files')
    .select(columns)
    .where('saved_filename', '=', savedFilename)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

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

/** The wav header values sp/uploadfile recorded for a file (its info column), or undefined when it had none. */
export function wavInfoOf(text: string | null | undefined): WavInfo | undefined {
  try {
    const info = JSON.parse(text || '{}') as Partial<WavInfo>;
    return typeof info.sampleRate === 'number' ? (info as WavInfo) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a saved file may not fill a field whose definition states its file rules (ui: accept, wav): not the
 * provider's (fileNotYours), not of an accepted type, or a wav of another format than ui.wav asks, the message
 * naming what the file is (001 §5.5: IVR prompts 8000 Hz, 8 bit). Null when it may.
 */
export async function savedFileProblem(
  db: Db,
  providerId: number,
  savedFilename: string,
  field: string,
  ui: Record<string, unknown>,
  notYours: string,
): Promise<Violation | null> {
  const file = await ownUpload(db, providerId, savedFilename, ['kind', 'original_filename', 'info']);
  if (!file) return { field, message: notYours };
  const rules = rulesOf(ui);
  const problem =
    fileProblem({ name: savedFilename, size: 0 }, rules) ??
    (file.kind === 'wav' || rules.wav ? wavProblem(wavInfoOf(file.info), rules) : null);
  return problem ? { field, message: problem.key, params: problem.params } : null;
}
