// Task type 4, the batch tone upload (001 §5.3, §7 sp/batchaddtone): one tone a line of the zip's inf/txt
// index. The index's first data line names the columns: sp/addtone's parameter names (toneName, singerName,
// price, toneValidDay, ...) and, for the files, the keys of the tone's file map (webAuditon, aipPlay, hdPlay,
// mediaPlay, image) and copyrightFile, whose values are names of entries in the zip. By the time a line
// runs, the zip's entries were checked and stored (files/zipIntake.ts) and the task's data maps each entry to
// its saved file. A line is then exactly an sp/addtone request: the rbtUploading definition's rules through
// the engine, the server's own checks, and the same store function. A line naming a file the zip does not
// hold (or holds under several folders) fails with that named, beside whatever else is wrong with it.
import { FILE_FIELDS, serverViolations, storeNewTone } from '../toneUpload';
import type { Violation } from '../../validation';
import { ok, refused } from './outcome';
import { valuesOf } from './textFile';
import type { LineHandler } from './lineTypes';

/** Index columns that name zip entries: the tone file map's keys (001 §3) and the copyright file. */
export const FILE_COLUMNS = ['webAuditon', 'aipPlay', 'hdPlay', 'mediaPlay', 'image'] as const;
export const isFileColumn = (c: string) => (FILE_COLUMNS as readonly string[]).includes(c) || c === 'copyrightFile';

/** Why a name of the index gave no zip entry: none has it, or several do (in different folders). */
export type UnresolvedFile = 'Batch.indexFileMissing' | 'Batch.indexFileAmbiguous';

export interface AddToneData {
  /** The index's column names, in order. */
  header: string[];
  /** Zip entry name -> saved file name. */
  files: Record<string, string>;
  /** Names the index gives that no single zip entry answers (absent from tasks stored before issue 25). */
  unresolved?: Record<string, UnresolvedFile>;
}

/** The names a refusal may give a file column's field by: the column itself, or the form field it fills. */
const fileFields = (col: string) => [col, FILE_FIELDS[col]].filter(Boolean);

const firstUpper = (s: unknown) => (typeof s === 'string' && s.trim() ? s.trim()[0].toUpperCase() : '');

/** sp/addtone's parameters for one index line. */
export function addTonePayload(values: string[], data: AddToneData): Record<string, string> {
  const params: Record<string, string> = {};
  const files: Record<string, string> = {};
  data.header.forEach((col, i) => {
    const v = values[i] ?? '';
    if (v === '') return;
    if ((FILE_COLUMNS as readonly string[]).includes(col)) files[col] = data.files[v] ?? '';
    else if (col === 'copyrightFile') params.copyrightFile = data.files[v] ?? '';
    else params[col] = v;
  });
  return {
    portalType: '1',
    uploadType: '1',
    // Separate files unless the line gives one unified media file (001 §3 uploadMode).
    uploadMode: files.mediaPlay && !files.webAuditon ? '2' : '1',
    uploadChannel: files.mediaPlay && !files.webAuditon ? '1' : '0',
    singerSex: '1',
    crbtType: '1',
    ...params,
    singerNameLetter: firstUpper(params.singerName),
    toneNameLetter: firstUpper(params.toneName),
    toneFile: JSON.stringify(files),
  };
}

export const addToneLines: LineHandler = {
  kind: 'lines',
  async apply(tx, line, lc) {
    const data = lc.data as AddToneData;
    const values = valuesOf(line.text);
    if (values.length !== data.header.length) {
      return refused([
        {
          field: '',
          message: 'Batch.lineColumns',
          params: { expected: data.header.length, found: values.length, columns: data.header.join('|') },
        },
      ]);
    }
    // The files this line names that the zip did not give: each named, and its column's own "required" left out
    // (the file was given, just not found).
    const missing = data.header
      .map((col, i) => ({ col, file: values[i] }))
      .filter(({ col, file }) => isFileColumn(col) && file && data.unresolved?.[file]);
    const fileProblems: Violation[] = missing.map(({ file }) => ({
      field: '',
      message: data.unresolved![file],
      params: { line: line.no, file },
    }));
    const params = addTonePayload(values, data);
    const input = { config: lc.config, user: lc.user, mode: 'add' as const };
    const formErrors = lc.engine.validateCall('rbtUploading', 'add', params, input).errors;
    const { violations: found, relativeTime } = await serverViolations(tx, {
      providerId: lc.provider.id,
      config: lc.config,
      site: lc.provider.site,
      params,
      mode: 'add',
    });
    // Every problem of the line is named (issue 25): the form's rules and the references the server checks (a
    // copyright owner, a catalogue, a file), each field once.
    const violations = [
      ...fileProblems,
      ...[...formErrors, ...found.filter((v) => !formErrors.some((e) => e.field === v.field))].filter(
        (v) => !missing.some((m) => fileFields(m.col).includes(v.field)),
      ),
    ];
    if (violations.length) return refused(violations);
    const stored = await storeNewTone(tx, {
      provider: lc.provider,
      params,
      relativeTime,
      now: lc.ctx.now(),
      detail: { task: lc.task.id, line: line.no },
      media: lc.ctx.media,
    });
    return ok(
      stored.transcodeState
        ? 'Batch.toneAddedForTranscoding'
        : stored.status === '1'
          ? 'Batch.toneAdded'
          : 'Batch.toneAddedForApproval',
      { toneCode: stored.toneCode },
    );
  },
};
