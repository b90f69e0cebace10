// sp/batchaddtone and its task results (001 §2.1, §5.3, §7): a zip of real wav files and its index become tones
// line by line under the tone form's rules; up to 100 lines are answered with every line's result, more become
// a task. A line naming a file the zip does not hold fails alone, as a bad value does. Every refused zip or
// index (over 50 entries, a zip bomb, zip-slip and other unsafe entries, no line whose files are all in the
// zip, an index that is not UTF-8 or empty) names the entry or line and stores nothing: no file on disk
// (neither kept nor left in tmp), no task, no tone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, providerIdOf, DEMO, type TestServer, type Client } from './helpers';
import { multipart, settled } from './batchSupport';
import { zipBuffer, type EntryOptions } from './zip';
import { sineWav } from '../../src/server/files/wav';
import { createProvider } from '../../src/server/services/providers';

let s: TestServer;
let c: Client;
let providerId: number;
let work: string;
let catalogID: string;

beforeAll(async () => {
  s = await startServer();
  c = await s.login(DEMO.generic.account, DEMO.generic.password);
  providerId = await providerIdOf(s, DEMO.generic.account);
  catalogID = String(
    (await s.ctx.db.selectFrom('catalogues').select('id').where('resource_type', '=', 1).executeTakeFirstOrThrow()).id,
  );
  work = mkdtempSync(join(tmpdir(), 'rbt-zip-'));
});
afterAll(async () => {
  await s.close();
  rmSync(work, { recursive: true, force: true });
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x5e, 0x01, 0x5e, 0x01]), Buffer.alloc(20)]);
const threeGp = (() => {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write('ftyp3gp4', 4, 'latin1');
  return b;
})();
const HEADER =
  'toneName|singerName|singerSex|lyricAuthor|melodyComposer|musicArranger|catalogID|contentLanguage|price|callerPrice|toneValidDay|relativeTime|tagNames|priceGroupID|webAuditon|aipPlay|hdPlay|image';
const line = (name: string, web = 'web1.wav', over: { price?: string } = {}) =>
  `${name}|Amani Otieno|1|Lee|Kim|Ode|${catalogID}|1|${over.price ?? '5.00'}|2.50|${inDays(400)}|365|batch,demo|-1|${web}|ivr1.wav|hd.3gp|cover.gif`;
const goodEntries = (): Array<[string, Buffer, EntryOptions?]> => [
  ['web1.wav', sineWav({ seconds: 1, frequency: 440 }), { deflate: true }],
  ['tones/web2.wav', sineWav({ seconds: 1, frequency: 550 }), { deflate: true }],
  ['ivr1.wav', sineWav({ seconds: 1, frequency: 660 })],
  ['hd.3gp', threeGp],
  ['cover.gif', gif],
];

let n = 0;
function zipOf(entries: Array<[string, Buffer, EntryOptions?]>): Buffer {
  const path = join(work, `b${n++}.zip`);
  zipBuffer(entries, path);
  return readFileSync(path);
}
const index = (lines: string[]) => Buffer.from(['# batch tone upload', HEADER, ...lines].join('\n') + '\n');
const send = (client: Client, zip: Buffer, idx: Buffer, idxName = 'tones.txt') =>
  multipart(client, '/sp/batchaddtone', [
    ['zipFile', 'tones.zip', zip],
    ['indexFile', idxName, idx],
  ]);

const counts = async () => ({
  tasks: (await s.ctx.db.selectFrom('batch_tasks').select('id').where('provider_id', '=', providerId).execute()).length,
  tones: (await s.ctx.db.selectFrom('tones').select('id').where('provider_id', '=', providerId).execute()).length,
  files: (await s.ctx.db.selectFrom('uploaded_files').select('id').where('provider_id', '=', providerId).execute())
    .length,
  disk: s.storedFiles(),
});

