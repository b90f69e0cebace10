// CPU time from Linux's /proc, for benchmarks that must say where the cores went: a process's own CPU seconds,
// every PostgreSQL process's on this machine (the live ones plus the backends the postmaster has reaped), and
// the whole machine's busy time. Off Linux (no /proc) every figure is undefined.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const TICK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

interface Stat {
  comm: string;
  ppid: number;
  /** utime + stime, in seconds. */
  own: number;
  /** cutime + cstime (children waited for), in seconds. */
  children: number;
}

function stat(pid: number | string): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const f = text.slice(close + 2).split(' ');
    // After the command: state ppid ... utime (index 11) stime cutime cstime.
    return {
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(f[1]),
      own: (Number(f[11]) + Number(f[12])) / TICK,
      children: (Number(f[13]) + Number(f[14])) / TICK,
    };
  } catch {
    return undefined; // exited meanwhile
  }
}

export const available = existsSync('/proc/self/stat');

/** CPU seconds a process has used so far. */
export const processSeconds = (pid: number) => stat(pid)?.own;

/** CPU seconds of a process and of its children it has waited for (ffmpeg runs, say), so far. */
export const withChildrenSeconds = (pid: number) => {
  const s = stat(pid);
  return s && s.own + s.children;
};

/** CPU seconds of PostgreSQL on this machine so far: its live processes and the backends that have exited. */
export function postgresSeconds(): number | undefined {
  if (!available) return undefined;
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => [Number(d), stat(d)] as const)
    .filter(([, s]) => s?.comm === 'postgres');
  if (!procs.length) return undefined;
  const pids = new Set(procs.map(([pid]) => pid));
  let total = 0;
  for (const [, s] of procs) total += s!.own + (pids.has(s!.ppid) ? 0 : s!.children);
  return total;
}

/** Busy CPU seconds of the whole machine so far (all cores; idle and I/O wait excluded). */
export function machineBusySeconds(): number | undefined {
  if (!available) return undefined;
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + (ticks[4] ?? 0);
  // The guest columns are already counted in user and nice.
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - idle) / TICK;
}

export interface CpuUse {
  wallSeconds: number;
  /** CPU seconds of each watched process, in the order given. */
  serverProcessCpuSeconds: Array<number | undefined>;
  postgresCpuSeconds?: number;
  machineBusyCpuSeconds?: number;
  /** Cores the machine kept busy on average (2 = both, all the time). */
  machineBusyCores?: number;
}

export interface CpuSnapshot {
  /** Each figure's growth since `before`, in seconds. */
  since(before: CpuSnapshot): CpuUse;
  at: number;
  nodes: Array<number | undefined>;
  postgres?: number;
  machine?: number;
}

const r2 = (n?: number) => (n === undefined || Number.isNaN(n) ? undefined : Math.round(n * 100) / 100);
const minus = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : a - b);

/** A snapshot of the given processes', PostgreSQL's and the machine's CPU time now. */
export function cpuSnapshot(pids: number[]): CpuSnapshot {
  const snap: CpuSnapshot = {
    at: performance.now(),
    nodes: pids.map(processSeconds),
    postgres: postgresSeconds(),
    machine: machineBusySeconds(),
    since(before) {
      const wall = (snap.at - before.at) / 1000;
      const busy = minus(snap.machine, before.machine);
      return {
        wallSeconds: r2(wall)!,
        serverProcessCpuSeconds: snap.nodes.map((n, i) => r2(minus(n, before.nodes[i]))),
        postgresCpuSeconds: r2(minus(snap.postgres, before.postgres)),
        machineBusyCpuSeconds: r2(busy),
        machineBusyCores: r2(busy === undefined ? undefined : busy / wall),
      };
    },
  };
  return snap;
}
