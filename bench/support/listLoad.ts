// The list load of the baseline comparison: `clients` providers' sessions, each a loop over the calls a provider
// browsing the portal makes (the tone list's pages 1-3 and a search, the copyright owners, the tariffs), on
// keep-alive connections as a browser keeps them. Each answer must be the envelope with 000000.
import { Agent, request } from 'node:http';
import { processSeconds } from './cpu';

export const LIST_CALLS = [
  '/sp/qrytone?portalType=1&startRecordNum=1&endRecordNum=5',
  '/sp/qrytone?portalType=1&startRecordNum=6&endRecordNum=10',
  '/sp/qrytone?portalType=1&startRecordNum=11&endRecordNum=15',
  '/sp/qrytone?portalType=1&toneName=Morning&status=&startRecordNum=1&endRecordNum=5',
  '/sp/querycopyright?portalType=1&startRecordNum=1&endRecordNum=10',
  '/sp/querytariff?portalType=1&priceGroupType=2&startRecordNum=1&endRecordNum=5',
];

export interface Session {
  cookie: string;
}

export async function login(base: string, account: string, password: string): Promise<Session> {
  const r = await fetch(`${base}/sp/sploginhs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, pwd: password }),
  });
  const body = (await r.json()) as { returnCode: string };
  if (body.returnCode !== '000000') throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return { cookie: r.headers.get('set-cookie')!.split(';')[0] };
}

export interface Sample {
  /** Answers per second over the window. */
  rps: number;
  p50Ms: number;
  p95Ms: number;
  requests: number;
  /** Answers other than HTTP 200 with returnCode 000000, and network errors. */
  errors: number;
  /** Server-Timing phases the server reported, mean ms per answer that had them (e.g. contract). */
  phases: Record<string, number>;
  /**
   * CPU time the server process spent per answer (µs), when its pid is given: unlike throughput, hardly moved by
   * other work on a shared machine.
   */
  serverCpuUsPerRequest?: number;
}

export const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

function get(agent: Agent, base: URL, path: string, cookie: string) {
  return new Promise<{ ok: boolean; timing: string }>((resolve) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, path, headers: { cookie, 'accept-encoding': 'identity' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('latin1');
          resolve({
            ok: res.statusCode === 200 && text.includes('"returnCode":"000000"'),
            timing: String(res.headers['server-timing'] ?? ''),
          });
        });
        res.on('error', () => resolve({ ok: false, timing: '' }));
      },
    );
    req.on('error', () => resolve({ ok: false, timing: '' }));
    req.end();
  });
}

/** Each session loops over `paths` (from its own starting point) for `ms` milliseconds. */
export async function load(
  base: string,
  sessions: Session[],
  paths: string[],
  ms: number,
  serverPid?: number,
): Promise<Sample> {
  const cpuBefore = serverPid === undefined ? undefined : processSeconds(serverPid);
  const agent = new Agent({ keepAlive: true, maxSockets: sessions.length });
  const url = new URL(base);
  const latencies: number[] = [];
  const phaseSums: Record<string, [number, number]> = {};
  let errors = 0;
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    sessions.map(async (s, i) => {
      for (let n = i; performance.now() < until; n++) {
        const t = performance.now();
        const r = await get(agent, url, paths[n % paths.length], s.cookie);
        latencies.push(performance.now() - t);
        if (!r.ok) errors++;
        for (const m of r.timing.matchAll(/(\w+);dur=([\d.]+)/g)) {
          const sum = (phaseSums[m[1]] ??= [0, 0]);
          sum[0] += Number(m[2]);
          sum[1] += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = serverPid === undefined ? undefined : processSeconds(serverPid);
  agent.destroy();
  return {
    rps: round(latencies.length / elapsed, 1),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    requests: latencies.length,
    errors,
    phases: Object.fromEntries(Object.entries(phaseSums).map(([k, [sum, n]]) => [k, round(sum / n, 4)])),
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { serverCpuUsPerRequest: round(((cpuAfter - cpuBefore) * 1e6) / latencies.length, 1) }
      : {}),
  };
}
