// Object storage (issue 28, Deliver 1): both drivers keep one contract (whole objects, byte ranges, absent
// objects, deletion, readiness), and a server on S3-compatible storage (a real s3rver on loopback, through the
// AWS SDK) stores what providers upload and what batch tasks write in the bucket, never on its own disk, serves
// it back in ranges, and keeps nothing of a refused upload.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { startS3, type S3Server } from './s3Server';
import { settled } from './batchSupport';
import { sineWav } from '../../src/server/files/wav';
import { LocalObjects } from '../../src/server/files/localObjects';
import { RangeNotSatisfiable, type ObjectStore } from '../../src/server/files/objects';

jest.setTimeout(60_000);

let s3: S3Server;
const scratch = mkdtempSync(join(tmpdir(), 'rbt-objects-'));
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const bytesOf = async (o: { stream: NodeJS.ReadableStream } | undefined) => (o ? buffer(o.stream) : undefined);

describe.each([
  ['a local directory', () => new LocalObjects(join(scratch, 'files'))],
  ['S3-compatible storage', () => s3.objects('contract')],
])('the object store contract on %s', (_name, make: () => ObjectStore) => {
  const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  let store: ObjectStore;
  beforeAll(async () => {
    store = make();
    const path = join(scratch, `${randomBytes(4).toString('hex')}.part`);
    writeFileSync(path, data);
    await store.adopt('7/1.wav', path, data.length);
    // The scratch file is consumed.
    expect(readdirSync(scratch).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  test('whole objects and byte ranges, as the Range header asks them', async () => {
    const whole = await store.get('7/1.wav');
    expect(whole?.size).toBe(1000);
    expect(whole?.range).toBeUndefined();
    expect((await bytesOf(whole))!.equals(data)).toBe(true);
    for (const [range, start, end] of [
      [{ start: 10, end: 19 }, 10, 19],
      [{ start: 990 }, 990, 999],
      [{ suffix: 5 }, 995, 999],
      [{ start: 900, end: 5000 }, 900, 999],
    ] as const) {
      const part = await store.get('7/1.wav', range);
      expect(part).toMatchObject({ size: 1000, range: { start, end } });
      expect((await bytesOf(part))!.equals(data.subarray(start, end + 1))).toBe(true);
    }
    await expect(store.get('7/1.wav', { start: 1000 })).rejects.toEqual(new RangeNotSatisfiable(1000));
  });

  test('an absent object is undefined, a deleted one is gone, deleting twice is fine, and the store is ready', async () => {
    expect(await store.get('7/none.wav')).toBeUndefined();
    await store.put('7/2.txt', Buffer.from('two'));
    expect((await bytesOf(await store.get('7/2.txt')))!.toString()).toBe('two');
    await store.delete('7/2.txt');
    await store.delete('7/2.txt');
    expect(await store.get('7/2.txt')).toBeUndefined();
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('a server whose files live in S3-compatible storage', () => {
  let s: TestServer;
  let c: Client;
  const prefix = 'portal';
  const inBucket = async () => (await s3.keys()).filter((k) => k.startsWith(`${prefix}/`));
  beforeAll(async () => {
    s = await startServer({ objects: s3.objects(prefix) });
    c = await s.login(DEMO.generic.account, DEMO.generic.password);
  });
  afterAll(async () => {
    await s?.close();
  });

  test('the demo data and an upload go to the bucket, none to DATA_DIR; the play address serves ranges', async () => {
    // Seeded demo files are in the bucket already.
    expect((await inBucket()).length).toBeGreaterThan(10);
    const before = await inBucket();
    const wav = sineWav({ seconds: 2, frequency: 440 });
    const r = await c.upload([['tone.wav', wav]]);
    expect(r.body.returnCode).toBe('000000');
    const rec = r.body.record['tone.wav'];
    const providerId = (await s.ctx.db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', DEMO.generic.account)
      .executeTakeFirstOrThrow())!.id;
    expect(await inBucket()).toEqual([...before, `${prefix}/${providerId}/${rec.savedFilename}`].sort());
    expect(s.storedFiles()).toEqual([]);

    const whole = await c.request('GET', rec.url);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(wav.length);
    // A player asks for the header first, then seeks.
    const head = await fetch(s.base + rec.url, { headers: { cookie: c.cookie, range: 'bytes=0-43' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-43/${wav.length}`);
    expect(Buffer.from(await head.arrayBuffer()).equals(wav.subarray(0, 44))).toBe(true);
    const tail = await fetch(s.base + rec.url, { headers: { cookie: c.cookie, range: 'bytes=-100' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(wav.length - 100))).toBe(true);
    const past = await fetch(s.base + rec.url, { headers: { cookie: c.cookie, range: `bytes=${wav.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${wav.length}`);
    // The attachment download streams from the bucket too.
    const dl = await fetch(`${s.base}/sp/download?portalType=1&fileName=${rec.savedFilename}`, {
      headers: { cookie: c.cookie },
    });
    expect(Buffer.from(await dl.arrayBuffer()).equals(wav)).toBe(true);
    expect((await c.get('/common/checkuploadpath')).body.record).toEqual({ writable: '1' });
  });

  test('a refused upload leaves no object and no scratch file', async () => {
    const before = await inBucket();
    const notWav = Buffer.from('RIFF but not really a wav file at all');
    const r = await c.upload([
      ['fine.wav', sineWav({ seconds: 1, frequency: 500 })],
      ['broken.wav', notWav],
    ]);
    expect(r.body.returnCode).toBe('950013');
    expect(await inBucket()).toEqual(before);
    expect(s.storedFiles()).toEqual([]);
  });

  test("a batch task's export file is written to the bucket and downloads from it", async () => {
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const before = await inBucket();
    const r = await kenya.post('/sp/exporttonesinger/exportToneAndSinger', {
      taskDesc: 'To the bucket',
      format: 'raw',
    });
    const task = await settled(s, r.body.record.taskId);
    expect(task.status).toBe('3');
    const added = (await inBucket()).filter((k) => !before.includes(k));
    expect(added).toEqual([expect.stringMatching(new RegExp(`/${task.result_file}$`))]);
    const dl = await fetch(
      `${s.base}/sp/tonecopyrightexport/?portalType=1&taskId=${task.id}&queryType=3&taskTypeName=exportToneAndSinger`,
      { headers: { cookie: kenya.cookie } },
    );
    expect((await dl.text()).split('\n')[0]).toMatch(/^\uFEFF?toneCode,toneName,/);
    expect(s.storedFiles()).toEqual([]);
  });
});
