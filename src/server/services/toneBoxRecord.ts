// The tone box's field map (screen-definitions/records/toneBox.json through records/fieldMap.ts): what
// sp/addtonebox and sp/edittonebox take and store, what sp/querytonebox answers and filters on, what
// sp/querytoneboxdetail answers and what an approved modification changes. Read on first use from the definitions
// the server reads at start (never at import: the definitions linter imports the route table without a server).
import { loadSourcesFromDisk } from '../../engine/fsLoader';
import { fieldMap, type FieldMap } from '../records/fieldMap';

let map: FieldMap | undefined;

export function toneBoxFields(): FieldMap {
  if (!map) {
    const sources = loadSourcesFromDisk();
    const record = sources.records.toneBox;
    if (!record)
      throw new Error(
        'screen-definitions/records/toneBox.json is missing: the tone-box calls derive their fields from it',
      );
    map = fieldMap(record, sources.screens);
  }
  return map;
}
