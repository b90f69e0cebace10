// The ffmpeg and ffprobe this server runs: the static builds shipped as npm packages (@ffmpeg-installer/ffmpeg,
// @ffprobe-installer/ffprobe, per platform through optional dependencies), so `npm ci` brings them with nothing
// downloaded at install time and nothing installed on the system. FFMPEG_PATH / FFPROBE_PATH point at others
// (a distribution's build, say). Each run is a child process with a time limit, its standard error kept to
// the last few KB (what ffmpeg says last is why it failed), never a shell: arguments are passed as a list.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

let paths: { ffmpeg: string; ffprobe: string } | undefined;

/** The binaries' paths (resolved once; the packages throw when the platform has no build). */
export function binaries(): { ffmpeg: string; ffprobe: string } {
  paths ??= {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ffmpeg: process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ffprobe: process.env.FFPROBE_PATH || (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  };
  return paths;
}

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    /** The run was stopped by its time limit or its caller, not by ffmpeg. */
    readonly stopped = false,
  ) {
    super(message);
  }
}

const STDERR_KEEP = 16 * 1024;

export interface RunOptions {
  /** Kills the process after this long (default 5 minutes). */
  timeoutMs?: number;
  /** Standard output, as it comes (a pipe: the waveform's samples). Without it standard output is collected. */
  onStdout?: (out: Readable) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Runs a tool to its end. Resolves with what it printed (stdout collected unless `onStdout` takes it, the last
 * STDERR_KEEP bytes of stderr); rejects with a ToolError carrying stderr's tail when it exits non-zero, is
 * killed or runs out of time.
 */
export function run(
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  o: RunOptions = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binaries()[tool], args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const out: Buffer[] = [];
    let stopped = false;
    const stop = () => {
      stopped = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(stop, o.timeoutMs ?? 5 * 60_000);
    o.signal?.addEventListener('abort', stop, { once: true });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      stderr = (stderr + s).slice(-STDERR_KEEP);
    });
    const reading = o.onStdout
      ? o.onStdout(child.stdout).catch((e: unknown) => {
          stop();
          throw e;
        })
      : new Promise<void>((done) => {
          child.stdout.on('data', (b: Buffer) => out.push(b));
          child.stdout.on('end', done);
        });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new ToolError(`${tool} could not start: ${e.message}`, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', stop);
      reading.then(
        () => {
          if (code === 0) resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr });
          else
            reject(
              new ToolError(
                stopped ? `${tool} was stopped` : `${tool} exited with ${code ?? signal}: ${lastLine(stderr)}`,
                stderr,
                stopped,
              ),
            );
        },
        (e: unknown) => reject(e),
      );
    });
  });
}

/** The last non-empty line ffmpeg printed: its reason for failing. */
export function lastLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines[lines.length - 1] ?? '').slice(0, 300);
}
