import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/support/heavy-first-sequencer.js';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  define: { __SDK_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      { find: /^personal-ledger-sdk\/mocks$/, replacement: here('./mocks/index.ts') },
      { find: /^personal-ledger-sdk\/mocks\/msw$/, replacement: here('./mocks/msw.ts') },
      { find: /^personal-ledger-sdk\/mocks\/node$/, replacement: here('./mocks/node.ts') },
      { find: /^personal-ledger-sdk\/parity$/, replacement: here('./parity/index.ts') },
      { find: /^personal-ledger-sdk\/statements$/, replacement: here('./statements/index.ts') },
      { find: /^personal-ledger-sdk\/mocks\/vitest$/, replacement: here('./mocks/vitest.ts') },
      { find: /^personal-ledger-sdk\/mocks\/matchers$/, replacement: here('./mocks/matchers.ts') },
      { find: /^personal-ledger-sdk$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // fast-check runs every property from one fixed seed (FC_SEED replays another); each file's CPU time is measured.
    setupFiles: ['test/support/setup-fast-check.ts', 'test/support/file-cpu.ts'],
    // Before any file: dist/ built when older than its sources (the bins and the packed tarball come from it), and one
    // temporary directory for what is made once per run (test/support/once-per-run.ts).
    globalSetup: ['test/support/build-dist.ts', 'test/support/run-dir.ts'],
    // The default reporter, then the slowest files and tests, and a warning for any file over 60 s.
    reporters: ['default', './test/support/slowest-reporter.ts'],
    // Ceilings for a test or hook that hangs, with room for a machine several times slower than usual (a loaded CI
    // machine, `npm run test:repeat -- --hog`): a CPU-bound test that takes 5 s alone may take 30 s there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One test file per core, two on a 1-core machine (vitest's own default is one fewer than the cores). The long files
    // run their processes side by side within themselves, so a third file on a 2-core machine no longer shortened the
    // run (163 s with two, 165 s with three) and made every file beside it slower (the longest 25 s against 42 s). Files
    // never share a port, a temporary directory or a file (CONTRIBUTING.md, "Tests that never depend on luck").
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker process runs its files one after another without reloading the modules they share (the fake, msw,
    // zod, the client): half the CPU time of the suite went to loading them again for every file. What a file
    // changes of the process it restores (vi.unstubAllGlobals, useRealTimers, server.close in afterAll), and no file
    // depends on the order of files (CONTRIBUTING.md, "Tests that never depend on luck").
    isolate: false,
    // The long files first (processes, browsers, servers, properties), the short in-process ones last (see the file).
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
