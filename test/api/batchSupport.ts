// Helpers of the batch API tests: multipart submissions, today's date range, waiting for a task to finish.
import type { Client, TestServer } from './helpers';

/** multipart/form-data with the given files (any part names) and text fields. */
export function multipart(
  c: Client,
  url: string,
  files: Array<[field: string, name: string, data: Buffer]>,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [field, name, data] of files) form.append(field, new Blob([new Uint8Array(data)]), name);
  return c.request('POST', url, { payload: form });
}

const two = (n: number) => String(n).padStart(2, '0');
export const ymd = (d: Date) => `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}`;

/** begin/end of the management query covering the last `days` days up to today (server time). */
export function range(s: TestServer, days = 30) {
  const today = new Date(s.clock.now);
  return { begin: `${ymd(new Date(s.clock.now - days * 86_400_000))} 00:00:00`, end: `${ymd(today)} 23:59:59` };
}

/** Waits (real time) until the task left queued/running; returns its row. */
export async function settled(s: TestServer, taskId: number | string, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const t = await s.ctx.db
      .selectFrom('batch_tasks')
      .selectAll()
      .where('id', '=', Number(taskId))
      .executeTakeFirstOrThrow();
    if (!['queued', 'running'].includes(t.state)) return t;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${t.state} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const txt = (lines: string[]) => Buffer.from(lines.join('\n') + '\n', 'utf8');

/** The seeded tones' codes of a demo account, by their place in its list (seq 1 first): codes are the system's. */
export async function seededToneCodes(s: TestServer, account: string): Promise<(seq: number) => string> {
  const rows = await s.ctx.db
    .selectFrom('tones')
    .innerJoin('providers', 'providers.id', 'tones.provider_id')
    .select(['tones.seq', 'tones.tone_code'])
    .where('providers.code', '=', account)
    .execute();
  const bySeq = new Map(rows.map((r) => [Number(r.seq), r.tone_code]));
  return (seq) => {
    const found = bySeq.get(seq);
    if (!found) throw new Error(`no seeded tone ${seq} for ${account}`);
    return found;
  };
}
