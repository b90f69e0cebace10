// Runs the definitions CLI the way an integrator does (`node --import tsx src/cli/definitions.ts ...`), as a child
// process, optionally over a copy of the definition tree (DEFINITIONS_ROOT) that a test may break.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'src', 'cli', 'definitions.ts');
/** Everything fsLoader reads: the linter needs the schemas and both catalogues as well as the definitions. */
const TREE = ['screen-definitions', 'site-variants', 'schemas', 'i18n'];

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], definitionsRoot?: string): CliResult {
  const env = { ...process.env };
  if (definitionsRoot) env.DEFINITIONS_ROOT = definitionsRoot;
  else delete env.DEFINITIONS_ROOT;
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A temporary copy of the definition tree; the helpers change it the way an integrator's editor would. */
export function copyTree() {
  const dir = mkdtempSync(join(tmpdir(), 'rbt-defs-'));
  for (const d of TREE) cpSync(join(ROOT, d), join(dir, d), { recursive: true });
  const text = (file: string) => readFileSync(join(dir, file), 'utf8');
  // What each changed file held before its first change (undefined: the helpers made it), and the folders they
  // made, so that restore() can put the copy back as it was.
  const before = new Map<string, string | undefined>();
  const madeFolders: string[] = [];
  const changing = (file: string) => {
    if (before.has(file)) return;
    const path = join(dir, file);
    before.set(file, existsSync(path) ? readFileSync(path, 'utf8') : undefined);
    let folder = dirname(path);
    let outermost: string | undefined;
    for (; !existsSync(folder); folder = dirname(folder)) outermost = folder;
    if (outermost) madeFolders.push(outermost);
    mkdirSync(dirname(path), { recursive: true });
  };
  return {
    dir,
    /** Changes one JSON file of the copy in place. */
    edit(file: string, change: (json: any) => void) {
      const json = JSON.parse(text(file));
      change(json);
      changing(file);
      writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
    },
    write(file: string, json: unknown) {
      changing(file);
      writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
    },
    /** Changes the text of a file (for what JSON.stringify cannot write: syntax errors, duplicate keys). */
    editText(file: string, change: (text: string) => string) {
      const was = text(file);
      const after = change(was);
      if (after === was) throw new Error(`the change to ${file} changed nothing`);
      changing(file);
      writeFileSync(join(dir, file), after);
    },
    writeText(file: string, content: string) {
      changing(file);
      writeFileSync(join(dir, file), content);
    },
    /** 1-based line of the first line of `file` containing `needle` (after any `after` text). */
    lineOf(file: string, needle: string, after = '') {
      const all = text(file);
      const index = all.indexOf(needle, after ? all.indexOf(after) : 0);
      if (index < 0) throw new Error(`${needle} is not in ${file}`);
      return all.slice(0, index).split('\n').length;
    },
    /**
     * Puts back every file the helpers changed and removes what they made: the copy is the repository's tree again.
     * Copying the tree anew costs more than validating it (about 0.4 s against 0.5 s), so tests that break it one
     * way at a time share one copy and restore it after each.
     */
    restore() {
      for (const [file, was] of before) {
        if (was === undefined) rmSync(join(dir, file), { force: true });
        else writeFileSync(join(dir, file), was);
      }
      for (const folder of madeFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
      before.clear();
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
