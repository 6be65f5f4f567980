// Runs the specs of this folder, which fail on purpose, for test/vitest/ledger-test-failures.test.ts: the same
// aliases and build constants as the suite, only these files.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../../vitest.config';

export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { include: ['*.spec.ts'], testTimeout: 20_000 },
});
