// Task type 3, add copyright companies (000 §2, §5): one owner a line,
//   officialName|stageName|idNumber|phoneNumber|email|description
// (email and description may be left out). Each line meets the rules of the 'Add Copyright' dialog
// (screen-definitions/copyrightAdd.json, through the engine), the description's (up to 256, no pipe) included. A
// national ID already in the site's catalogue is refused like the dialog refuses it (302031).
import { RC } from '../../returnCodes';
import { ownerExists } from '../copyright';
import type { Violation } from '../../validation';
import { failed, ok, refused } from './outcome';
import { valuesOf } from './textFile';
import type { LineHandler } from './lineTypes';
import { fieldRules } from './fieldRules';

/** The dialog's fields a line carries. */
const CHECKED = ['officialName', 'stageName', 'idNumber', 'phoneNumber', 'email', 'description'];

export const COPYRIGHT_COLUMNS = [
  'officialName',
  'stageName',
  'idNumber',
  'phoneNumber',
  'email',
  'description',
] as const;

/** The line's values by column, or the reason its shape is wrong. */
export function copyrightValues(text: string): Record<string, string> | Violation {
  const values = valuesOf(text);
  if (values.length < 4 || values.length > COPYRIGHT_COLUMNS.length) {
    return {
      field: '',
      message: 'Batch.lineColumns',
      params: { expected: '4-6', found: values.length, columns: COPYRIGHT_COLUMNS.join('|') },
    };
  }
  return Object.fromEntries(COPYRIGHT_COLUMNS.map((c, i) => [c, values[i] ?? '']));
}

export const copyrightLines: LineHandler = {
  kind: 'lines',
  async apply(tx, line, lc) {
    const v = copyrightValues(line.text);
    if ('message' in v && 'field' in v) return refused([v as Violation]);
    const values = v as Record<string, string>;
    const payload = {
      ...values,
      companyName: values.officialName,
      copyRightType: '2',
      spCode: lc.provider.code,
      portalType: '1',
    };
    // With their parameters: a message names its limit ('At most 256 characters.'), not '{max}'.
    const violations: Violation[] = fieldRules(lc, 'copyrightAdd', 'add', 'add', CHECKED)(payload);
    if (violations.length) return refused(violations);
    const site = lc.provider.site;
    if (await ownerExists(tx, site, '2', values.idNumber)) return failed(RC.exists);
    const { id } = await tx
      .insertInto('copyright_companies')
      .values({
        provider_id: lc.provider.id,
        copyright_type: '2',
        company_name: values.officialName,
        official_name: values.officialName,
        phone_number: values.phoneNumber,
        email: values.email,
        stage_name: values.stageName,
        id_number: values.idNumber,
        description: values.description,
        created_at: lc.ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lc.audit({
      providerId: lc.provider.id,
      actor: lc.provider.code,
      action: 'batch.addcopyright',
      entityType: 'copyright',
      entityId: id,
      detail: { task: lc.task.id, line: line.no },
    });
    return ok('Batch.copyrightAdded', { companyID: id });
  },
};
