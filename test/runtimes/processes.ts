// Child processes with a ceiling: every command and every server the runtime check starts is stopped by a timer,
// and a failure names the command, says why, and shows the end of its output.
import { spawn, type ChildProcess } from 'node:child_process';

/** What a finished command printed, and how long it took. */
export interface Finished {
  stdout: string;
  stderr: string;
  ms: number;
}

/** A server started by {@link startServer}: the ready line it printed, and a stop that resolves with its exit code. */
export interface Started {
  readyLine: string;
  stop(): Promise<number | null>;
}

interface Watched {
  child: ChildProcess;
  out: { stdout: string; stderr: string };
  /** Settles once: with the exit code, or with the reason the command could not start. */
  ended: Promise<{ code: number | null; error?: Error }>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const tail = (text: string) => (text.length > 2000 ? `...${text.slice(-2000)}` : text).trim();

function watch(command: string, args: string[], cwd: string, extraPipe: boolean): Watched {
  const child = spawn(command, args, {
    cwd,
    stdio: extraPipe ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (out.stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (out.stderr += chunk.toString('utf8')));
  const ended = new Promise<{ code: number | null; error?: Error }>((ok) => {
    child.once('error', (error) => ok({ code: null, error }));
    child.once('close', (code) => ok({ code }));
  });
  return { child, out, ended };
}

function failure(label: string, { out }: Watched, why: string): Error {
  return new Error([`${label}: ${why}`, tail(out.stdout), tail(out.stderr)].filter(Boolean).join('\n'));
}

const why = ({ child }: Watched, end: { code: number | null; error?: Error }) =>
  end.error ? `cannot start: ${end.error.message}` : `exited with ${end.code ?? child.signalCode}`;

/** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null when a signal ended it). */
async function terminate(watched: Watched, graceMs: number): Promise<number | null> {
  const { child, ended } = watched;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    return (await ended).code;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `command args` in `cwd` to completion. Rejects when it cannot start, exits non-zero, or runs past
 * `timeoutMs` (it is then killed).
 */
export async function run(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs: number },
): Promise<Finished> {
  const started = performance.now();
  const watched = watch(command, args, options.cwd, false);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void terminate(watched, 1_000);
  }, options.timeoutMs);
  const end = await watched.ended;
  clearTimeout(timer);
  if (timedOut) throw failure(label, watched, `timed out after ${seconds(options.timeoutMs)} and was killed`);
  if (end.code !== 0) throw failure(label, watched, why(watched, end));
  return { ...watched.out, ms: performance.now() - started };
}

/**
 * Starts a long-running `command args` and resolves once it prints a line matching `ready`: on stdout, or with
 * `readyOnFd3` on a pipe given to it as descriptor 3. Rejects, after stopping it, when it ends first or is not
 * ready within `timeoutMs`.
 */
export async function startServer(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs: number; ready: RegExp; readyOnFd3?: boolean },
): Promise<Started> {
  const watched = watch(command, args, options.cwd, options.readyOnFd3 === true);
  const stop = () => terminate(watched, 5_000);
  const source = (options.readyOnFd3 ? watched.child.stdio[3] : watched.child.stdout) as NodeJS.ReadableStream;
  let timer: NodeJS.Timeout | undefined;
  try {
    const readyLine = await new Promise<string>((ok, fail) => {
      timer = setTimeout(
        () => fail(failure(label, watched, `not ready within ${seconds(options.timeoutMs)}`)),
        options.timeoutMs,
      );
      let seen = '';
      source.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        const line = seen.split('\n').find((l) => options.ready.test(l));
        if (line !== undefined) ok(line.trim());
      });
      void watched.ended.then((end) => fail(failure(label, watched, `${why(watched, end)} before it was ready`)));
    });
    return { readyLine, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
