// sp/uploadfile: accepted files are described and stored under a generated name, served only to their owner;
// every refusal leaves DATA_DIR without a new file (neither stored nor left behind in tmp).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '../../src/server/files/storage';
import { GROUPS } from '../../src/server/files/accept';
import { startServer, DEMO, type TestServer, type Client, type Answer } from './helpers';
import { sineWav } from '../../src/server/files/wav';
import { createProvider } from '../../src/server/services/providers';
import { runOperator } from '../../src/server/cli/commands';
import { expectDocumentedAnswer, snapshot } from './contract';

let s: TestServer;
let c: Client;
beforeAll(async () => {
  s = await startServer();
  c = await s.login(DEMO.generic.account, DEMO.generic.password);
});
afterAll(async () => {
  await s.close();
});

/** A PNG header of the given size (the server reads the signature and IHDR only). */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}

/** Sends a request that must be refused with `code` (as the OpenAPI document lists it): no new file, no row. */
async function refusedRequest(code: string, send: () => Promise<Answer>) {
  const before = await snapshot(s);
  const r = await send();
  await expectDocumentedAnswer(s, r, 'POST', '/sp/uploadfile', code);
  expect(await snapshot(s)).toEqual(before);
  return r;
}

/** Runs an upload that must be refused with `code` and checks nothing new is on disk or in the database. */
const refused = (
  code: string,
  files: Array<[string, Buffer]>,
  client: Client = c,
  opts: { csrf?: boolean; query?: string } = {},
) => refusedRequest(code, () => client.upload(files, opts));

