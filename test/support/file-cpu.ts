// A vitest setup file: the CPU time each test file used, its worker's and that of the processes it started and waited
// for (node, npm, tsc, Chromium), put in the file's meta for the slowest reporter. A file's wall time depends on what
// ran beside it; its CPU time does not, so the two together tell a file that works from one that waits.
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** CPU milliseconds the file used: its worker's, and its finished child processes' (Linux), or the worker's alone. */
    cpuMs?: number;
  }
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The worker's CPU time so far, with its waited-for children's where /proc says it (Linux). */
function cpuMs(): number {
  try {
    // Fields after the command name (which may hold spaces, so cut after its closing parenthesis): utime is the 14th
    // field of the line, stime, cutime, cstime follow.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

// vitest runs its setup files again before each test file, even in a worker that keeps its modules: from here on,
// importing the test file is counted too.
const started = cpuMs();
// The first argument is the file's fixtures (none used), the second the file itself.
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's first parameter, which must be a pattern
afterAll(({}, file) => {
  file.meta.cpuMs = cpuMs() - started;
});
