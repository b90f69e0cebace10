// Music box API tests' shared steps: the form's payload built by the engine from the definition, as the browser
// builds it, sent form-encoded as the browser's form client sends it (null and undefined values left out).
import { createEngine, type Engine } from '../../src/engine';
import { loadDefinitionSetFromDisk } from '../../src/engine/fsLoader';
import { sineWav } from '../../src/server/files/wav';
import type { Client, TestServer } from './helpers';

const engines = new Map<string, Engine>();
const engineOf = (site: string) => {
  if (!engines.has(site)) engines.set(site, createEngine(loadDefinitionSetFromDisk(site)));
  return engines.get(site)!;
};

export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The session's user info and configuration, as the browser stores them after login. */
export async function sessionOf(
  c: Client,
): Promise<{ user: Record<string, any>; config: Record<string, string>; site: string }> {
  const r = (await c.get('/checkLoginInfo')).body.record;
  return { user: r.userInfo, config: r.config, site: r.userInfo.site };
}

/** The payload of musicBoxUpload's `call` for this form, as the browser would send it for this session. */
export async function formPayload(
  c: Client,
  form: Record<string, unknown>,
  call: 'add' | 'edit' = 'add',
): Promise<Record<string, unknown>> {
  const { user, config, site } = await sessionOf(c);
  return engineOf(site).payload('musicBoxUpload', call, { config, user, mode: call, form });
}

/** POSTs form-encoded like the portal's form client: null and undefined values are not sent. */
export function send(c: Client, url: string, payload: Record<string, unknown>) {
  const body = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined && v !== null));
  return c.post(url, body, { form: true });
}

export async function uploadWav(c: Client, name = 'prompt.wav'): Promise<string> {
  const r = await c.upload([[name, sineWav({ seconds: 1 })]]);
  if (r.body.returnCode !== '000000') throw new Error(`upload ${name}: ${r.raw}`);
  return r.body.record[name].savedFilename;
}

export const providerId = async (s: TestServer, code: string) =>
  (await s.ctx.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** The provider's tones that may join a box (normal, nothing waiting, not a jockey tone), oldest first. */
export async function freeTones(s: TestServer, code: string) {
  return s.ctx.db
    .selectFrom('tones')
    .select(['id', 'tone_code as toneCode', 'tone_valid_day as toneValidDay'])
    .where('provider_id', '=', await providerId(s, code))
    .where('status', '=', '1')
    .where('approve_type', '!=', '1')
    .where('cut_flag', '!=', '1')
    .orderBy('id')
    .execute();
}

export const boxCatalogue = async (s: TestServer) =>
  String(
    (
      await s.ctx.db
        .selectFrom('catalogues')
        .select('id')
        .where('resource_type', '=', 2)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
export const tariffOf = async (s: TestServer, type: 2 | 3) =>
  String(
    (
      await s.ctx.db
        .selectFrom('tariffs')
        .select('id')
        .where('price_group_type', '=', type)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export const count = async (s: TestServer, table: 'tone_boxes' | 'change_requests' | 'tone_box_items' | 'audit_log') =>
  Number(
    (
      await s.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The music box form in edit mode as the browser fills it from sp/querytoneboxdetail (keep the same tariff). */
export async function editForm(c: Client, toneBoxID: string) {
  const d = (await c.get('/sp/querytoneboxdetail', { toneBoxID })).body.record;
  return {
    toneBoxID,
    name: d.toneBoxName,
    price: d.price,
    bundlePrice: d.bundlePrice,
    toneValidDay: d.validDay,
    remark: d.remark,
    description: d.toneBoxDescription,
    relativeTime: d.relativeTime,
    askType: d.askType,
    toneBoxType: d.toneBoxType,
    oldPriceGroupID: d.priceGroupID,
    priceGroupChoice: '3',
    catalogID: d.catalogInfo.catalogID,
    oldCatalogID: d.catalogInfo.catalogID,
    toneFile: d.toneFile,
    tones: d.toneInfos,
  };
}
