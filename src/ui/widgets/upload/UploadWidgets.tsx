// rjsf upload widgets. The value is the saved file name the server returned (what toneFile and the other
// payloads carry). `upload`: audio/video/text files by ui.accept and ui.maxSizeMB (and ui.wav, the format a wav
// must have). `image`: jpg/gif (png when ui.accept says so), with a preview and, with ui.exactSize [350, 350], the server's measured width and height
// must match (001 §5.2). ui.currentFrom names a form value holding the play address of the file the record
// already has (edit mode): until another file is chosen it shows with a play button as the kept file.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { toast } from '../../shell/feedback';
import { AudioPreviewButton } from '../audio/AudioPreviewButton';
import { AudioWaveform } from '../audio/AudioWaveform';
import { ApiError, request } from '../../../api';
import { widgetContext } from '../widgetProps';
import { rulesOf, typesText } from '../../../engine/files';
import { UploadBox } from './UploadBox';
import { useShownName } from './useShownName';
import { useUpload, type Uploaded } from './useUpload';
import './upload.css';

export function FileUploadWidget(props: WidgetProps) {
  const { ctx, name, field, ui, aria, t } = widgetContext(props);
  const rules = useMemo(() => rulesOf(ui), [ui]);
  const { upload, progress } = useUpload(rules, { failed: 'Common.uploadFailed' });
  const shown = useShownName(props.value);
  const [busy, setBusy] = useState(false);
  // The audio chosen here, as the preview plays it: the file itself or what the server made of it.
  const [heard, setHeard] = useState<Heard | undefined>();
  const current = typeof ui.currentFrom === 'string' && !props.value ? ctx.form[ui.currentFrom] : undefined;
  const kept = typeof current === 'string' && current !== '' ? current : undefined;
  const title = field?.label ? t(field.label) : (shown.name ?? '');
  const value = typeof props.value === 'string' ? props.value : '';
  const preview = heard && heard.saved === value ? heard : undefined;
  return (
    <div className="upload-audio">
      <UploadBox
        id={props.id}
        rules={rules}
        fileName={shown.name ?? (kept ? t('Upload.currentFile') : undefined)}
        preview={kept ? <AudioPreviewButton id={`${props.id}-current`} source={kept} title={title} /> : undefined}
        progress={busy ? 100 : progress}
        disabled={props.disabled || props.readonly}
        describedBy={aria['aria-describedby']}
        invalid={Boolean(aria['aria-invalid'])}
        hint={
          typeof ui.hint === 'string' ? t(ui.hint, ui.hintParams as Record<string, unknown> | undefined) : undefined
        }
        onFile={async (file) => {
          // A refused file is named by its own message (a toast); the field is not marked touched for it, so
          // 'required' does not join in about a file the provider is about to choose again.
          const done = await upload(file);
          if (!done) return;
          setBusy(true);
          const result = await afterUpload(done, rules).finally(() => setBusy(false));
          if (!result) return;
          ctx.touch(name);
          shown.remember(result.value, done.originalFilename);
          setHeard(result.heard && { ...result.heard, saved: result.value });
          props.onChange(result.value);
          ctx.fileChanged?.();
        }}
        // The kept file is not removed here: edits leave a file as it is unless another one is chosen.
        onRemove={
          props.required || kept
            ? undefined
            : () => {
                setHeard(undefined);
                props.onChange(undefined);
                ctx.fileChanged?.();
              }
        }
      />
      {preview?.url ? (
        <div className="upload-audio__preview">
          <AudioWaveform
            id={`${props.id}-preview`}
            url={preview.url}
            peaks={preview.peaks}
            durationSeconds={preview.duration}
            title={shown.name ?? title}
          />
          {preview.note ? <p className="upload-audio__note">{t(preview.note.key, preview.note.params)}</p> : null}
        </div>
      ) : preview?.note ? (
        <p className="upload-audio__note">{t(preview.note.key, preview.note.params)}</p>
      ) : null}
    </div>
  );
}

/** What the preview under an audio upload plays and says. */
interface Heard {
  saved: string;
  url?: string;
  peaks?: number[];
  duration?: number;
  note?: { key: string; params: Record<string, unknown> };
}

/** A file's format as message parameters ({kind} {rate} {channels} {bits} {seconds}, or {toRate}... with 'to'). */
const formatOf = (r: Record<string, unknown>, prefix = '') => {
  const name = (k: string) => (prefix ? `${prefix}${k[0].toUpperCase()}${k.slice(1)}` : k);
  return {
    [name('kind')]: String(r.kind ?? '').toUpperCase(),
    [name('rate')]: r.sampleRate ?? '?',
    [name('channels')]: r.channels ?? '?',
    [name('bits')]: r.bitsPerSample || '-',
    [name('seconds')]: Math.round(Number(r.durationSeconds ?? 0) * 10) / 10,
  };
};

/**
 * After an audio upload: a field that converts (ui.convert 'ivr') takes what the server made of a file not in its
 * format; a unified master (ui.convert 'web') keeps its value and previews its web audition when it is short
 * enough to convert now, else says when the files are made. Undefined when a conversion was refused (the client
 * has shown why).
 */
