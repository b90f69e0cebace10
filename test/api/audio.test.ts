// Audio as a provider brings it (issue 27), through the real server and database (SQLite, and PostgreSQL in the
// second pass of npm test) with real audio made here (test/fixtures/audio.ts: espeak-ng and sox): every accepted
// kind is taken and recognised by its content; silent, clipped, damaged, too long and not-accepted files are
// refused naming what they are, storing nothing; a tone uploaded as one media file passes 'to be transcoded'
// and 'transcoding', gets an 8000 Hz 8-bit mono IVR wav (soxi reads its header), a 44.1 kHz stereo mp3 web
// audition and an AMR-WB 3gp, then waits for the operator like any addition; a modification's new audio stays
// in its change request until approved; failures show with their reason; every file is served with ranges; the
// waveform is stored once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, shownToneState, DEMO, type TestServer, type Client } from './helpers';
import { goodTone } from './tonePayload';
import { runOperator } from '../../src/server/cli/commands';
import { makeAudio, soxi, type AudioFixtures } from '../fixtures/audio';
import { probe } from '../../src/server/media/probe';
import { readWavHeader } from '../../src/engine/files';
import { FileStore } from '../../src/server/files/storage';
import { transcodeRunner } from '../../src/server/jobs/transcodeRunner';
import { PEAK_COUNT } from '../../src/server/media/samples';

jest.setTimeout(120_000);

let s: TestServer;
let c: Client; // 8800010, generic, in the approval flow (believeCP 0)
let audio: AudioFixtures;
let store: FileStore;

beforeAll(async () => {
  audio = makeAudio(3);
  process.env.MEDIA_JOB_ATTEMPTS = '2';
  process.env.MEDIA_POLL_MS = '100';
  // No workers of its own: each test starts the transcoder when it wants to watch the states go by.
  s = await startServer({ workers: false });
  await s.ctx.config.set('upload_rate_per_minute', '0');
  store = new FileStore(s.dataDir);
  c = await s.login(DEMO.generic.account, DEMO.generic.password);
});
afterAll(async () => {
  await s.close();
  audio.remove();
  delete process.env.MEDIA_JOB_ATTEMPTS;
  delete process.env.MEDIA_POLL_MS;
});

/** The good tone form in unified mode: its image kept, one media file in place of the separate files. */
async function unifiedTone(master: string, over: Record<string, unknown> = {}) {
  const form = await goodTone(s, c, { uploadMode: '2', uploadChannel: 1, ...over });
  const image = JSON.parse(String(form.toneFile)).image;
  return { ...form, toneFile: JSON.stringify({ mediaPlay: master, image }) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function upload(name: string, bytes: Buffer = audio.files[name], query = '?fileType=audio') {
  return c.upload([[name, bytes]], { query });
}

const operator = async (...args: string[]) => {
  const out: string[] = [];
  expect(await runOperator(args, s.ctx, (l) => out.push(l))).toBe(0);
  return out.join('\n');
};

const toneRow = (id: number) => s.ctx.db.selectFrom('tones').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The tone as its list row shows it (sp/qrytone), with the state the status column derives. */
async function listed(toneCode: string) {
  const r = await c.get('/sp/qrytone', { toneCode, startRecordNum: 1, endRecordNum: 10 });
  const row = r.body.record[0];
  return { row, state: shownToneState(row) };
}

let workersStarted = false;
/** Starts this server's transcoder; `onRun` sees each job while it runs (after it is marked running). */
/** The transcoder's workers; onRun is called as each job starts, with the entity its transcode is of. */
async function startTranscoder(onRun?: (of: { entityType: string; entityId: number }) => Promise<void>) {
  if (workersStarted) return;
  workersStarted = true;
  const runner = transcodeRunner(s.ctx, store, () => undefined);
  await s.ctx.media.work(async (job, run) => {
    const t = onRun
      ? await s.ctx.db
          .selectFrom('transcodes')
          .select(['entity_type', 'entity_id'])
          .where('id', '=', job.transcodeId)
          .executeTakeFirst()
      : undefined;
    const done = runner.handle(job, run);
    if (onRun && t) await onRun({ entityType: t.entity_type, entityId: t.entity_id });
    await done;
  }, runner.dead);
}

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await sleep(50);
  }
}

