// A generation number for the operator's configuration: every change of the config table (an insert, update or
// delete, by the operator CLI or by anything else writing the table) adds one in the same transaction, by a
// trigger. A server keeps what it derives from the configuration (resolved screens, compiled rules, the sites'
// effective values) for as long as the number it last read is the number the database holds, and reads it with
// every session lookup, so no process serves a rule the operator has changed once the change is committed.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('config_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('config_generation').values({ id: 1, generation: 1 }).execute();
  if (dialect === 'postgres') {
    // Unqualified, so each schema (side-by-side tests and benchmarks) has its own function and counter.
    await sql`CREATE FUNCTION config_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE config_generation SET generation = generation + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER config_generation_bump AFTER INSERT OR UPDATE OR DELETE ON config
      FOR EACH STATEMENT EXECUTE FUNCTION config_generation_bump()`.execute(db);
  } else {
    for (const event of ['INSERT', 'UPDATE', 'DELETE'])
      await sql
        .raw(
          `CREATE TRIGGER config_generation_${event.toLowerCase()} AFTER ${event} ON config
           BEGIN UPDATE config_generation SET generation = generation + 1 WHERE id = 1; END`,
        )
        .execute(db);
  }
}
