// JSON paths as the definition tools write them ($.fields.name[2]). Apart from jsonSource.ts (and its parser),
// so that composition, which names the path of what it could not compose, keeps the parser out of the browser.

/** `$.fields.name[2]` -> ['fields', 'name', 2]. */
export function pathSegments(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  const re = /\.([^.[\]]+)|\[(\d+)\]|\[([^\]]*)\]/g;
  for (const m of path.replace(/^\$/, '').matchAll(re)) out.push(m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3]));
  return out;
}

/** The path of a child: `.name`, or `[name]` when the name would not read back as one segment. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[^.[\]]+$/.test(key) ? `${path}.${key}` : `${path}[${key}]`;
}
