// The tone's field map (screen-definitions/records/tone.json through records/fieldMap.ts): what sp/addtone and
// sp/edittone take and store, what sp/qrytone answers and filters on, what sp/qrytonedetail answers, what the
// export writes and what an approved modification changes. Read on first use (records/recordFields.ts).
import { recordFields } from '../records/recordFields';
import { logicToSql } from '../db/logicSql';
import { engineFor } from '../validation';

export const toneFields = recordFields('tone', 'the tone calls');

/**
 * A named expression over a tone (toneSelectable, toneNormal...) as a condition of a tones query, its fields read
 * through their columns (of `table`, an alias, when given): the server selects exactly the tones the screens' rule
 * accepts instead of spelling the states again.
 */
export const toneCondition = (site: string, expression: string, table?: string) =>
  logicToSql(engineFor(site).expression(expression), (f) => toneFields().field(f).column, table) as never;
