// The tone box's field map (records/toneBox.json through records/fieldMap.ts): what sp/addtonebox and
// sp/edittonebox take and store, what sp/querytonebox answers and filters on, what sp/querytoneboxdetail answers
// and what an approved modification changes. Read on first use (never at import: the definitions linter imports
// the route table without a server).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordDoc } from '../../engine';
import { fieldMap, type FieldMap } from '../records/fieldMap';

let map: FieldMap | undefined;

export function toneBoxFields(): FieldMap {
  if (!map)
    map = fieldMap(
      JSON.parse(
        readFileSync(join(__dirname, '..', '..', '..', 'src', 'server', 'records', 'toneBox.json'), 'utf8'),
      ) as RecordDoc,
    );
  return map;
}