/** A batch that must be refused: the answer names the reason, and nothing at all was stored. */
async function refused(zip: Buffer, idx: Buffer, text: string | RegExp, client = c) {
  const before = await counts();
  const r = await send(client, zip, idx);
  expect(r.body.returnCode).toBe('963001');
  const all = r.body.record.errors.map((e: any) => e.text).join('\n');
  if (typeof text === 'string') expect(all).toContain(text);
  else expect(all).toMatch(text);
  expect(await counts()).toEqual(before);
  return r;
}

describe('accepted batches', () => {
  test('up to 100 lines are answered at once with a result per line; files are stored once and belong to the tones', async () => {
    const before = await counts();
    const r = await send(
      c,
      zipOf(goodEntries()),
      index([line('Batch Sunrise'), line('Batch Sunset', 'web2.wav'), line('Batch Noon', 'web1.wav', { price: '99' })]),
    );
    expect(r.body.returnCode).toBe('000001'); // one line refused
    expect(r.body.record).toMatchObject({
      taskType: '4',
      taskTypeName: 'batchAddTone',
      status: '3',
      totalCount: 3,
      successCount: 2,
      failCount: 1,
      progressResult: '2/3',
    });
    const lines = r.body.record.lines;
    expect(lines.map((l: any) => [l.lineNo, l.returnCode])).toEqual([
      [3, '000000'],
      [4, '000000'],
      [5, '950004'],
    ]);
    expect(lines[0].returnMsg).toMatch(/^Tone \d+ added; it waits for approval\.$/);
    expect(lines[2].returnMsg).toMatch(/^Price: /); // the field's label, not its wire name
    const tones = await s.ctx.db
      .selectFrom('tones')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('tone_name', 'like', 'Batch %')
      .orderBy('id')
      .execute();
    expect(tones.map((t) => t.tone_name)).toEqual(['Batch Sunrise', 'Batch Sunset']);
    expect(tones[0]).toMatchObject({
      status: '0',
      approve_type: '1',
      ask_type: '1',
      singer_name: 'Amani Otieno',
      price: '5.00',
    });
    const files0 = JSON.parse(tones[0].tone_file);
    const files1 = JSON.parse(tones[1].tone_file);
    expect(files0.aipPlay).toBe(files1.aipPlay); // the shared IVR file is one stored file
    expect(files0.webAuditon).not.toBe(files1.webAuditon);
    // Five entries named by the index, five files of the provider (web1, web2, ivr1, hd, cover), the wav served to its owner.
    const after = await counts();
    expect(after.files - before.files).toBe(5);
    const wav = await fetch(`${s.base}/sp/file/${files1.webAuditon}`, { headers: { cookie: c.cookie } });
    expect(Buffer.from(await wav.arrayBuffer()).equals(sineWav({ seconds: 1, frequency: 550 }))).toBe(true);
    const tags = await s.ctx.db.selectFrom('tags').select('name').where('tone_id', '=', tones[0].id).execute();
    expect(tags.map((t) => t.name).sort()).toEqual(['batch', 'demo']);
    expect(
      await s.ctx.db
        .selectFrom('change_requests')
        .select('id')
        .where('entity_id', '=', tones[0].id)
        .where('kind', '=', 'add')
        .executeTakeFirst(),
    ).toBeDefined();
  });

  test('more than 100 lines become a task whose progress and results are read by its id', async () => {
    const lines = Array.from({ length: 101 }, (_, i) => line(`Bulk tone ${i + 1}`));
    const r = await send(c, zipOf(goodEntries()), index(lines));
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record.lines).toEqual([]);
    const taskId = r.body.record.taskId;
    const task = await settled(s, taskId, 60_000);
    expect(task).toMatchObject({ status: '3', total_count: 101, success_count: 101, done_count: 101 });
    const q = await c.get('/sp/batchaddtone/querytaskresult', { taskId, startRecordNum: 101, endRecordNum: 110 });
    expect(q.body.recordSum).toBe(101);
    expect(q.body.record.task).toMatchObject({ taskId: String(taskId), progress: 100, progressResult: '101/101' });
    expect(q.body.record.lines).toHaveLength(1);
    expect(q.body.record.lines[0]).toMatchObject({
      lineNo: 103,
      returnCode: '000000',
      cmdLine: expect.stringContaining('Bulk tone 101'),
    });
    // The same list serves the upload screen's task list.
    const other = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    expect((await other.get('/sp/batchaddtone/querytaskresult', { taskId })).body.returnCode).toBe('950005');
  });
});

