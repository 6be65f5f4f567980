// What every example's main() gets besides argv and env: where to write, and when to stop.
import type { LedgerMock } from 'personal-ledger-sdk/mocks';

/** A place to write text: process.stdout, or a buffer in tests. */
export interface Output {
  write(text: string): unknown;
  /** True on a terminal: progress can then redraw one line. @default false */
  isTTY?: boolean;
}

/** The outside world of an example. Tests pass their own to capture output and inspect the fake. */
export interface Io {
  stdout: Output;
  stderr: Output;
  /** Aborted on Ctrl-C (see processIo): long runs stop cleanly at the next step. @default undefined */
  signal?: AbortSignal;
  /**
   * The fake to serve when neither LEDGER_BASE_URL nor LEDGER_TOKEN is set.
   * @default a new `createLedgerMock({ scenario: 'demo' })` per run
   */
  fake?: LedgerMock;
}

/** Environment variables, as in process.env. */
export type Env = Record<string, string | undefined>;

/**
 * The process's Io: stdout, stderr, and a signal aborted by the first Ctrl-C (or SIGTERM). A second Ctrl-C
 * exits at once with status 130.
 */
export function processIo(): Io {
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(`\n${signal}: stopping after the current step (press Ctrl-C again to quit now)\n`);
    controller.abort(new Error(`stopped by ${signal}`));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { stdout: process.stdout, stderr: process.stderr, signal: controller.signal };
}

/** Writes one line. */
export function say(out: Output, text = ''): void {
  out.write(`${text}\n`);
}
