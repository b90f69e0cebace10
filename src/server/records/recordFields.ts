// An entity's field map read once, on first use, from the definitions the server reads at start (never at
// import: `definitions validate` imports the route table to check a broken tree without a server).
import { loadSourcesFromDisk } from '../../engine/fsLoader';
import { fieldMap, type FieldMap } from './fieldMap';

/** A getter of the field map of screen-definitions/records/<entity>.json; `calls` names who needs it, for the error. */
export function recordFields(entity: string, calls: string): () => FieldMap {
  let map: FieldMap | undefined;
  return () => {
    if (map) return map;
    const record = loadSourcesFromDisk().records[entity];
    if (!record)
      throw new Error(`screen-definitions/records/${entity}.json is missing: ${calls} derive their fields from it`);
    return (map = fieldMap(record));
  };
}