describe('issue 25: one part name, a batch sent twice, every problem of a line', () => {
  // A provider of its own: its uploads count against no other test's upload rate.
  let me: Client;
  beforeAll(async () => {
    await createProvider(
      s.ctx.db,
      { code: '8800390', name: 'Batch issue 25', password: 'Quota!Tone42', site: 'generic' },
      s.clock.now,
    );
    me = await s.login('8800390', 'Quota!Tone42');
  });

  test('the zip and the index under the one part name multipartFiles are told apart by extension', async () => {
    const r = await multipart(me, '/sp/batchaddtone', [
      ['multipartFiles', 'tones.zip', zipOf(goodEntries())],
      ['multipartFiles', 'tones.txt', index([line('One Part Name')])],
    ]);
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record.lines[0].returnMsg).toMatch(/^Tone \d+ added/);
  });

  test('the same zip and index sent again within a day are refused naming the earlier task; repeat=1 sends them', async () => {
    const zip = zipOf(goodEntries());
    const idx = index([line('Sent Twice')]);
    const first = await send(me, zip, idx);
    expect(first.body.returnCode).toBe('000000');
    const again = await refused(zip, idx, `as task ${first.body.record.taskId}`, me);
    expect(again.body.returnMsg).toContain('would add the same tones twice');
    const meant = await multipart(
      me,
      '/sp/batchaddtone',
      [
        ['zipFile', 'tones.zip', zip],
        ['indexFile', 'tones.txt', idx],
      ],
      { repeat: '1' },
    );
    expect(meant.body.returnCode).toBe('000000');
  });

  test('a line naming a file not in the zip fails that line alone, named with its other problems; the others are applied', async () => {
    const both = line('Missing And Dear', 'missing.wav', { price: '99' });
    const r = await send(
      me,
      zipOf([...goodEntries(), ['a/web3.wav', sineWav({ seconds: 1 })], ['b/web3.wav', sineWav({ seconds: 1 })]]),
      index([line('Present'), line('Missing', 'missing.wav'), both, line('Twice', 'web3.wav')]),
    );
    expect(r.body.returnCode).toBe('000001');
    expect(r.body.record).toMatchObject({ status: '3', outcome: '3p', successCount: 1, failCount: 3 });
    const msgs = r.body.record.lines.map((l: any) => [l.lineNo, l.returnCode, l.returnMsg]);
    expect(msgs[0]).toEqual([3, '000000', expect.stringMatching(/^Tone \d+ added/)]);
    // The missing file is the line's reason, not "file is required" as if the column were empty.
    expect(msgs[1]).toEqual([4, '950004', 'Line 4: missing.wav is not in the zip.']);
    expect(msgs[2][2]).toMatch(/^Line 5: missing\.wav is not in the zip\. Price: /);
    expect(msgs[3][2]).toBe('Line 6: several zip entries are named web3.wav; give its folder too.');
    const names = await s.ctx.db
      .selectFrom('tones')
      .select('tone_name')
      .where('tone_name', 'in', ['Present', 'Missing', 'Missing And Dear', 'Twice'])
      .execute();
    expect(names.map((t) => t.tone_name)).toEqual(['Present']);
    const zh = await s.login('8800390', 'Quota!Tone42', { 'accept-language': 'zh-CN' });
    const q = await zh.get('/sp/batchaddtone/querytaskresult', { taskId: r.body.record.taskId, onlyFailed: '1' });
    expect(q.body.record.lines[0].returnMsg).toBe(
      (await import('../../i18n/zh.json')).default['Batch.indexFileMissing']
        .replace('{line}', '4')
        .replace('{file}', 'missing.wav'),
    );
  });

  test("a line's bad value and its unknown copyright owner are both named, by their labels", async () => {
    const values = line('Two Problems', 'web1.wav', { price: '99' }).split('|');
    values[HEADER.split('|').indexOf('catalogID')] = '999999';
    const r = await send(me, zipOf(goodEntries()), index([values.join('|')]));
    const msg = r.body.record.lines[0].returnMsg;
    expect(msg).toMatch(/^Price: /);
    expect(msg).toContain('Category: ');
  });
});

