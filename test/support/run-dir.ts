// vitest globalSetup: one temporary directory for the whole run, which test files (in any worker) share for what is
// made once per run (the packed tarball: ./packed.ts), and under it the run's TMPDIR: every temporary folder a test
// makes (mkdtemp in tmpdir()), and those of the processes it starts (ledger-mock, Chromium's profiles), is removed
// with it when the run ends, even one a failing test left behind.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { backgroundEnded } from './background.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared temporary directory (test/support/run-dir.ts). */
    runDir: string;
  }
}

export default function runDir(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-test-run-'));
  project.provide('runDir', dir);
  // Set before vitest starts its workers, which take their environment from this process. Modes as /tmp's: a test
  // that runs a command as another user (nobody, for file-mode cases as root) reaches its files through them.
  const temp = join(dir, 'tmp');
  mkdirSync(temp);
  chmodSync(dir, 0o755);
  chmodSync(temp, 0o1777);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = temp;
  return async () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    await backgroundEnded(60_000); // an install the sequencer started for files that did not run to the end
    rmSync(dir, { recursive: true, force: true });
  };
}
