// What an upload may be: allowed kinds and their size limits from configuration (001 §5.2, 000 §5):
// media (wav, 3gp, mp4 and the audio kinds of support_transcode_file_types, media/intake.ts) media_max_size_mb, images image_max_size_mb (png only when
// support_image_png is 1), txt and inf copyright_txt_max_size_mb, zip uploadfile_max_size capped at 200 MB.
import { num, type Config } from '../services/config';
import { AUDIO_FILE_KINDS, type FileKind } from './sniff';
import { acceptedAudioKinds } from '../media/intake';

const MB = 1024 * 1024;
export const ZIP_CAP_MB = 200;

/**
 * Groups a client may ask for with ?fileType= so that, say, an image picker cannot receive a zip. The upload
 * widgets of the screen definitions name them in ui.fileType (a test keeps the two in step).
 */
export const GROUPS: Record<string, FileKind[]> = {
  wav: ['wav'],
  audio: [...AUDIO_FILE_KINDS],
  media: [...AUDIO_FILE_KINDS, '3gp', 'mp4'],
  video: ['3gp', 'mp4'],
  image: ['jpg', 'gif', 'png'],
  zip: ['zip'],
  txt: ['txt'],
  inf: ['inf'],
};

export function allowedKinds(config: Config, group?: string): FileKind[] {
  const all: FileKind[] = [...acceptedAudioKinds(config), '3gp', 'mp4', 'jpg', 'gif', 'zip', 'txt', 'inf'];
  if (config.support_image_png !== '0') all.push('png');
  const wanted = group && GROUPS[group] ? GROUPS[group] : all;
  return all.filter((k) => wanted.includes(k));
}

export function sizeLimit(kind: FileKind, config: Config): number {
  switch (kind) {
    case 'jpg':
    case 'gif':
    case 'png':
      return num(config, 'image_max_size_mb') * MB;
    case 'txt':
    case 'inf':
      return num(config, 'copyright_txt_max_size_mb') * MB;
    case 'zip':
      return Math.min(num(config, 'uploadfile_max_size'), ZIP_CAP_MB) * MB;
    default:
      return num(config, 'media_max_size_mb') * MB;
  }
}

export const formatSize = (bytes: number) =>
  bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
