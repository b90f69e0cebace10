// Stands in for fast-uri in the browser (vite.config.mts alias): the URI library Ajv parses and resolves schema
// ids and $refs with. In the browser Ajv meets one id, its own draft-07 meta-schema's, and `#/definitions/...`
// references inside it (no rule or field schema has an $id or a $ref), while fast-uri brings every scheme's
// handler, IPv6 and punycode host handling: about 6 KB gzip of the whole app (issue 24). This is RFC 3986's
// generic syntax: split by appendix B's expression, references resolved as §5.2 writes it. The server keeps
// fast-uri, which reads the ids and references Ajv meets the same way (test/ui/uriResolver.test.ts compares them).

/** A URI's parts as Ajv handles them (parse, then serialize or read `fragment`). */
export interface URIComponents {
  scheme?: string;
  /** userinfo@host:port, as written. */
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

/** RFC 3986 appendix B: scheme, authority, path, query, fragment of any string. */
const PARTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/;

export function parse(uri: string): URIComponents {
  const [, scheme, authority, path, query, fragment] = PARTS.exec(uri)!;
  return { scheme: scheme?.toLowerCase(), authority, path, query, fragment };
}

export function serialize(c: URIComponents): string {
  return (
    (c.scheme !== undefined ? `${c.scheme}:` : '') +
    (c.authority !== undefined ? `//${c.authority}` : '') +
    c.path +
    (c.query !== undefined ? `?${c.query}` : '') +
    (c.fragment !== undefined ? `#${c.fragment}` : '')
  );
}

/** §5.2.4: the path without its `.` and `..` segments. */
function removeDotSegments(path: string): string {
  let input = path;
  let output = '';
  const up = () => (output = output.slice(0, Math.max(0, output.lastIndexOf('/'))));
  while (input) {
    if (input.startsWith('../') || input.startsWith('./')) input = input.slice(input.indexOf('/') + 1);
    else if (input.startsWith('/./') || input === '/.') input = `/${input.slice(3)}`;
    else if (input.startsWith('/../') || input === '/..') {
      input = `/${input.slice(4)}`;
      up();
    } else if (input === '.' || input === '..') input = '';
    else {
      const end = input.indexOf('/', 1);
      output += end === -1 ? input : input.slice(0, end);
      input = end === -1 ? '' : input.slice(end);
    }
  }
  return output;
}

/** §5.2.3: a relative path below the base's directory. */
const merge = (base: URIComponents, path: string) =>
  base.authority !== undefined && base.path === ''
    ? `/${path}`
    : base.path.slice(0, base.path.lastIndexOf('/') + 1) + path;

/** §5.2.2: the reference `ref` read against `base`. */
export function resolve(base: string, ref: string): string {
  const b = parse(base);
  const r = parse(ref);
  if (r.scheme !== undefined) return serialize({ ...r, path: removeDotSegments(r.path) });
  if (r.authority !== undefined) return serialize({ ...r, scheme: b.scheme, path: removeDotSegments(r.path) });
  if (r.path === '') return serialize({ ...b, query: r.query ?? b.query, fragment: r.fragment });
  const path = r.path.startsWith('/') ? r.path : merge(b, r.path);
  return serialize({ ...b, path: removeDotSegments(path), query: r.query, fragment: r.fragment });
}

const uriResolver = { parse, serialize, resolve };
export default uriResolver;
