// One upload as the widgets run it: the file is checked against the field's rules (type, size, and for a field
// that names a wav format the header of the chosen file, read here before anything is sent), the login is checked
// (common/checkuploadpath; the API client raises the session dialog when it has expired), then the file is
// sent with progress. The answer record, keyed by the original name, gives the saved name (and an image's
// measured size). Failures are toasts: the field's own message, the server's returnMsg, or the generic one.
import { useCallback, useRef, useState } from 'react';
import { ApiError, checkAnswer, request } from '../../../api';
import { sessionExpired } from '../../../api/errors';
import { toast } from '../../shell/feedback';
import { fileProblem, readWavHeader, wavProblem, type FileProblem, type FileRules } from '../../../engine/files';
import { xhrUpload, type UploadRecord } from './xhrUpload';

export type Uploaded = UploadRecord[string] & {
  originalFilename: string;
  /** The file is not in the field's wav format and the field converts (ui.convert 'ivr'). */
  mustConvert?: boolean;
};

/** The header of a chosen wav, read in the browser: the fmt chunk sits in the first bytes of any ordinary file. */
async function wavCheck(file: File, rules: FileRules): Promise<FileProblem | null> {
  if (!rules.wav || !file.name.toLowerCase().endsWith('.wav')) return null;
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  return wavProblem(readWavHeader(head, file.size), rules);
}

export function useUpload(rules: FileRules, messages: { failed: string }) {
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const upload = useCallback(
    async (file: File): Promise<Uploaded | null> => {
      const typeProblem = fileProblem(file, rules);
      const wavBad = typeProblem ? null : await wavCheck(file, rules);
      // A field that converts takes a wav of another format (or any accepted audio) and has the server convert it.
      const problem = typeProblem ?? (rules.convert === 'ivr' ? null : wavBad);
      if (problem) {
        toast(problem.key, { kind: 'error', params: problem.params, durationMs: 5000 });
        return null;
      }
      const mustConvert = rules.convert === 'ivr' && (wavBad !== null || !file.name.toLowerCase().endsWith('.wav'));
      try {
        // 000 §5 / 001 §5.2: the login must be valid before each upload.
        await request('common/checkuploadpath', {}, { kind: 'get' });
      } catch {
        return null; // the client has shown why (session dialog, storage not writable...)
      }
      abort.current = new AbortController();
      setProgress(0);
      try {
        const result = await xhrUpload(file, {
          fileType: rules.fileType,
          onProgress: setProgress,
          signal: abort.current.signal,
        });
        if (result.kind === 'expired') {
          sessionExpired();
          return null;
        }
        if (result.kind === 'failed') {
          toast(messages.failed, { kind: 'error' });
          return null;
        }
        checkAnswer(result.answer); // toasts returnMsg (special characters, wrong content...) and throws
        const record = result.answer.record ?? {};
        const entry = record[file.name] ?? Object.values(record)[0];
        if (!entry?.savedFilename) {
          toast(result.answer.returnMsg || messages.failed, { kind: 'error' });
          return null;
        }
        return { ...entry, originalFilename: entry.originalFilename ?? file.name, mustConvert };
      } catch (error) {
        if (!(error instanceof ApiError)) toast(messages.failed, { kind: 'error' });
        return null;
      } finally {
        setProgress(null);
        abort.current = null;
      }
    },
    [rules, messages.failed],
  );

  return { upload, progress, cancel: () => abort.current?.abort() };
}
