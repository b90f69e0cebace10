// Files a form sends itself in one multipart call (a batch zip and its index), rather than uploading each on its
// own first: the form value is a token naming the file kept here in the browser, so form values stay plain
// strings (rjsf clones and compares them), and the multipart call puts the File back in place of its token.
const kept = new Map<string, File>();
let counter = 0;
const PREFIX = 'local:';

/** Keeps a chosen file and gives the token that stands for it in the form. */
export function keepFile(file: File): string {
  counter += 1;
  const token = `${PREFIX}${counter}:${file.name}`;
  kept.set(token, file);
  return token;
}

/** The file name a token shows (the name the provider chose). */
export function localFileName(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return undefined;
  return value.slice(value.indexOf(':', PREFIX.length) + 1);
}

/** The payload with every token replaced by its file (values that are not tokens pass as they are). */
export function withLocalFiles(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      typeof value === 'string' ? (kept.get(value) ?? value) : value,
    ]),
  );
}
