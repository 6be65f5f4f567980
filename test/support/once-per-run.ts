// Work done once per test run, whichever test file (in whichever worker process) asks first: the first caller takes a
// lock (an exclusive mkdir in the run's directory) and does the work; every other caller waits for its result file.
// A failure is written down too, so that every file that needed the result fails with the same message.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

/** How long a caller waits for another worker's work before giving up: far above any packing on a loaded machine. */
const WAIT_LIMIT_MS = 300_000;
const POLL_MS = 50;

/**
 * Runs `work` once per test run under `name` and gives every caller its result (JSON-serialisable). Waiting callers
 * poll the result file; a worker that dies mid-work leaves the others to fail after five minutes with a clear message.
 * `runDir` is the run's directory, which a test file gets from vitest; vitest's own process passes it (the sequencer,
 * which starts the consumer projects' installs: test/package/consumer-projects.ts).
 */
export async function oncePerRun<T>(
  name: string,
  work: (dir: string) => Promise<T>,
  runDir: string = inject('runDir'),
): Promise<T> {
  const dir = join(runDir, name);
  const result = join(dir, 'result.json');
  try {
    await mkdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return waitFor<T>(result, name);
  }
  let outcome: { value: T } | { error: string };
  try {
    outcome = { value: await work(dir) };
  } catch (error) {
    outcome = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  // Written whole under another name, then renamed: a waiting caller never reads half a file.
  await writeFile(`${result}.tmp`, JSON.stringify(outcome));
  await rename(`${result}.tmp`, result);
  return unwrap(outcome, name);
}

async function waitFor<T>(file: string, name: string): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) return unwrap(JSON.parse(text) as { value: T } | { error: string }, name);
    if (Date.now() > deadline)
      throw new Error(`${name}: another test file started it ${WAIT_LIMIT_MS / 1000} s ago and it has not finished`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function unwrap<T>(outcome: { value: T } | { error: string }, name: string): T {
  if ('error' in outcome) throw new Error(`${name} failed (once for the whole run): ${outcome.error}`);
  return outcome.value;
}
