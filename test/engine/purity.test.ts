// The engine runs unchanged in the browser and in the server: no file under src/engine may import React or the
// UI, or touch browser globals. Comments and strings are stripped first, so prose may still name them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ENGINE = join(__dirname, '..', '..', 'src', 'engine');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.[cm]?[jt]sx?$/.test(f) ? [p] : [];
  });
}

/** Source without comments and string/template contents (import specifiers are read separately). */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
const FORBIDDEN_MODULE = /^(react|react-dom)(\/|$)|(^|\/)ui(\/|$)/;
const BROWSER_GLOBAL = /\b(window|document|localStorage|sessionStorage|navigator)\b/;

function problemsOf(file: string, source: string): string[] {
  const out: string[] = [];
  for (const [, spec] of source.matchAll(IMPORT)) {
    if (FORBIDDEN_MODULE.test(spec)) out.push(`${file} imports ${spec}`);
  }
  const stripped = code(source).split('\n');
  stripped.forEach((line, i) => {
    const m = BROWSER_GLOBAL.exec(line);
    if (m) out.push(`${file}:${i + 1} uses ${m[1]}`);
  });
  return out;
}

test('the checker itself catches each kind of breach', () => {
  expect(problemsOf('x.ts', "import { useState } from 'react';")).toHaveLength(1);
  expect(problemsOf('x.ts', "import { createRoot } from 'react-dom/client';")).toHaveLength(1);
  expect(problemsOf('x.ts', "import { t } from '../ui/i18n';")).toHaveLength(1);
  expect(problemsOf('x.ts', "const m = await import('../ui/widgets/registry');")).toHaveLength(1);
  expect(problemsOf('x.ts', 'const w = window.innerWidth;')).toHaveLength(1);
  expect(problemsOf('x.ts', 'document.title = "x";')).toHaveLength(1);
  expect(problemsOf('x.ts', 'const v = localStorage.getItem("k");')).toHaveLength(1);
  expect(problemsOf('x.ts', 'const lang = navigator.language;')).toHaveLength(1);
  expect(problemsOf('x.ts', '// the browser window and document are not ours\nconst s = "window";')).toEqual([]);
});

test('no file under src/engine imports react, react-dom or src/ui, or uses browser globals', () => {
  const all = files(ENGINE);
  expect(all.length).toBeGreaterThan(5);
  const problems = all.flatMap((f) => problemsOf(relative(ENGINE, f), readFileSync(f, 'utf8')));
  expect(problems).toEqual([]);
});
