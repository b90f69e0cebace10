// No parameter of an upload call names a place on disk: files are stored under generated names. A value that
// holds a parent-directory segment ('..' between slashes or backslashes, as in ../../etc) is therefore never
// a legitimate value; it is refused (950004, naming the parameter) rather than ignored, so a probe learns
// nothing and a later use of the value as a path cannot go wrong. File names are refused earlier for their
// special characters (950007).
import type { Violation } from '../validation';

const PARENT_SEGMENT = /(^|[\\/])\.\.([\\/]|$)/;

/** One violation per parameter (of a flat name -> value map: query, path, text parts) holding a '..' segment. */
export function pathSegmentViolations(...maps: unknown[]): Violation[] {
  const out: Violation[] = [];
  for (const map of maps) {
    if (!map || typeof map !== 'object') continue;
    for (const [field, value] of Object.entries(map))
      for (const v of [value].flat())
        if (typeof v === 'string' && PARENT_SEGMENT.test(v)) {
          out.push({ field, message: 'Upload.pathSegment' });
          break;
        }
  }
  return out;
}