/** A multipart body written by hand: each part [field name, file name or undefined for a field, content]. */
function multipart(
  boundary: string,
  parts: Array<[string, string | undefined, Buffer | string]>,
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, filename, data] of parts) {
    const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n`,
      ),
      Buffer.from(data),
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
const send = (body: Buffer | string, contentType = 'multipart/form-data; boundary=B0undary', client: Client = c) =>
  client.request('POST', '/sp/uploadfile', { payload: body, headers: { 'content-type': contentType } });

describe('accepted uploads', () => {
  test('a wav is stored under a generated name and described', async () => {
    const wav = sineWav({ seconds: 1 });
    const r = await c.upload([['Morning tone.wav', wav]]);
    expect(r.body.returnCode).toBe('000000');
    const rec = r.body.record['Morning tone.wav'];
    expect(rec).toMatchObject({
      originalFilename: 'Morning tone.wav',
      kind: 'wav',
      size: wav.length,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 8,
      byteRate: 8000,
      blockAlign: 1,
      durationSeconds: 1,
    });
    expect(rec.savedFilename).toMatch(/^[A-Za-z0-9]+\.wav$/);
    expect(rec.savedFilename).not.toContain('Morning');
    const own = (
      await s.ctx.db
        .selectFrom('providers')
        .select('id')
        .where('code', '=', DEMO.generic.account)
        .executeTakeFirstOrThrow()
    ).id;
    expect(readFileSync(join(s.dataDir, 'files', String(own), rec.savedFilename)).equals(wav)).toBe(true);
    // Served to its owner with its content type...
    const res = await fetch(`${s.base}/sp/file/${rec.savedFilename}`, { headers: { cookie: c.cookie } });
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(wav)).toBe(true);
    // ...and to nobody else.
    const other = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    expect((await other.get(`/sp/file/${rec.savedFilename}`)).body.returnCode).toBe('950005');
    expect((await s.client().get(`/sp/file/${rec.savedFilename}`)).body.returnCode).toBe('900000');
  });

  test('images are measured; several files in one request are keyed by name', async () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0x5e, 0x01, 0x5e, 0x01]),
      Buffer.alloc(20),
    ]);
    const r = await c.upload([
      ['cover.png', png(350, 350)],
      ['small.gif', gif],
      ['notes.txt', Buffer.from('Lyric owner: Amani\n')],
    ]);
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record['cover.png']).toMatchObject({ kind: 'png', width: 350, height: 350 });
    expect(r.body.record['small.gif']).toMatchObject({ kind: 'gif', width: 350, height: 350 });
    expect(r.body.record['notes.txt']).toMatchObject({ kind: 'txt' });
  });
});

describe('refused uploads store nothing', () => {
  test('not logged in', async () => {
    await refused('900000', [['a.wav', sineWav()]], s.client());
  });

  test('without the CSRF token', async () => {
    const r = await refused('950001', [['a.wav', sineWav()]], c, { csrf: false });
    expect(r.status).toBe(403);
  });

  test('a file name with special characters', async () => {
    for (const name of ['my$tone.wav', 'a<b>.wav', '../../etc.wav', 'semi;colon.wav', "quote'.wav"]) {
      const r = await refused('950007', [[name, sineWav()]]);
      expect(r.body.returnMsg).toBe('Upload file failed. File name contain some special character!');
    }
  });

  test('a wav renamed .jpg, and other content that is not what the extension says', async () => {
    await refused('950013', [['photo.jpg', sineWav()]]);
    await refused('950013', [['song.wav', png(10, 10)]]);
    await refused('950013', [['list.txt', Buffer.from([0x00, 0x01, 0x02, 0xff])]]);
    await refused('950013', [['video.3gp', Buffer.from('not a video at all')]]);
  });

  test('an extension that is not allowed lists the allowed types', async () => {
    const r = await refused('950008', [['tool.exe', Buffer.from('MZ')]]);
    // wav and the audio kinds support_transcode_file_types lists (converted on intake), then the rest.
    expect(r.body.returnMsg).toMatch(/wav, mp3, m4a, aac, ogg, opus, flac, 3gp, mp4, jpg, gif, zip, txt, inf/);
    await refused('950008', [['song.wav', sineWav()]], c, { query: '?fileType=image' });
  });

  test('oversize: media over 10 MB, txt over 1 MB', async () => {
    // A real wav header followed by silence: cheap to build, and past 10 MB.
    const big = Buffer.concat([sineWav(), Buffer.alloc(10 * 1024 * 1024, 128)]);
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const r = await refused('950009', [['long.wav', big]]);
    expect(r.body.returnMsg).toContain('10 MB');
    await refused('950009', [['big.txt', Buffer.alloc(1024 * 1024 + 1, 0x61)]]);
  }, 60_000);

  test('one bad file refuses the whole request', async () => {
    await refused('950013', [
      ['good.wav', sineWav()],
      ['bad.gif', sineWav()],
    ]);
  });

  test('a request without a file', async () => {
    await refusedRequest('950014', () => c.post('/sp/uploadfile', {}));
    await refusedRequest('950014', () => send(multipart('B0undary', [])));
  });
});

describe('malformed requests (issue 15) are refused with a catalogued code, never HTTP 500', () => {
  const wav = sineWav();
  const good = multipart('B0undary', [['multipartFiles', 'a.wav', wav]]);

  test('a body "x", no boundary, a wrong boundary: 962001', async () => {
    await refusedRequest('962001', () => send('x'));
    await refusedRequest('962001', () => send(good, 'multipart/form-data'));
    await refusedRequest('962001', () => send(good, 'multipart/form-data; boundary=Other'));
    // The same body with its own boundary is accepted, so the refusals were about the body alone.
    expect((await send(good)).body.returnCode).toBe('000000');
  });

  test('a body cut before the closing boundary keeps nothing, not even the complete file before the cut', async () => {
    await refusedRequest('962001', () => send(multipart('B0undary', [['multipartFiles', 'a.wav', wav]], false)));
    await refusedRequest('962001', () => send(good.subarray(0, good.length - 200)));
    const two = multipart('B0undary', [
      ['multipartFiles', 'first.wav', wav],
      ['multipartFiles', 'second.wav', wav],
    ]);
    await refusedRequest('962001', () => send(two.subarray(0, two.length - 100)));
  });

  test('two files with the same name: 962004, neither kept (one of them used to stay as an orphan)', async () => {
    const r = await refused('962004', [
      ['same.wav', wav],
      ['same.wav', sineWav({ seconds: 2 })],
    ]);
    expect(r.body.returnMsg).toBe('The file same.wav was sent twice in one upload.');
  });

  test('parameters belong in the query: a field part, or a file part under another name, is refused', async () => {
    const field = await refusedRequest('950004', () =>
      send(
        multipart('B0undary', [
          ['fileType', undefined, 'wav'],
          ['multipartFiles', 'a.wav', wav],
        ]),
      ),
    );
    expect(field.body.record.errors[0]).toMatchObject({ field: 'fileType', message: 'Upload.partName' });
    await refusedRequest('950004', () =>
      send(
        multipart('B0undary', [
          ['multipartFiles', 'a.wav', wav],
          ['multipartFiles', undefined, '../../etc'],
        ]),
      ),
    );
    await refusedRequest('950004', () => send(multipart('B0undary', [['upload', 'a.wav', wav]])));
  });

  test('every ui.fileType the screen definitions send is a group the server knows (an unknown one is refused)', () => {
    const root = join(__dirname, '..', '..');
    const files = [
      ...readdirSync(join(root, 'screen-definitions')).map((f) => join(root, 'screen-definitions', f)),
      ...readdirSync(join(root, 'site-variants')).flatMap((site) =>
        readdirSync(join(root, 'site-variants', site)).map((f) => join(root, 'site-variants', site, f)),
      ),
    ].filter((f) => f.endsWith('.json'));
    const named: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (o.ui && typeof o.ui === 'object' && typeof (o.ui as Record<string, unknown>).fileType === 'string')
          named.push((o.ui as Record<string, string>).fileType);
        Object.values(o).forEach(walk);
      }
    };
    for (const f of files) walk(JSON.parse(readFileSync(f, 'utf8')));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((g) => !(g in GROUPS))).toEqual([]);
  });

  test('an unknown fileType, a path as fileType, an unknown parameter: 950004', async () => {
    for (const query of [
      '?fileType=exe',
      '?fileType=../../etc',
      '?fileType=wav&dir=../../etc',
      '?path=..%2F..%2Fetc',
    ]) {
      const r = await refused('950004', [['a.wav', wav]], c, { query });
      expect(r.body.record.errors[0].field).toMatch(/^(fileType|)$/);
    }
    // A known fileType works.
    expect((await c.upload([['a.wav', wav]], { query: '?fileType=wav' })).body.returnCode).toBe('000000');
  });
});

describe('per-provider storage quota and upload rate', () => {
  const wav = sineWav(); // 8044 bytes
  let codeSeq = 8800200;
  /** A fresh provider with no files yet, logged in. */
  async function provider(site: 'generic' | 'kenya' = 'generic'): Promise<{ code: string; client: Client }> {
    const code = String(codeSeq++);
    await createProvider(s.ctx.db, { code, name: `Quota ${code}`, password: 'Quota!Tone42', site }, s.clock.now);
    return { code, client: await s.login(code, 'Quota!Tone42') };
  }
  afterEach(async () => {
    await s.ctx.config.set('upload_quota_mb', '2048');
    await s.ctx.config.set('upload_rate_per_minute', '60');
  });

  test('a provider over its quota is refused (nothing kept) while another still uploads; the operator sees the usage', async () => {
    await s.ctx.config.set('upload_quota_mb', '0.01'); // 10 KB: room for one 8 KB wav
    const a = await provider();
    const b = await provider('kenya');
    expect((await a.client.upload([['one.wav', wav]])).body.returnCode).toBe('000000');
    const over = await refused('962002', [['two.wav', wav]], a.client);
    expect(over.body.returnMsg).toBe(
      'The upload does not fit in your storage quota of 10 KB (8 KB already stored). Please contact the administrator.',
    );
    // The other provider has its own quota.
    expect((await b.client.upload([['one.wav', wav]])).body.returnCode).toBe('000000');
    // A small file still fits in what is left of A's quota.
    expect((await a.client.upload([['note.txt', Buffer.from('fits')]])).body.returnCode).toBe('000000');

    const lines: string[] = [];
    expect(await runOperator(['provider', 'list'], s.ctx, (l) => lines.push(l))).toBe(0);
    expect(lines.find((l) => l.startsWith(`${a.code}\t`))).toContain('files=2\tstorage=8 KB/10 KB\tlastMinute=2/60');
    expect(lines.find((l) => l.startsWith(`${b.code}\t`))).toContain('files=1\tstorage=8 KB/10 KB\tlastMinute=1/60');
    await s.ctx.config.set('upload_quota_mb', '0');
    lines.length = 0;
    await runOperator(['provider', 'list'], s.ctx, (l) => lines.push(l));
    expect(lines.find((l) => l.startsWith(`${a.code}\t`))).toContain('storage=8 KB/unlimited');
    // A minute later the rate's window is empty again; the storage stays.
    s.clock.now += 61_000;
    lines.length = 0;
    await runOperator(['provider', 'list'], s.ctx, (l) => lines.push(l));
    expect(lines.find((l) => l.startsWith(`${a.code}\t`))).toContain(
      'files=2\tstorage=8 KB/unlimited\tlastMinute=0/60',
    );
  });

  test('concurrent uploads cannot pass the quota together', async () => {
    await s.ctx.config.set('upload_quota_mb', String((3 * wav.length + 100) / (1024 * 1024)));
    const a = await provider();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => a.client.upload([[`c${i}.wav`, wav]])));
    const codes = answers.map((r) => r.body.returnCode).sort();
    expect(codes).toEqual(['000000', '000000', '000000', '962002', '962002', '962002', '962002', '962002']);
    const id = (
      await s.ctx.db.selectFrom('providers').select('id').where('code', '=', a.code).executeTakeFirstOrThrow()
    ).id;
    expect(
      await s.ctx.db.selectFrom('uploaded_files').select('saved_filename').where('provider_id', '=', id).execute(),
    ).toHaveLength(3);
    expect(s.storedFiles().filter((f) => f.includes(`/files/${id}/`))).toHaveLength(3);
  });

  test('upload_rate_per_minute: beyond it 962003 says how long to wait; a minute later uploads pass again', async () => {
    await s.ctx.config.set('upload_rate_per_minute', '3');
    const a = await provider();
    const b = await provider();
    for (const name of ['r1.wav', 'r2.wav'])
      expect((await a.client.upload([[name, wav]])).body.returnCode).toBe('000000');
    // Two files in one request when one is left: the whole request is refused.
    await refused(
      '962003',
      [
        ['r3.wav', wav],
        ['r4.wav', wav],
      ],
      a.client,
    );
    expect((await a.client.upload([['r3.wav', wav]])).body.returnCode).toBe('000000');
    const r = await refused('962003', [['r4.wav', wav]], a.client);
    expect(r.body.returnMsg).toBe('Too many uploads. Please try again in 60 seconds.');
    // Another provider is not slowed down.
    expect((await b.client.upload([['r1.wav', wav]])).body.returnCode).toBe('000000');
    s.clock.now += 61_000;
    expect((await a.client.upload([['r4.wav', wav]])).body.returnCode).toBe('000000');
  });
});

describe('upload limits follow configuration', () => {
  afterEach(async () => {
    await s.ctx.config.set('media_max_size_mb', '10');
  });
  test('media_max_size_mb lowers the media limit', async () => {
    await s.ctx.config.set('media_max_size_mb', '0.01');
    await refused('950009', [['two.wav', sineWav({ seconds: 2 })]]);
  });
});

describe('what a killed process left behind', () => {
  test('temporary files older than an hour are removed when the store opens; fresh ones (uploads in flight) stay', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rbt-store-'));
    try {
      mkdirSync(join(dir, 'tmp'));
      writeFileSync(join(dir, 'tmp', 'old.part'), 'cut off by kill -9');
      writeFileSync(join(dir, 'tmp', 'fresh.part'), 'another process is receiving it');
      const twoHoursAgo = (Date.now() - 2 * 3600_000) / 1000;
      utimesSync(join(dir, 'tmp', 'old.part'), twoHoursAgo, twoHoursAgo);
      new FileStore(dir);
      expect(readdirSync(join(dir, 'tmp'))).toEqual(['fresh.part']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
