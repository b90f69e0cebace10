// The tone's field map (screen-definitions/records/tone.json through records/fieldMap.ts): what sp/addtone and
// sp/edittone take and store, what sp/qrytone answers and filters on, what sp/qrytonedetail answers, what the
// export writes and what an approved modification changes. Read on first use from the definitions the server
// reads at start (never at import: `definitions validate` imports the route table to check a broken tree).
import { loadSourcesFromDisk } from '../../engine/fsLoader';
import { fieldMap, type FieldMap } from '../records/fieldMap';
import { logicToSql } from '../db/logicSql';
import { engineFor } from '../validation';

let map: FieldMap | undefined;

export function toneFields(): FieldMap {
  if (!map) {
    const sources = loadSourcesFromDisk();
    const record = sources.records.tone;
    if (!record)
      throw new Error('screen-definitions/records/tone.json is missing: the tone calls derive their fields from it');
    map = fieldMap(record, sources.screens);
  }
  return map;
}

/**
 * A named expression over a tone (toneSelectable, toneNormal...) as a condition of a tones query, its fields read
 * through their columns (of `table`, an alias, when given): the server selects exactly the tones the screens' rule
 * accepts instead of spelling the states again.
 */
export const toneCondition = (site: string, expression: string, table?: string) =>
  logicToSql(engineFor(site).expression(expression), (f) => toneFields().field(f).column, table) as never;
