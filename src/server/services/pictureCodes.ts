// Picture codes of the login page (000 §7 common/picturecode): the hash of the code shown to one browser (named by
// a cookie), valid for a few minutes and one try.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sha256 } from '../security/tokens';

type Db = Kysely<Database>;

/** Stores a new code for the browser's id, dropping expired ones. */
export async function storePictureCode(db: Db, id: string, code: string, now: number, ttlMs: number): Promise<void> {
  await db.deleteFrom('picture_codes').where('expires_at', '<', now).execute();
  await db
    .insertInto('picture_codes')
    .values({ id_hash: sha256(id), code_hash: sha256(code), expires_at: now + ttlMs })
    .execute();
}

/** Whether `typed` is the unexpired code shown to the browser's id; the code is spent either way. */
export async function takePictureCode(db: Db, id: string, typed: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('picture_codes').selectAll().where('id_hash', '=', sha256(id)).executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom('picture_codes').where('id_hash', '=', row.id_hash).execute();
  return row.expires_at > now && row.code_hash === sha256(typed.toUpperCase());
}
