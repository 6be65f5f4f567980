// vitest globalSetup: one temporary directory for the whole run, which test files (in any worker) share for what is
// made once per run (the packed tarball: ./packed.ts). Removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared temporary directory (test/support/run-dir.ts). */
    runDir: string;
  }
}

export default function runDir(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-test-run-'));
  project.provide('runDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
