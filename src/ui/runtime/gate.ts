// A gate (000 §2, the name-tone upload): a call whose record a screen needs before it opens. The menu entry
// makes it and passes the record as the route query; a form opened another way makes it itself. No record
// (an error, or a pass-through code such as 956012 'no privilege') means the gate's other route opens.
import { request } from '../../api';

/** The record the gate's call gives, or undefined when it gives none. */
export async function gateRecord(call: string): Promise<Record<string, unknown> | undefined> {
  const answer = await request(call, { portalType: 1 }, { kind: 'get' }).catch(() => undefined);
  const record = answer?.returnCode === '000000' ? answer.record : undefined;
  return record && typeof record === 'object' && !Array.isArray(record) && Object.keys(record).length > 0
    ? (record as Record<string, unknown>)
    : undefined;
}

/** `path` with the record's plain values as its query. */
export function withQuery(path: string, record: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(record))
    if (v !== undefined && v !== null && typeof v !== 'object') query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
