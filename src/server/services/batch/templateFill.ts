// The batch templates are filled for the provider who downloads them (issue 25: a template succeeds as
// downloaded): an example line may name placeholders that stand for the provider's own data, so the example
// uploads as it stands on any deployment. A placeholder with nothing to stand for (a provider without tones) is
// left as it is, telling what goes there.
//   {copyrightOwnerId}       the provider's first copyright owner's number
//   {toneCode1} {toneCode2}  two of the provider's tones a batch may change (not deleted, no change waiting)
//   {idNumber1} {idNumber2}  national IDs no copyright owner of the site has yet
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Provider } from '../../db/schema';
import { firstOwnId, ownerExists } from '../copyright';
import { STATUS, waiting } from '../../lifecycle/states';

async function changeableToneCodes(db: Kysely<Database>, providerId: number, n: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tones')
    .select(['tone_code', 'status', 'approve_type', 'table_type', 'ask_type', 'refuse_reason'])
    .where('provider_id', '=', providerId)
    .where('status', '!=', STATUS.deleted)
    .orderBy('id')
    .limit(200)
    .execute();
  return rows
    .filter((r) => !waiting(r))
    .slice(0, n)
    .map((r) => r.tone_code);
}

async function freshIdNumber(db: Kysely<Database>, site: string): Promise<string> {
  for (;;) {
    const id = `ID${randomInt(10_000_000, 99_999_999)}`;
    if (!(await ownerExists(db, site, '2', id))) return id;
  }
}

export async function fillTemplate(db: Kysely<Database>, provider: Provider, text: string): Promise<string> {
  const values: Record<string, string | undefined> = {};
  if (text.includes('{copyrightOwnerId}')) {
    const owner = await firstOwnId(db, provider.id);
    values.copyrightOwnerId = owner === undefined ? undefined : String(owner);
  }
  if (/\{toneCode\d\}/.test(text)) {
    const codes = await changeableToneCodes(db, provider.id, 9);
    codes.forEach((c, i) => (values[`toneCode${i + 1}`] = c));
  }
  for (const [, n] of text.matchAll(/\{idNumber(\d)\}/g))
    values[`idNumber${n}`] ??= await freshIdNumber(db, provider.site);
  return text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}
