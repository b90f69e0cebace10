// sp/uploadfile: accepted files are described and stored under a generated name, served only to their owner;
// every refusal leaves DATA_DIR without a new file (neither stored nor left behind in tmp).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { sineWav } from '../../src/server/files/wav';

let s: TestServer;
let c: Client;
beforeAll(async () => {
  s = await startServer();
  c = await s.login(DEMO.generic.account, DEMO.generic.password);
});
afterAll(async () => { await s.close(); });

/** A PNG header of the given size (the server reads the signature and IHDR only). */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8; b[25] = 6;
  return b;
}

/** Runs an upload that must be refused with `code` and checks nothing new is on disk. */
async function refused(code: string, files: Array<[string, Buffer]>, client: Client = c, opts: { csrf?: boolean; query?: string } = {}) {
  const before = s.storedFiles();
  const r = await client.upload(files, opts);
  expect(r.body.returnCode).toBe(code);
  expect(s.storedFiles()).toEqual(before);
  return r;
}

describe('accepted uploads', () => {
  test('a wav is stored under a generated name and described', async () => {
    const wav = sineWav({ seconds: 1 });
    const r = await c.upload([['Morning tone.wav', wav]]);
    expect(r.body.returnCode).toBe('000000');
    const rec = r.body.record['Morning tone.wav'];
    expect(rec).toMatchObject({ originalFilename: 'Morning tone.wav', kind: 'wav', size: wav.length, channels: 1, sampleRate: 8000, bitsPerSample: 8, byteRate: 8000, blockAlign: 1, durationSeconds: 1 });
    expect(rec.savedFilename).toMatch(/^[A-Za-z0-9]+\.wav$/);
    expect(rec.savedFilename).not.toContain('Morning');
    const own = (await s.ctx.db.selectFrom('providers').select('id').where('code', '=', DEMO.generic.account).executeTakeFirstOrThrow()).id;
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
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x5e, 0x01, 0x5e, 0x01]), Buffer.alloc(20)]);
    const r = await c.upload([['cover.png', png(350, 350)], ['small.gif', gif], ['notes.txt', Buffer.from('Lyric owner: Amani\n')]]);
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
    expect(r.body.returnMsg).toMatch(/wav, 3gp, mp4, jpg, gif, zip, txt, inf/);
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
    await refused('950013', [['good.wav', sineWav()], ['bad.gif', sineWav()]]);
  });

  test('a request without a file', async () => {
    const before = s.storedFiles();
    const r = await c.post('/sp/uploadfile', { x: 1 });
    expect(r.body.returnCode).toBe('950014');
    expect(s.storedFiles()).toEqual(before);
  });
});

describe('upload limits follow configuration', () => {
  afterEach(async () => { await s.ctx.config.set('media_max_size_mb', '10'); });
  test('media_max_size_mb lowers the media limit', async () => {
    await s.ctx.config.set('media_max_size_mb', '0.01');
    await refused('950009', [['two.wav', sineWav({ seconds: 2 })]]);
  });
});
