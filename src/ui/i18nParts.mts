// Which catalogue keys the first page needs. The catalogues are split in two parts per language (see the
// i18n-parts plugin in vite.config.mts): `core` (the public pages, the frame, the client's messages) loads with
// the app; `rest` (every screen's texts) loads when a screen that needs it opens. The login page stays small
// however large the catalogues grow.
export const CORE_PREFIXES = ['App.', 'Auth.', 'Common.', 'CommonRes.', 'Footer.', 'Login.', 'Validation.', 'request.'];

export const isCoreKey = (key: string): boolean => CORE_PREFIXES.some((p) => key.startsWith(p));

/**
 * Keys only the server reads, left out of both parts: an answer's text (`ReturnCode.<code>`) is written by the
 * server in the session's language and arrives as the answer's returnMsg, which the browser shows as it is; no
 * code of the browser names a return code's key (about 3 KB gzip over the three catalogues, issue 24).
 */
const SERVER_PREFIXES = ['ReturnCode.'];

export const isServerKey = (key: string): boolean => SERVER_PREFIXES.some((p) => key.startsWith(p));

/** A part as bundled: its keys grouped by their first segment with its dot, `{"Login.": {"title": ...}}`. */
export type NestedPart = Record<string, Record<string, string>>;

/**
 * The flat catalogue map as the build writes a part: gzip packs the grouped map about 5% smaller than the flat
 * one, where every key repeats its group's name (2.6 KB over the three languages, issue 24). flatPart undoes it
 * when the part loads.
 */
export function nestPart(flat: Record<string, string>): NestedPart {
  const nested: NestedPart = {};
  for (const [key, text] of Object.entries(flat)) {
    const group = key.slice(0, key.indexOf('.') + 1);
    (nested[group] ??= {})[key.slice(group.length)] = text;
  }
  return nested;
}

export function flatPart(nested: NestedPart): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [group, texts] of Object.entries(nested))
    for (const [name, text] of Object.entries(texts)) flat[group + name] = text;
  return flat;
}