describe('intake', () => {
  test.each([
    ['master44.wav', 'wav', 44100, 2],
    ['mono16k.wav', 'wav', 16000, 1],
    ['alaw.wav', 'wav', 8000, 1],
    ['mulaw.wav', 'wav', 8000, 1],
    ['master.flac', 'flac', 44100, 2],
    ['master.ogg', 'ogg', 44100, 2],
    ['master.mp3', 'mp3', 44100, 2],
    ['master.m4a', 'm4a', 44100, 2],
    ['master.aac', 'aac', 44100, 2],
    ['master.opus', 'opus', 48000, 2],
  ])('%s is taken as %s, %i Hz, %i channel(s), with its loudness and waveform', async (name, kind, rate, channels) => {
    const r = await upload(name);
    expect(r.body.returnCode).toBe('000000');
    const rec = r.body.record[name];
    expect([rec.kind, rec.sampleRate, rec.channels]).toEqual([kind, rate, channels]);
    expect(rec.durationSeconds).toBeGreaterThan(2.5);
    expect(rec.durationSeconds).toBeLessThan(3.5);
    expect(rec.loudnessLufs).toBeLessThan(0);
    // Three seconds at 5 ms a peak: the stored waveform's full resolution.
    expect(rec.peaks.length).toBeGreaterThan(PEAK_COUNT - 5);
    expect(rec.peaks.length).toBeLessThanOrEqual(PEAK_COUNT);
    expect(Math.max(...rec.peaks)).toBe(255);
    if (name === 'alaw.wav') expect(rec.audioFormat).toBe(6);
    if (name === 'mulaw.wav') expect(rec.audioFormat).toBe(7);
  });

  test('a file is what its content is: an mp3 named .wav is taken and saved as an mp3', async () => {
    const r = await upload('disguised.wav', audio.files['master.mp3']);
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record['disguised.wav'].kind).toBe('mp3');
    expect(r.body.record['disguised.wav'].savedFilename).toMatch(/\.mp3$/);
    const served = await fetch(s.base + r.body.record['disguised.wav'].url, { headers: { cookie: c.cookie } });
    expect(served.headers.get('content-type')).toBe('audio/mpeg');
  });

  test.each([
    [
      'silence.wav',
      '962005',
      'Audio.silent',
      /This WAV file is silent: its loudest sound is -\d+(\.\d+)? dBFS, below -60 dBFS\./,
    ],
    ['clipped.wav', '962005', 'Audio.clipped', /clipped: [\d.]+% of its samples are at full scale \(at most 1%\)/],
    ['cut.mp3', '950013', 'Audio.notAudio', /not audio the portal can read/],
  ])('%s is refused (%s, %s) naming why; nothing is stored', async (name, code, key, text) => {
    const before = s.storedFiles();
    const r = await upload(name);
    expect(r.body.returnCode).toBe(code);
    expect(r.body.record.errors[0]).toMatchObject({ field: name, message: key });
    expect(r.body.returnMsg).toMatch(text);
    expect(s.storedFiles()).toEqual(before);
  });

  test('limits and kinds come from configuration; the message names the file and what is accepted (both languages)', async () => {
    await s.ctx.config.set('audio_max_seconds', '2');
    try {
      const r = await upload('master.flac');
      expect(r.body.returnCode).toBe('962005');
      expect(r.body.returnMsg).toMatch(/This FLAC file lasts 3 s; audio may last at most 2 s\./);
    } finally {
      await s.ctx.config.set('audio_max_seconds', '600');
    }
    await s.ctx.config.set('support_transcode_file_types', 'flac');
    try {
      const r = await c.upload([['song.mp3', audio.files['master.mp3']]], { query: '?fileType=audio' });
      expect(r.body.returnCode).toBe('950008');
      const zhClient = await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'zh' });
      const zh = await zhClient.upload([['tune.wav', audio.files['master.mp3']]], { query: '?fileType=audio' });
      expect(zh.body.returnCode).toBe('950008');
      expect(zh.body.record.errors[0].text).toMatch(/MP3 音频（44100 Hz，2 声道，3 秒）；此处只接受：wav, flac/);
    } finally {
      await s.ctx.config.set('support_transcode_file_types', 'mp3|m4a|aac|ogg|opus|flac');
    }
  });
});

