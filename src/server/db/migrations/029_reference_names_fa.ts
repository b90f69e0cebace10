// The demo reference data's Persian names (issue 29: Persian as the third interface language), for databases
// seeded before they existed. The same function seeds a new database; names already there are kept.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';
import { translateDemoReferenceData } from '../../services/translations';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await translateDemoReferenceData(db);
}
