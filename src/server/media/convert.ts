// Conversion while the provider waits (sp/convertaudio), for masters up to transcode_preview_max_seconds: an IVR
// prompt (salutatory, help, directory prompt tone, name tone) is made in the IVR wav format from whatever audio
// was uploaded, and a tone's unified master gets a playable preview of its web audition before the form is
// submitted. The result is a new uploaded file of the provider's (a wav that then passes the prompt fields'
// own format check), with its waveform; the master stays as it was. Longer masters are the transcode queue's.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Config } from '../services/config';
import { num } from '../services/config';
import { FileStore } from '../files/storage';
import { recordUpload, fileUrl, ownUpload } from '../services/uploadedFiles';
import { RC } from '../returnCodes';
import { AudioRefusal, describeAudio, intakeLimits, soundProblem } from './intake';
import { probe } from './probe';
import { ivrWav, processingOf, toneProfiles, type OutputProfile } from './profiles';
import { transcode } from './transcode';
import type { Analysis } from './analyse';

export type ConvertTarget = 'ivr' | 'web';

const profileFor = (config: Config, target: ConvertTarget): OutputProfile =>
  target === 'ivr' ? ivrWav(config, 'prompt') : toneProfiles(config).find((p) => p.role === 'web')!;

/**
 * Converts one of the provider's uploaded masters. Resolves with the new file's upload record; rejects with an
 * AudioRefusal (too long to convert now, silent once converted) or undefined when the master is not the
 * provider's audio.
 */
export async function convertNow(
  db: Kysely<Database>,
  store: FileStore,
  o: { providerId: number; config: Config; savedFilename: string; target: ConvertTarget; now: number },
): Promise<Record<string, unknown> | undefined> {
  const row = await ownUpload(db, o.providerId, o.savedFilename, ['original_filename', 'info']);
  const source = row ? await store.open(o.providerId, o.savedFilename) : undefined;
  if (!row || !source) return undefined;
  const scratch = await store.scratch(`convert-${o.providerId}-${o.savedFilename.replace(/\W/g, '')}`);
  try {
    const master = join(scratch.dir, o.savedFilename);
    await pipeline(source.stream, createWriteStream(master));
    const facts = await probe(master);
    if (!facts) return undefined;
    const max = num(o.config, 'transcode_preview_max_seconds');
    if (facts.durationSeconds > max)
      throw new AudioRefusal(RC.audioRefused, {
        field: '',
        message: 'Audio.tooLongToConvert',
        params: { ...describeAudio(facts), max },
      });
    const profile = profileFor(o.config, o.target);
    const info = JSON.parse(row.info || '{}') as Partial<Analysis>;
    const processing = processingOf(o.config);
    const analysis = typeof info.leadingSilence === 'number' ? (info as Analysis) : undefined;
    const made = await transcode(master, { profiles: [profile], processing, analysis, dir: scratch.dir });
    const bad = soundProblem(facts, made.result, intakeLimits(o.config));
    if (bad) throw bad;
    const file = made.files[0];
    const savedFilename = FileStore.savedName(profile.ext);
    const original = `${row.original_filename.replace(/\.[^.]*$/, '')}.${profile.ext}`;
    const out = {
      codec: file.facts.codec,
      channels: file.facts.channels,
      sampleRate: file.facts.sampleRate,
      bitsPerSample: file.facts.bitsPerSample,
      audioFormat: file.facts.audioFormat,
      durationSeconds: made.result.durationSeconds,
      peaks: made.result.peaks,
      convertedFrom: o.savedFilename,
    };
    await store.commit(file.path, o.providerId, savedFilename);
    try {
      await recordUpload(db, {
        providerId: o.providerId,
        savedFilename,
        original,
        kind: profile.ext,
        size: file.size,
        info: out,
        now: o.now,
      });
    } catch (e) {
      await store.remove(o.providerId, savedFilename);
      throw e;
    }
    return {
      originalFilename: original,
      savedFilename,
      kind: profile.ext,
      size: file.size,
      url: fileUrl(savedFilename),
      ...out,
    };
  } finally {
    await scratch.dispose();
  }
}
