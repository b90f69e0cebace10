// Runs the definitions CLI the way an integrator does (`node --import tsx src/cli/definitions.ts ...`), as a child
// process, optionally over a copy of the definition tree (DEFINITIONS_ROOT) that a test may break.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'src', 'cli', 'definitions.ts');
/** Everything fsLoader reads: the linter needs the schemas and both catalogues as well as the definitions. */
const TREE = ['screen-definitions', 'site-variants', 'schemas', 'i18n'];

export interface CliResult { status: number | null; stdout: string; stderr: string }

export function runCli(args: string[], definitionsRoot?: string): CliResult {
  const env = { ...process.env };
  if (definitionsRoot) env.DEFINITIONS_ROOT = definitionsRoot;
  else delete env.DEFINITIONS_ROOT;
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A temporary copy of the definition tree; `edit` changes one JSON file of it in place. */
export function copyTree() {
  const dir = mkdtempSync(join(tmpdir(), 'rbt-defs-'));
  for (const d of TREE) cpSync(join(ROOT, d), join(dir, d), { recursive: true });
  return {
    dir,
    edit(file: string, change: (json: any) => void) {
      const path = join(dir, file);
      const json = JSON.parse(readFileSync(path, 'utf8'));
      change(json);
      writeFileSync(path, JSON.stringify(json, null, 2));
    },
    write(file: string, json: unknown) {
      writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
