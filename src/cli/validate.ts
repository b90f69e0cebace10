// `npm run definitions -- validate`: the whole definition tree (definitionTree.ts) through the linter (lint.ts),
// with the server's route table, as text: errors first, one line each in the form editors and CI logs link from
// (`file:line:column: $.json.path: reason`), then the warnings under their own heading. Only errors fail.
import { readDefinitionTree } from '../engine/definitionTree';
import { PROJECT_ROOT } from '../engine/fsLoader';
import type { Position } from '../engine/jsonSource';
import { lintDefinitions, type Problem } from '../engine/lint';
import { lintLanguages } from '../engine/lintLanguages';
import { apiRouteTable } from '../server/routeTable';

export interface ValidateResult {
  exitCode: 0 | 1;
  stdout: string;
  stderr: string;
}

function line(p: Problem, locate: (file: string, path: string) => Position | undefined): string {
  // A file that was not read (a missing config.json, a folder) is pointed at as a whole: 1:1.
  const at =
    p.line !== undefined ? { line: p.line, column: p.column ?? 1 } : (locate(p.file, p.path) ?? { line: 1, column: 1 });
  return `${p.file}:${at.line}:${at.column}: ${p.severity === 'warning' ? 'warning: ' : ''}${p.path}: ${p.reason}`;
}

/**
 * The server's routes, or none when they cannot be declared: some take the parameters a screen's call sends, read
 * from the tree (DEFINITIONS_ROOT), so a tree whose definitions do not compose has no route table. The linter
 * reports why; calls are then not checked against routes.
 */
function routeTable() {
  try {
    return apiRouteTable();
  } catch {
    return undefined;
  }
}

export function validateDefinitions(root = PROJECT_ROOT): ValidateResult {
  const tree = readDefinitionTree(root);
  const languages = lintLanguages(tree.languages);
  // Message keys a definition names are checked where they are used, against the default language's catalogue;
  // the other languages are checked against that one as a whole (lintLanguages), so a key is reported once.
  const found = [
    ...tree.fileProblems,
    ...languages.problems,
    ...(tree.input
      ? lintDefinitions({
          ...tree.input,
          catalogues: languages.reference,
          texts: tree.languages.catalogues,
          api: routeTable(),
        })
      : []),
  ];
  // Each mistake once, in file and line order.
  const lines = (severity?: 'warning') =>
    [...new Set(found.filter((p) => p.severity === severity).map((p) => line(p, tree.locate)))].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true }),
    );
  const errors = lines();
  const warnings = lines('warning');
  let stderr = errors.map((l) => `${l}\n`).join('');
  if (warnings.length) {
    stderr += `${errors.length ? '\n' : ''}${warnings.length} warning(s), listed apart (they do not fail validate):\n`;
    stderr += warnings.map((l) => `${l}\n`).join('');
  }
  if (errors.length > 0 || !tree.input)
    return { exitCode: 1, stdout: '', stderr: `${stderr}${errors.length} problem(s) in the definitions\n` };
  const screens = Object.keys(tree.input.sources.screens).length;
  const { sites } = tree.input.sources;
  const codes = Object.keys(languages.list?.languages ?? {});
  return {
    exitCode: 0,
    stdout:
      `definitions valid: ${screens} screens, ${sites.length} site variants (${sites.join(', ')}), ` +
      `${codes.length} languages (${codes.join(', ')})${warnings.length ? `, ${warnings.length} warning(s)` : ''}\n` +
      languages.info.map((l) => `${l}\n`).join(''),
    stderr,
  };
}
