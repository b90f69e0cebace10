// A server process's resident memory from Linux's /proc (VmRSS, in KB): its idle figure, and the peak of a stretch
// of work, sampled every few milliseconds while the work runs.
import { rssKb } from '../server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Idle: the most of ten samples, once the server has settled (call it after it has started and served a login). */
export async function idleRssKb(pid: number): Promise<number> {
  await sleep(1500);
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(rssKb(pid));
    await sleep(50);
  }
  return Math.max(...samples);
}

/** Samples VmRSS every `everyMs` from now; stop() ends the sampling and answers the peak (KB). */
export function watchPeak(pid: number, everyMs = 20): { stop(): number } {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return (peak = Math.max(peak, rssKb(pid)));
    },
  };
}
