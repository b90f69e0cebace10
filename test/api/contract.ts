// What a refusal must leave behind and say, for any call: the rows of every table (sessions aside: a request
// refreshes its own session's last activity) and the files under DATA_DIR, unchanged; an answer below HTTP 500
// whose returnCode the OpenAPI document lists for that call (x-return-codes).
import { sql } from 'kysely';
import type { Answer, TestServer } from './helpers';

const IGNORED = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);

async function tableNames(s: TestServer): Promise<string[]> {
  const q =
    s.ctx.handle.dialect === 'postgres'
      ? sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await q.execute(s.ctx.db)).rows
    .map((r) => r.name)
    .filter((n) => !IGNORED.has(n))
    .sort();
}

/** Every row of every table, and every stored file: compare two of them to prove nothing changed. */
export async function snapshot(s: TestServer): Promise<{ rows: Record<string, string[]>; files: string[] }> {
  const rows: Record<string, string[]> = {};
  for (const t of await tableNames(s)) {
    const all = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(s.ctx.db);
    rows[t] = all.rows.map((r) => JSON.stringify(r)).sort();
  }
  return { rows, files: s.storedFiles() };
}

let doc: Promise<any> | undefined;

/** The codes the OpenAPI document says a call answers. */
export async function documentedCodes(s: TestServer, method: 'GET' | 'POST', path: string): Promise<string[]> {
  doc ??= fetch(`${s.base}/docs/openapi.json`).then((r) => r.json());
  const op = (await doc).paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`the OpenAPI document has no ${method} ${path}`);
  return op['x-return-codes'];
}

/** The answer is the envelope below HTTP 500 with `code`, and the document lists that code for the call. */
export async function expectDocumentedAnswer(
  s: TestServer,
  answer: Answer,
  method: 'GET' | 'POST',
  path: string,
  code: string,
): Promise<void> {
  expect(answer.status).toBeLessThan(500);
  expect(answer.body).toMatchObject({ returnCode: code, returnMsg: expect.any(String) });
  expect(await documentedCodes(s, method, path)).toContain(code);
}
