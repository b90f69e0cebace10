// The config table holds only what the operator set: the files (schema defaults, generic and site config.json)
// are read at every start and sit below it. Earlier versions copied the files into the table when they seeded an
// empty database, which would now hide every later edit of a site's config.json; those copies go. A row the
// operator wrote is kept: every `config set` is in the audit log as config.set on "<site>:<key>".
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`DELETE FROM config WHERE NOT EXISTS (
    SELECT 1 FROM audit_log a WHERE a.action = 'config.set' AND a.entity_id = config.site || ':' || config.key
  )`.execute(db);
}
