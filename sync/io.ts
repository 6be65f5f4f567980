// What ledger-sync's main() gets besides argv and env: where to write, and when to stop.
import type { LedgerMock } from 'personal-ledger-sdk/mocks';

/** A place to write text: process.stdout, or a buffer in tests. */
export interface Output {
  write(text: string): unknown;
  /** True on a terminal: progress can then redraw one line. @default false */
  isTTY?: boolean;
}

/** The outside world of a run. Tests pass their own to capture output and inspect the fake. */
export interface Io {
  stdout: Output;
  stderr: Output;
  /** Aborted on Ctrl-C (see processIo): long runs stop cleanly at the next step. @default undefined */
  signal?: AbortSignal;
  /**
   * The fake `--demo` talks to.
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
  const stop = interruptHandler(controller, {
    warn: (text) => process.stderr.write(text),
    exit: () => process.exit(130),
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { stdout: process.stdout, stderr: process.stderr, signal: controller.signal };
}

/**
 * A repeat within this long is the same Ctrl-C delivered twice, not a second press: a terminal signals the whole
 * process group, and `tsx` also relays the signal to the program it runs when the program is busy for a moment.
 */
export const SAME_INTERRUPT_MS = 1000;

/**
 * What a Ctrl-C does: the first aborts `controller` (the run stops after its current step and saves what it must);
 * another one, later than SAME_INTERRUPT_MS, quits at once.
 */
export function interruptHandler(
  controller: AbortController,
  effects: { warn(text: string): unknown; exit(): void; now?: () => number },
): (signal: NodeJS.Signals) => void {
  const now = effects.now ?? Date.now;
  let firstAt = 0;
  return (signal) => {
    if (controller.signal.aborted) {
      if (now() - firstAt >= SAME_INTERRUPT_MS) effects.exit();
      return;
    }
    firstAt = now();
    effects.warn(`\n${signal}: stopping after the current step (press Ctrl-C again to quit now)\n`);
    controller.abort(new Error(`stopped by ${signal}`));
  };
}

/** Writes one line. */
export function say(out: Output, text = ''): void {
  out.write(`${text}\n`);
}

/** What a file-system error means, in words, with its code: `no such file or folder (ENOENT)`. */
export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return (error as Error).message;
  const words = FILE_PROBLEMS[code];
  return words ? `${words} (${code})` : code;
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  ELOOP: 'a loop of symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EROFS: 'a read-only file system',
  ENOSPC: 'no space left on the device',
};