describe('playback', () => {
  let url = '';
  let size = 0;
  beforeAll(async () => {
    const r = await upload('master.mp3');
    url = r.body.record['master.mp3'].url;
    size = r.body.record['master.mp3'].size;
  });
  const get = (headers: Record<string, string> = {}, who: Client = c) =>
    fetch(s.base + url, { headers: { cookie: who.cookie, ...headers } });

  test('a range answers 206 with exactly those bytes (curl -r 0-99)', async () => {
    const r = await get({ range: 'bytes=0-99' });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-length')).toBe('100');
    expect(r.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(r.headers.get('accept-ranges')).toBe('bytes');
    const body = Buffer.from(await r.arrayBuffer());
    expect(body.equals(audio.files['master.mp3'].subarray(0, 100))).toBe(true);
  });

  test('open and suffix ranges; the whole file with its length, ETag and cache headers; 304; 416 past the end', async () => {
    const tail = await get({ range: 'bytes=-10' });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, `bytes ${size - 10}-${size - 1}/${size}`]);
    expect(Buffer.from(await tail.arrayBuffer()).equals(audio.files['master.mp3'].subarray(size - 10))).toBe(true);
    const rest = await get({ range: `bytes=${size - 5}-` });
    expect([rest.status, rest.headers.get('content-length')]).toEqual([206, '5']);
    await rest.arrayBuffer();
    const whole = await get();
    expect([whole.status, whole.headers.get('content-length'), whole.headers.get('accept-ranges')]).toEqual([
      200,
      String(size),
      'bytes',
    ]);
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=\d+/);
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    await whole.arrayBuffer();
    const again = await get({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    const past = await get({ range: `bytes=${size}-` });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${size}`]);
    // A stale If-Range gets the whole file, as RFC 9110 says.
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"0-0"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  test("another provider's session gets 950005, with or without a range", async () => {
    const other = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const r = await get({ range: 'bytes=0-99' }, other);
    expect(r.status).toBe(200);
    expect((await r.json()).returnCode).toBe('950005');
  });
});

describe('a tone uploaded as one media file', () => {
  let toneId = 0;
  let toneCode = '';

  test('a 44.1 kHz stereo mp3 passes to be transcoded and transcoding, then waits for approval with its files made', async () => {
    const master = (await upload('master.mp3')).body.record['master.mp3'].savedFilename;
    const form = await unifiedTone(master, { toneName: 'Unified Morning' });
    const r = await c.post('/sp/addtone', form);
    expect(r.raw).toMatch(/"returnCode":"000000"/);
    expect(r.body.record.transcodeState).toBe('1');
    toneId = Number(r.body.record.toneID);
    toneCode = r.body.record.toneCode;
    expect((await listed(toneCode)).state).toBe('toBeTranscoded');
    // Nothing waits for the operator yet, and another change is refused while the files are being made.
    expect(
      await s.ctx.db
        .selectFrom('change_requests')
        .select('id')
        .where('entity_id', '=', toneId)
        .where('entity_type', '=', 'tone')
        .execute(),
    ).toEqual([]);
    const seen: string[] = [];
    await startTranscoder(async (of) => {
      // This tone's run only: the demo data's own waiting transcodes may come first.
      if (seen.length || of.entityType !== 'tone' || of.entityId !== toneId) return;
      // The runner marks the tone as it starts (on PostgreSQL that write may land just after this hook runs);
      // making the files (four probes and ffmpeg) takes far longer than this wait.
      const running = await waitFor(
        'transcoding',
        () => listed(toneCode),
        (v) => v.state !== 'toBeTranscoded',
      );
      seen.push(running.state);
      const del = await c.post('/sp/deltones', { toneIDs: String(toneId), portalType: 1 });
      seen.push(del.body.returnCode);
    });
    s.ctx.media.wake();
    const { row } = await waitFor(
      'tone',
      () => listed(toneCode),
      (v) => v.state === 'add',
    );
    // Seen while the transcoder ran: the state, and a deletion refused as a second change (961003).
    expect(seen.slice(0, 2)).toEqual(['transcoding', '961003']);
    expect(row.transcodeReason).toBe('');

    const tone = await toneRow(toneId);
    const files = JSON.parse(tone.tone_file);
    expect(Object.keys(files).sort()).toEqual(['aipPlay', 'hdPlay', 'image', 'mediaPlay', 'webAuditon']);
    expect(files.mediaPlay).toBe(master);
    const provider = tone.provider_id;
    const path = (n: string) => join(s.dataDir, 'files', String(provider), n);
    // The IVR file: an 8000 Hz, 8-bit, mono PCM wav, read by soxi and by the portal's own header reader.
    expect(soxi(path(files.aipPlay))).toEqual({ rate: 8000, channels: 1, bits: 8, encoding: 'Unsigned Integer PCM' });
    const ivr = await fetch(s.base + `/sp/file/${files.aipPlay}`, { headers: { cookie: c.cookie } });
    const bytes = Buffer.from(await ivr.arrayBuffer());
    expect(readWavHeader(bytes, bytes.length)).toMatchObject({
      audioFormat: 1,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 8,
      blockAlign: 1,
      byteRate: 8000,
    });
    // The web audition sounds like music: 44.1 kHz stereo mp3; the HD file AMR-WB in 3gp.
    expect(await probe(path(files.webAuditon))).toMatchObject({ kind: 'mp3', sampleRate: 44100, channels: 2 });
    expect((await probe(path(files.webAuditon)))!.bitRate).toBeGreaterThan(100_000);
    expect(await probe(path(files.hdPlay))).toMatchObject({
      kind: '3gp',
      codec: 'amr_wb',
      sampleRate: 16000,
      channels: 1,
    });
    // The waveform was computed once, by the transcode, and is served from the row.
    const wave = await c.get('/sp/audiowave', { savedFilename: files.webAuditon });
    expect(wave.body.record.peaks.length).toBeGreaterThan(PEAK_COUNT - 5);
    expect(wave.body.record.durationSeconds).toBeCloseTo(3, 0);
    // No scratch or temporary file is left.
    expect(s.storedFiles().filter((f) => f.includes(`${join(s.dataDir, 'tmp')}`))).toEqual([]);
    const audit = await s.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(toneId))
      .where('entity_type', '=', 'tone')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['addtone', 'transcode.done']);
  });

  test('approved, it goes on sale with those files; a modification with a new master stays staged until approved', async () => {
    const pending = await s.ctx.db
      .selectFrom('change_requests')
      .select('id')
      .where('entity_id', '=', toneId)
      .where('entity_type', '=', 'tone')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await operator('changes', 'approve', String(pending.id));
    const live = await toneRow(toneId);
    expect(live.status).toBe('1');
    const liveFiles = live.tone_file;

    const master = (await upload('master.flac')).body.record['master.flac'].savedFilename;
    const form = await unifiedTone(master, {});
    const r = await c.post('/sp/edittone', {
      ...form,
      uploadChannel: 0,
      newCatalogId: form.catalogID,
      toneID: String(toneId),
      toneCode,
      reason: 'new master',
    });
    expect(r.body.returnCode).toBe('000000');
    s.ctx.media.wake();
    const { row } = await waitFor(
      'modification',
      () => listed(toneCode),
      (v) => v.state === 'modify',
    );
    expect(row.status).toBe('1');
    // Live data is as it was: the tone's files are the first master's, the new ones only in the change request.
    expect((await toneRow(toneId)).tone_file).toBe(liveFiles);
    const change = await s.ctx.db
      .selectFrom('change_requests')
      .select(['id', 'payload'])
      .where('entity_id', '=', toneId)
      .where('entity_type', '=', 'tone')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const staged = JSON.parse(JSON.parse(change.payload).toneFile);
    expect(staged.mediaPlay).toBe(master);
    expect(staged.aipPlay).not.toBe(JSON.parse(liveFiles).aipPlay);
    await operator('changes', 'approve', String(change.id));
    expect(JSON.parse((await toneRow(toneId)).tone_file)).toEqual(staged);
  });

  test("a master that cannot be converted shows convert failed with the reason, in the reader's language", async () => {
    const master = (await upload('master.ogg')).body.record['master.ogg'].savedFilename;
    const form = await unifiedTone(master, { toneName: 'Lost Master' });
    // The master is lost from storage before the transcoder reaches it (a shared volume gone wrong).
    const providerId = (
      await s.ctx.db
        .selectFrom('providers')
        .select('id')
        .where('code', '=', DEMO.generic.account)
        .executeTakeFirstOrThrow()
    ).id;
    await store.remove(providerId, master);
    const r = await c.post('/sp/addtone', form);
    s.ctx.media.wake();
    const { row } = await waitFor(
      'failure',
      () => listed(r.body.record.toneCode),
      (v) => v.state === 'convertFailed',
    );
    expect(row.transcodeReason).toBe('The uploaded media file is no longer stored; upload it again.');
    const zhClient = await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'zh' });
    const zh = await zhClient.get('/sp/qrytonedetail', { toneID: r.body.record.toneID });
    expect(zh.body.record.transcodeReason).toBe('上传的媒体文件已不存在，请重新上传。');
    // Editing it with a new master tries again, as a new version of its addition.
    const again = (await upload('master.m4a')).body.record['master.m4a'].savedFilename;
    const edit = await c.post('/sp/edittone', {
      ...form,
      toneID: r.body.record.toneID,
      reason: 'found it',
      uploadChannel: 0,
      newCatalogId: form.catalogID,
      toneFile: JSON.stringify({ mediaPlay: again }),
    });
    expect(edit.raw).toMatch(/"returnCode":"000000"/);
    s.ctx.media.wake();
    await waitFor(
      'retry',
      () => listed(r.body.record.toneCode),
      (v) => v.state === 'add',
    );
  });

  test('a configuration the transcoder cannot make fails after its retries: transcoding failed, with the reason', async () => {
    const master = (await upload('master.m4a')).body.record['master.m4a'].savedFilename;
    await s.ctx.config.set('wav_bits_per_sample', '12');
    try {
      const form = await unifiedTone(master, { toneName: 'Odd Config' });
      const r = await c.post('/sp/addtone', form);
      s.ctx.media.wake();
      const { row } = await waitFor(
        'failure',
        () => listed(r.body.record.toneCode),
        (v) => v.state === 'transcodingFailed',
      );
      expect(row.transcodeReason).toMatch(
        /^Transcoding failed on every attempt: no wav encoder for wav_audio_format 1, 12 bit/,
      );
      const t = await s.ctx.db
        .selectFrom('transcodes')
        .selectAll()
        .where('entity_id', '=', Number(r.body.record.toneID))
        .executeTakeFirstOrThrow();
      expect([t.state, t.attempts]).toEqual(['failed', 2]);
    } finally {
      await s.ctx.config.set('wav_bits_per_sample', '8');
    }
  });
});

describe('converting now (prompts, previews)', () => {
  test('a 44.1 kHz stereo wav becomes an IVR wav in the configured format (A-law when configured)', async () => {
    const master = (await upload('master44.wav')).body.record['master44.wav'].savedFilename;
    const r = await c.post('/sp/convertaudio', { savedFilename: master, target: 'ivr' });
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record).toMatchObject({ kind: 'wav', sampleRate: 8000, channels: 1, bitsPerSample: 8 });
    expect(r.body.record.peaks.length).toBeGreaterThan(PEAK_COUNT - 5);
    const provider = (
      await s.ctx.db
        .selectFrom('providers')
        .select('id')
        .where('code', '=', DEMO.generic.account)
        .executeTakeFirstOrThrow()
    ).id;
    expect(soxi(join(s.dataDir, 'files', String(provider), r.body.record.savedFilename)).encoding).toBe(
      'Unsigned Integer PCM',
    );
    await s.ctx.config.set('wav_audio_format', '6');
    try {
      const alaw = await c.post('/sp/convertaudio', { savedFilename: master, target: 'ivr' });
      expect(soxi(join(s.dataDir, 'files', String(provider), alaw.body.record.savedFilename))).toEqual({
        rate: 8000,
        channels: 1,
        bits: 8,
        encoding: 'A-law',
      });
    } finally {
      await s.ctx.config.set('wav_audio_format', '1');
    }
  });

  test('a master longer than transcode_preview_max_seconds is refused naming both lengths', async () => {
    const master = (await upload('master.mp3')).body.record['master.mp3'].savedFilename;
    await s.ctx.config.set('transcode_preview_max_seconds', '1');
    try {
      const r = await c.post('/sp/convertaudio', { savedFilename: master, target: 'web' });
      expect(r.body.returnCode).toBe('962005');
      expect(r.body.returnMsg).toMatch(/lasts 3 s; files up to 1 s are converted while you wait/);
    } finally {
      await s.ctx.config.set('transcode_preview_max_seconds', '60');
    }
  });
});

// Keep the fixture writer honest: a damaged wav body (header intact) is refused as damaged, not silently taken.
test('a wav whose header promises more than it holds is still read for what it holds', async () => {
  const cut = audio.files['master44.wav'].subarray(0, 44 + 44100 * 4);
  writeFileSync(audio.path('short.wav'), cut);
  const r = await upload('short.wav', cut);
  expect(r.body.returnCode).toBe('000000');
  expect(r.body.record['short.wav'].durationSeconds).toBeCloseTo(1, 1);
});