describe('the templates', () => {
  /** The site's index template, with its example files in a zip, is accepted line for line. */
  async function templateWorks(client: Client, fill: (col: string, value: string) => string = (_c, v) => v) {
    const t = await fetch(`${s.base}/sp/batchtemplate/batchaddtone?portalType=1`, {
      headers: { cookie: client.cookie },
    });
    const rows = (await t.text()).split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    const header = rows[0].split('|');
    const data = rows.slice(1).map((r) =>
      r
        .split('|')
        .map((v, i) => fill(header[i], v))
        .join('|'),
    );
    const files = new Set(
      data.flatMap((r) =>
        r.split('|').filter((_, i) => ['webAuditon', 'aipPlay', 'hdPlay', 'image'].includes(header[i])),
      ),
    );
    const content = (f: string) => (f.endsWith('.wav') ? sineWav({ seconds: 1 }) : f.endsWith('.3gp') ? threeGp : gif);
    const r = await multipart(client, '/sp/batchaddtone', [
      ['zipFile', 'tones.zip', zipOf([...files].map((f) => [f, content(f)]))],
      ['indexFile', 'tones.inf', Buffer.from([header.join('|'), ...data].join('\n'))],
    ]);
    expect(r.body.record?.lines?.map((l: any) => l.returnMsg)).toEqual(
      data.map(() => expect.stringMatching(/^Tone \d+ added/)),
    );
  }

  test("each site's template is accepted as it stands (Kenya's example names the provider's own copyright owner)", async () => {
    await templateWorks(c);
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    await templateWorks(kenya);
  });

  test('a provider without copyright owners gets the example with its placeholder left as it is', async () => {
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const id = await providerIdOf(s, DEMO.kenya.account);
    const owners = await s.ctx.db.selectFrom('copyright_companies').selectAll().where('provider_id', '=', id).execute();
    // Lent to the generic provider for the test, then given back.
    await s.ctx.db
      .updateTable('copyright_companies')
      .set({ provider_id: providerId })
      .where('provider_id', '=', id)
      .execute();
    try {
      const t = await fetch(`${s.base}/sp/batchtemplate/batchaddtone?portalType=1`, {
        headers: { cookie: kenya.cookie },
      });
      expect(await t.text()).toContain('|{copyrightOwnerId}|');
    } finally {
      for (const o of owners)
        await s.ctx.db.updateTable('copyright_companies').set({ provider_id: id }).where('id', '=', o.id).execute();
    }
  });
});

