// The CPU hog of `npm run test:repeat -- --hog`: one busy process per core, so the suites run as on a loaded machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Busy for 100 ms at a time, then a look at the parent: a hog whose parent died (even by kill -9) ends itself. The
// parent's pid comes as an argument: read from process.ppid at start, it would be the new parent's already when
// the script died while the hog was starting.
const BUSY = `const parent = Number(process.argv[1]);
for (;;) {
  const until = Date.now() + 100;
  while (Date.now() < until) {}
  if (process.ppid !== parent) process.exit(0);
}`;

export interface Hog {
  readonly pids: number[];
  /** Kills every busy process (idempotent). */
  stop(): void;
}

/**
 * Starts `count` busy-loop processes.
 * @default count os.availableParallelism()
 */
export function startHog(count = availableParallelism()): Hog {
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', BUSY, String(process.pid)], { stdio: 'ignore' }),
  );
  return {
    pids: children.map((child) => child.pid!),
    stop() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
