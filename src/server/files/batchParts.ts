// The files of a batch request (sp/batchaddtone's zip and index, sp/addbatchtask's txt), streamed to
// temporary files of the store with the size limit of their type, and the request's text fields. A refused
// part (special characters in its name, a type the call does not take, too large) refuses the request with
// sp/uploadfile's codes (a body that cannot be read 962001, a file name sent twice 962004), and nothing received
// is kept; so does a part name sent twice (but for the file part names a call lets repeat), a control character in a text field or a path ('..') in any
// parameter (950004).
import type { FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import type { FileStore } from './storage';
import { extensionOf, hasSpecialCharacters } from './sniff';
import { formatSize } from './accept';
import { asBodyRefusal, drainRequest, receiveToTemp, TooLargeError } from './receive';
import { controlCharacterViolations, withoutControlCharacters } from '../http/controlCharacters';
import { pathSegmentViolations } from './pathSegments';

/** What a batch file upload may answer besides its call's own codes (receiveBatchParts and the file checks). */
export const BATCH_FILE_CODES = [
  RC.batchRefused,
  RC.fileType,
  RC.fileTooLarge,
  RC.noFile,
  RC.fileNameSpecial,
  RC.uploadMalformed,
  RC.uploadDuplicate,
];

export interface BatchPart {
  /** The part's field name and the file's name as sent. */
  field: string;
  fileName: string;
  ext: string;
  path: string;
  size: number;
}

export interface BatchParts {
  files: BatchPart[];
  fields: Record<string, string>;
  /** The whole content of a (small) part. */
  read(part: BatchPart): Promise<Buffer>;
  /** Discards every temporary file (after a refusal, or once the accepted content is stored elsewhere). */
  discard(): Promise<void>;
}

/** `limits` maps each extension the call takes to its size limit in bytes. */
export async function receiveBatchParts(
  req: FastifyRequest,
  store: FileStore,
  limits: Record<string, number>,
  /** File part names that may come more than once, their files told apart by extension (`multipartFiles`). */
  repeatable: readonly string[] = [],
): Promise<BatchParts> {
  if (!req.isMultipart()) throw new ApiError(RC.noFile);
  const files: BatchPart[] = [];
  const fields: Record<string, string> = {};
  const discard = async () => {
    for (const f of files) await store.discard(f.path);
  };
  try {
    const paths = pathSegmentViolations(req.query, req.params);
    if (paths.length) throw new ApiError(RC.badInput, [], paths);
    // Each part once: a second one would silently replace the first (a text part) or be stored beside it.
    const seen = new Set<string>();
    for await (const part of req.parts()) {
      if (seen.has(part.fieldname) && !(part.type === 'file' && repeatable.includes(part.fieldname)))
        throw new ApiError(
          RC.badInput,
          [],
          [{ field: withoutControlCharacters(part.fieldname), message: 'Upload.partTwice' }],
        );
      seen.add(part.fieldname);
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const fileName = part.filename ?? '';
      if (hasSpecialCharacters(fileName)) throw new ApiError(RC.fileNameSpecial);
      if (files.some((f) => f.fileName === fileName)) throw new ApiError(RC.uploadDuplicate, [fileName]);
      const ext = extensionOf(fileName);
      const limit = limits[ext];
      if (limit === undefined) throw new ApiError(RC.fileType, [Object.keys(limits).join(', ')]);
      try {
        const r = await receiveToTemp(part.file, store, limit);
        files.push({ field: part.fieldname, fileName, ext, path: r.path, size: r.size });
      } catch (e) {
        if (e instanceof TooLargeError) throw new ApiError(RC.fileTooLarge, [formatSize(limit)]);
        throw e;
      }
    }
    // The text fields are parameters like any call's (http/route.ts checks the query, not a multipart body).
    const refused = [...controlCharacterViolations(fields), ...pathSegmentViolations(fields)];
    if (refused.length) throw new ApiError(RC.badInput, [], refused);
  } catch (e) {
    await discard();
    await drainRequest(req.raw);
    throw asBodyRefusal(e);
  }
  return { files, fields, read: (p) => readFile(p.path), discard };
}
