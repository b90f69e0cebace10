// The tone box's field map (screen-definitions/records/toneBox.json through records/fieldMap.ts): what
// sp/addtonebox and sp/edittonebox take and store, what sp/querytonebox answers and filters on, what
// sp/querytoneboxdetail answers and what an approved modification changes. Read on first use (records/recordFields.ts).
import { recordFields } from '../records/recordFields';

export const toneBoxFields = recordFields('toneBox', 'the tone-box calls');
