// JSON text as the definition linter needs it: the value, a syntax error as line:column and a reason (no stack
// trace), every duplicate key (JSON.parse silently keeps the last one, so a second "label" would hide the
// first), and the line and column of any JSON path, so each problem can point into the file. jsonc-parser (the
// parser of VS Code's JSON support) gives the syntax tree with offsets; comments and trailing commas are
// refused, as JSON.parse and the bundler refuse them.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Position {
  line: number;
  column: number;
}
export interface SourceProblem extends Position {
  path: string;
  reason: string;
}

export interface JsonSource {
  /** The parsed value (undefined when the text is not JSON). */
  value: unknown;
  /** The first syntax error (later ones are mostly its echoes), or null. */
  syntaxError: SourceProblem | null;
  duplicateKeys: SourceProblem[];
  /** Where a JSON path ($.a.b[0]) starts: its property name, else the deepest part of it that exists. */
  locate(path: string): Position;
}

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

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function positionAt(starts: number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

function syntaxReason(text: string, e: ParseError): string {
  const code = printParseErrorCode(e.error);
  const token = text.slice(e.offset, e.offset + Math.max(e.length, 1));
  const before = text.slice(0, e.offset).trimEnd();
  if (e.offset === 0 && text.charCodeAt(0) === 0xfeff)
    return 'the file starts with a byte order mark: save it as UTF-8 without BOM';
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && /^[}\]]/.test(token) && before.endsWith(',')) {
    return `a comma before "${token[0]}" (trailing comma) is not allowed in JSON`;
  }
  switch (code) {
    case 'InvalidSymbol':
      if (token.startsWith("'")) return 'strings and property names need double quotes (")';
      return `unexpected "${token.trim().slice(0, 20)}"${/^[A-Za-z_$]/.test(token) ? ' (property names need double quotes; values true, false and null are lower case)' : ''}`;
    case 'InvalidCommentToken':
      return 'comments are not allowed in JSON';
    case 'CommaExpected':
      return 'expected "," between two values or properties (a comma is missing)';
    case 'ColonExpected':
      return 'expected ":" after the property name';
    case 'PropertyNameExpected':
      return 'expected a property name in double quotes';
    case 'ValueExpected':
      return e.offset >= text.trimEnd().length
        ? 'the file ends where a value was expected'
        : `expected a value, found "${token.trim().slice(0, 20)}"`;
    case 'CloseBraceExpected':
      return e.offset >= text.trimEnd().length
        ? 'the file ends inside an object (a "}" is missing)'
        : 'expected "}" or "," after a property';
    case 'CloseBracketExpected':
      return e.offset >= text.trimEnd().length
        ? 'the file ends inside an array (a "]" is missing)'
        : 'expected "]" or "," after an array item';
    case 'EndOfFileExpected':
      return 'more text after the end of the JSON value';
    case 'UnexpectedEndOfString':
      return 'a string is not closed on its line (a missing " or a raw line break)';
    case 'InvalidEscapeCharacter':
      return 'invalid escape in a string (use \\\\ for a backslash)';
    case 'InvalidCharacter':
      return 'a control character (tab, line break) inside a string: write it as \\t or \\n';
    default:
      return `invalid JSON (${code})`;
  }
}

/** A plain value (jsonc-parser's own builds prototype-less objects); the last duplicate wins, as in JSON.parse. */
function valueOf(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (!key || !value) continue;
        const name = key.value as string;
        // An own "__proto__" property, as JSON.parse makes it, not the prototype.
        if (name === '__proto__')
          Object.defineProperty(out, name, {
            value: valueOf(value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else out[name] = valueOf(value);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}

export function parseJsonSource(text: string): JsonSource {
  const starts = lineStarts(text);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  let syntaxError: SourceProblem | null = errors.length
    ? { path: '$', ...positionAt(starts, errors[0].offset), reason: syntaxReason(text, errors[0]) }
    : null;
  if (!syntaxError) {
    // jsonc-parser is a little more lenient than JSON.parse in corners (control characters); JSON.parse decides.
    try {
      JSON.parse(text);
    } catch (e) {
      const at = Number(/position (\d+)/.exec((e as Error).message)?.[1] ?? 0);
      syntaxError = {
        path: '$',
        ...positionAt(starts, at),
        reason: (e as Error).message.replace(/ in JSON at position \d+.*$/, ''),
      };
    }
  }

  const duplicateKeys: SourceProblem[] = [];
  const visit = (node: Node, path: string) => {
    if (node.type === 'object') {
      const seen = new Map<string, Node>();
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (!key) continue;
        const name = key.value as string;
        const first = seen.get(name);
        if (first) {
          const at = positionAt(starts, first.offset);
          duplicateKeys.push({
            path: childPath(path, name),
            ...positionAt(starts, key.offset),
            reason: `duplicate key "${name}" (first at line ${at.line}, column ${at.column}); JSON keeps only the last one`,
          });
        } else seen.set(name, key);
        if (value) visit(value, childPath(path, name));
      }
    } else if (node.type === 'array') (node.children ?? []).forEach((child, i) => visit(child, childPath(path, i)));
  };
  if (root && !syntaxError) visit(root, '$');

  const locate = (path: string): Position => {
    let node = root;
    let at = 0;
    for (const segment of pathSegments(path)) {
      if (!node) break;
      if (node.type === 'object' && typeof segment === 'string') {
        // The last occurrence, the one JSON.parse keeps.
        const prop = [...(node.children ?? [])].reverse().find((p) => p.children?.[0]?.value === segment);
        if (!prop) break;
        at = prop.offset;
        node = prop.children?.[1];
      } else if (node.type === 'array' && typeof segment === 'number' && node.children?.[segment]) {
        node = node.children[segment];
        at = node.offset;
      } else break;
    }
    return positionAt(starts, at);
  };

  return { value: root && !syntaxError ? valueOf(root) : undefined, syntaxError, duplicateKeys, locate };
}
