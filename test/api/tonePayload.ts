// A complete sp/addtone payload as the browser's form sends it (the definition's call mapping), with its files
// uploaded by the provider itself: the good request that other tests change one field of.
import type { Client, TestServer } from './helpers';
import { sineWav } from '../../src/server/files/wav';

export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export async function uploadWav(c: Client, name: string): Promise<string> {
  const r = await c.upload([[name, sineWav({ seconds: 1 })]]);
  expect(r.body.returnCode).toBe('000000');
  return r.body.record[name].savedFilename;
}

export const gif = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([0x5e, 0x01, 0x5e, 0x01]),
  Buffer.alloc(20),
]);

export async function catalogueId(s: TestServer): Promise<string> {
  const row = await s.ctx.db
    .selectFrom('catalogues')
    .select('id')
    .where('resource_type', '=', 1)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

async function uploadHd(c: Client): Promise<string> {
  // A 3gp file: the ftyp box is what the server reads.
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write('ftyp3gp4', 4, 'latin1');
  const r = await c.upload([['hd.3gp', b]]);
  return r.body.record?.['hd.3gp']?.savedFilename ?? '';
}

export async function goodTone(s: TestServer, c: Client, over: Record<string, unknown> = {}) {
  const web = await uploadWav(c, 'web.wav');
  const ivr = await uploadWav(c, 'ivr.wav');
  const img = (await c.upload([['cover.gif', gif]])).body.record['cover.gif'].savedFilename;
  return {
    toneName: 'Sunrise',
    singerName: 'Amani',
    singerSex: '1',
    singerNameLetter: 'A',
    toneNameLetter: 'S',
    lyricAuthor: 'Lee',
    melodyComposer: 'Kim',
    musicArranger: 'Ode',
    catalogID: await catalogueId(s),
    contentLanguage: '1',
    price: '5.00',
    callerPrice: '3.33',
    toneValidDay: inDays(400),
    relativeTime: '365',
    extendAbsoluteDateFlag: 0,
    tagNames: 'morning,calm',
    uploadMode: '1',
    uploadChannel: 0,
    uploadType: 1,
    portalType: 1,
    crbtType: 1,
    toneFile: JSON.stringify({ webAuditon: web, aipPlay: ivr, hdPlay: await uploadHd(c), image: img }),
    priceGroupID: '-1',
    ...over,
  };
}

/**
 * sp/edittone's parameters for one of the provider's tones, as the edit form sends them: the good tone's fields
 * (with `over`), no new files, the tone's id and code, the modify reason and the approval markers.
 */
export async function goodEdit(
  s: TestServer,
  c: Client,
  tone: { toneID: string | number; toneCode: string },
  over: Record<string, unknown> = {},
  reason = 'New title',
) {
  const { catalogID, ...fields } = await goodTone(s, c, over);
  return {
    ...fields,
    toneFile: '{}',
    toneID: tone.toneID,
    toneCode: tone.toneCode,
    reason,
    newCatalogId: catalogID,
    oldCatalogId: catalogID,
    needApproved: 1,
    approveType: 2,
    tableType: 1,
    resourceServiceType: 1,
  };
}