describe('refused batches store nothing', () => {
  test('a zip of more than 50 entries', async () => {
    const entries = Array.from({ length: 51 }, (_, i): [string, Buffer] => [`t${i}.wav`, sineWav({ seconds: 0.01 })]);
    await refused(
      zipOf(entries),
      index([line('Too many', 't1.wav')]),
      'The zip has 51 entries; at most 50 are allowed.',
    );
  });

  test('a zip bomb: a high ratio by its header, or more bytes than its header says', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    await refused(
      zipOf([...goodEntries(), ['web1big.wav', zeros, { deflate: true }]]),
      index([line('Bomb')]),
      /web1big.wav: compressed more than 100:1/,
    );
    // The header claims 1 KB; inflating gives 20 MB: stopped while inflating, whatever the header said.
    const liar = Buffer.concat([sineWav({ seconds: 1 }), Buffer.alloc(20 * 1024 * 1024)]);
    await refused(
      zipOf([...goodEntries().slice(1), ['web1.wav', liar, { deflate: true, declaredSize: 200_000 }]]),
      index([line('Liar')]),
      /web1.wav/,
    );
  });

  test('zip-slip, absolute paths, symlinks, encrypted entries and nested zips, named by entry', async () => {
    const idx = index([line('Unsafe')]);
    await refused(
      zipOf([...goodEntries(), ['../../evil.wav', sineWav()]]),
      idx,
      'Zip entry ../../evil.wav: paths with .. are not allowed.',
    );
    await refused(
      zipOf([...goodEntries(), ['sub/..\\..\\evil.wav', sineWav()]]),
      idx,
      /paths with \.\. are not allowed/,
    );
    await refused(
      zipOf([...goodEntries(), ['/etc/evil.wav', sineWav()]]),
      idx,
      'Zip entry /etc/evil.wav: absolute paths are not allowed.',
    );
    await refused(zipOf([...goodEntries(), ['C:/evil.wav', sineWav()]]), idx, /absolute paths/);
    await refused(
      zipOf([...goodEntries(), ['link.wav', Buffer.from('/etc/passwd'), { mode: 0o120777 }]]),
      idx,
      'Zip entry link.wav: symbolic links are not allowed.',
    );
    await refused(
      zipOf([...goodEntries(), ['secret.wav', sineWav(), { flags: 1, deflate: true }]]),
      idx,
      'Zip entry secret.wav: encrypted entries are not allowed.',
    );
    await refused(
      zipOf([...goodEntries(), ['inner.zip', zipOf(goodEntries())]]),
      idx,
      'Zip entry inner.zip: archives inside the zip are not allowed.',
    );
    // A terminal escape in an entry's name is refused and not echoed back.
    await refused(
      zipOf([...goodEntries(), ['red\u001b[31m.wav', sineWav()]]),
      idx,
      'Zip entry red?[31m.wav: the name is not valid.',
    );
    // A zip disguised under a wav name, named by the index: caught by its content.
    await refused(
      zipOf([...goodEntries().slice(1), ['web1.wav', zipOf(goodEntries())]]),
      idx,
      'Zip entry web1.wav: archives inside the zip are not allowed.',
    );
  });

  test('a damaged entry: bytes that differ from its CRC-32, fewer bytes than its header says', async () => {
    const idx = index([line('Damaged')]);
    const ivr = sineWav({ seconds: 1, frequency: 660 });
    const zip = zipOf(goodEntries()); // ivr1.wav is stored as it is
    const at = zip.indexOf(ivr);
    zip[at + 1000] ^= 0xff;
    await refused(zip, idx, 'Zip entry ivr1.wav is damaged (its data does not match its header).');
    const short = zipOf([
      ...goodEntries().filter(([n]) => n !== 'ivr1.wav'),
      ['ivr1.wav', ivr, { deflate: true, declaredSize: ivr.length + 10 }],
    ]);
    await refused(short, idx, 'Zip entry ivr1.wav is damaged (its data does not match its header).');
  });

  test('an index whose every line names a file not in the zip, a bad header, a line of the wrong shape', async () => {
    // No line left to apply: refused as a whole, every line named.
    await refused(
      zipOf(goodEntries()),
      index([line('Gone One', 'missing.wav'), line('Gone Two', 'lost.wav')]),
      'Line 3: missing.wav is not in the zip.\nLine 4: lost.wav is not in the zip.',
    );
    await refused(
      zipOf(goodEntries()),
      index([line('Bell\u0007')]),
      'tones.txt, line 3: contains a control character (U+0007), which is not allowed.',
    );
    const bad = Buffer.from(`${HEADER}|colour\n${line('x')}|red\n`);
    await refused(zipOf(goodEntries()), bad, 'Line 1: unknown or repeated column colour.');
    await refused(
      zipOf(goodEntries()),
      index([line('Short').split('|').slice(1).join('|')]),
      'Line 3: 17 values, but the header names 18 columns.',
    );
    await refused(
      zipOf([...goodEntries().slice(1), ['web1.wav', Buffer.from('not a wav at all')]]),
      index([line('Fake')]),
      'Zip entry web1.wav: the content does not match its extension.',
    );
    await refused(
      zipOf([...goodEntries(), ['notes.exe', Buffer.from('MZ')]]),
      index([line('Exe', 'notes.exe')]),
      /notes.exe: wrong file type/,
    );
  });

  test('an index that is empty or not UTF-8 (named by line), in the session language', async () => {
    await refused(
      zipOf(goodEntries()),
      Buffer.from('# only notes\n' + HEADER + '\n'),
      'The index file has no tone lines.',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADER, 'utf16le')]);
    await refused(zipOf(goodEntries()), utf16, 'tones.txt is not UTF-8 text (line 1)');
    const zh = await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'zh-CN' });
    const latin = Buffer.concat([index([line('One')]), Buffer.from('Caf\xe9|x\n', 'latin1')]);
    const r = await refused(zipOf(goodEntries()), latin, 'tones.txt 不是 UTF-8 文本（第4行）', zh);
    expect(r.body.returnMsg).toContain('批量文件被拒绝');
  });

  test('the files themselves: a zip over the configured size, a wrong type, one file only', async () => {
    await s.ctx.config.set('uploadfile_max_size', '1');
    try {
      const big = zipOf([...goodEntries(), ['big.wav', Buffer.concat([sineWav(), Buffer.alloc(1_100_000, 7)])]]);
      const before = await counts();
      const r = await send(c, big, index([line('Big')]));
      expect(r.body).toMatchObject({ returnCode: '950009', returnMsg: 'The file is too large. Maximum size: 1 MB' });
      expect(await counts()).toEqual(before);
    } finally {
      await s.ctx.config.set('uploadfile_max_size', '200');
    }
    const wrong = await multipart(c, '/sp/batchaddtone', [
      ['zipFile', 'tones.rar', Buffer.from('Rar!')],
      ['indexFile', 'tones.txt', index([line('x')])],
    ]);
    expect(wrong.body.returnCode).toBe('950008');
    const alone = await multipart(c, '/sp/batchaddtone', [['indexFile', 'tones.inf', index([line('x')])]]);
    expect(alone.body.returnMsg).toContain('Send one zip file and one index file');
  });
});

