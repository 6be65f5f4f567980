// A contender for state file locks, run as a process of its own by state-lock-cli.test.ts. It prints `ready`, reads
// the first round's instant (ms) from stdin, and then for each round waits (busy, so that every contender tries
// within the same millisecond) until the round's instant, tries to take the lock of `<dir>/<round>.state`, and
// prints the outcome as a JSON line; a winner holds the lock until the round is nearly over, and says from when to
// when it held it.
// Usage: node <this file, bundled by esbuild> <dir> <rounds> <round ms> (or node --import tsx test/server/lock-contender.ts ...)
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { StateLock } from '../../mocks/server/state-lock';

const [dir, rounds, roundMs] = process.argv.slice(2) as [string, string, string];
const input = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
const first = Number(await new Promise<string>((resolve) => input.once('line', resolve)));
input.close();
for (let round = 0; round < Number(rounds); round++) {
  const at = first + round * Number(roundMs);
  while (Date.now() < at) {
    // busy: a timer would scatter the contenders over milliseconds
  }
  const file = join(dir, `${round}.state`);
  try {
    const lock = StateLock.acquire(file, file);
    const heldFrom = Date.now();
    while (Date.now() < at + Number(roundMs) * 0.8) {
      // the winner holds the lock while the others try
    }
    const heldTo = Date.now(); // read before the release: a later holder's heldFrom cannot be earlier
    lock.release();
    process.stdout.write(
      `${JSON.stringify({ round, pid: process.pid, won: true, heldFrom, heldTo, tookOver: lock.tookOver ?? null })}\n`,
    );
  } catch (error) {
    process.stdout.write(
      `${JSON.stringify({ round, pid: process.pid, won: false, message: (error as Error).message })}\n`,
    );
  }
}