async function afterUpload(
  done: Uploaded,
  rules: ReturnType<typeof rulesOf>,
): Promise<{ value: string; heard?: Omit<Heard, 'saved'> } | undefined> {
  const own = (r: Record<string, unknown>) => ({
    url: typeof r.url === 'string' ? r.url : undefined,
    peaks: Array.isArray(r.peaks) ? (r.peaks as number[]) : undefined,
    duration: Number(r.durationSeconds ?? 0),
  });
  const isAudio = Array.isArray(done.peaks);
  // A conversion made now: the field keeps the IVR file made (or the web master itself), heard as converted, with a
  // note naming both formats.
  const converted = async (target: 'ivr' | 'web', note: string) => {
    const made = await convert(done.savedFilename, target);
    if (!made) return undefined;
    return {
      value: target === 'ivr' ? made.savedFilename : done.savedFilename,
      heard: { ...own(made), note: { key: note, params: { ...formatOf(done), ...formatOf(made, 'to') } } },
    };
  };
  if (rules.convert === 'ivr' && done.mustConvert) return converted('ivr', 'Upload.converted');
  if (rules.convert === 'web' && isAudio) {
    const max = rules.previewMaxSeconds ?? 0;
    if (Number(done.durationSeconds ?? 0) > max)
      return {
        value: done.savedFilename,
        heard: { ...own(done), note: { key: 'Upload.convertAfterSubmit', params: { ...formatOf(done), max } } },
      };
    return converted('web', 'Upload.previewOfWeb');
  }
  return { value: done.savedFilename, heard: isAudio ? own(done) : undefined };
}

async function convert(savedFilename: string, target: 'ivr' | 'web') {
  try {
    const answer = await request<Record<string, unknown> & { savedFilename: string }>(
      'sp/convertaudio',
      { savedFilename, target },
      { kind: 'long' },
    );
    return answer.record?.savedFilename ? answer.record : undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) toast('Common.uploadFailed', { kind: 'error' });
    return undefined;
  }
}

/** An image field without its own `accept` takes jpg and gif (001 §5.2); png only when the definition says so. */
const IMAGE_DEFAULTS = {
  accept: '.jpg,.jpeg,.gif',
  maxSizeMB: 10,
  formatError: 'Common.onlyJpgGif',
  sizeError: 'Common.avatarTooLarge',
};

export function ImageUploadWidget(props: WidgetProps) {
  const { ctx, name, ui, aria, t } = widgetContext(props);
  const rules = useMemo(() => rulesOf({ ...IMAGE_DEFAULTS, ...ui }), [ui]);
  const { upload, progress } = useUpload(rules, { failed: 'Common.uploadPicFailed' });
  const shown = useShownName(props.value);
  // The preview belongs to the saved file it shows: when the form is reset (or the value changes otherwise),
  // a preview of another value is not shown.
  const [picked, setPicked] = useState<{ saved: string; url: string } | undefined>();
  const value = typeof props.value === 'string' ? props.value : '';
  const preview =
    picked && picked.saved === value
      ? picked.url
      : value === ''
        ? undefined
        : typeof ui.previewUrl === 'string'
          ? ui.previewUrl
          : undefined;
  const exact = Array.isArray(ui.exactSize) ? (ui.exactSize as number[]) : undefined;
  return (
    <UploadBox
      id={props.id}
      rules={rules}
      fileName={shown.name}
      progress={progress}
      disabled={props.disabled || props.readonly}
      describedBy={aria['aria-describedby']}
      invalid={Boolean(aria['aria-invalid'])}
      hint={
        exact
          ? `${t('Upload.allowedTypes', { types: typesText(rules) })} · ${t('Upload.exactSize', { width: exact[0], height: exact[1] })}`
          : undefined
      }
      preview={
        <div className="upload__preview" aria-hidden={!preview}>
          {preview ? <img src={preview} alt={t('Upload.preview', { name: shown.name ?? '' })} /> : <ImageIcon />}
        </div>
      }
      onFile={async (file) => {
        // As for any upload: a refused picture gets its own message, not 'required' besides.
        const done = await upload(file);
        if (!done) return;
        if (exact && (Number(done.width) !== exact[0] || Number(done.height) !== exact[1])) {
          toast('Upload.imageSize', { kind: 'error', params: { width: exact[0], height: exact[1] }, durationMs: 3000 });
          return;
        }
        ctx.touch(name);
        shown.remember(done.savedFilename, done.originalFilename);
        setPicked({
          saved: done.savedFilename,
          url: typeof done.url === 'string' ? done.url : URL.createObjectURL(file),
        });
        props.onChange(done.savedFilename);
        ctx.fileChanged?.();
      }}
      onRemove={
        props.required
          ? undefined
          : () => {
              setPicked(undefined);
              props.onChange(undefined);
              ctx.fileChanged?.();
            }
      }
    />
  );
}

const ImageIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <circle cx="9" cy="10" r="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
  </svg>
);