describe("the zip's entries are uploads: sp/uploadfile's quota and rate hold for them", () => {
  let seq = 8800300;
  async function fresh(): Promise<Client> {
    const code = String(seq++);
    await createProvider(
      s.ctx.db,
      { code, name: `Batch quota ${code}`, password: 'Quota!Tone42', site: 'generic' },
      s.clock.now,
    );
    return s.login(code, 'Quota!Tone42');
  }
  afterEach(async () => {
    await s.ctx.config.set('upload_quota_mb', '2048');
    await s.ctx.config.set('upload_rate_per_minute', '60');
  });

  test('a batch beyond the quota is refused with nothing stored while another provider still uploads its batch', async () => {
    const entries = goodEntries();
    const bytes = entries.reduce((n, [, data]) => n + data.length, 0);
    await s.ctx.config.set('upload_quota_mb', String((bytes + 1000) / (1024 * 1024))); // room for one batch's files
    const a = await fresh();
    const b = await fresh();
    expect((await send(a, zipOf(entries), index([line('Quota one')]))).body.returnCode).toBe('000000');
    const before = await counts();
    const diskBefore = s.storedFiles();
    const over = await send(a, zipOf(goodEntries()), index([line('Quota two')]));
    expect(over.body.returnCode).toBe('962002');
    expect(over.body.returnMsg).toMatch(/^The upload does not fit in your storage quota of /);
    expect(await counts()).toEqual(before);
    expect(s.storedFiles()).toEqual(diskBefore);
    expect((await send(b, zipOf(goodEntries()), index([line('Other provider')]))).body.returnCode).toBe('000000');
  });

  test('a batch naming more files than the minute allows is refused (962003)', async () => {
    await s.ctx.config.set('upload_rate_per_minute', '3');
    const a = await fresh();
    const before = await counts();
    const r = await send(a, zipOf(goodEntries()), index([line('Too fast')])); // four files named: web1, ivr1, hd, cover
    expect(r.body).toMatchObject({
      returnCode: '962003',
      returnMsg: expect.stringMatching(/^Too many uploads\. Please try again in \d+ seconds\.$/),
    });
    expect(await counts()).toEqual(before);
  });
});
