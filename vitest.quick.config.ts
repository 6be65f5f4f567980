// `npm run test:quick`, the edit-test loop: the test files that start no process, no browser and no network server
// (scripts/repeat/luck-files.ts `quickFiles`), without the type tests (tsc) and without building dist/ (none of them
// runs it). `npm test` runs everything.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { quickFiles } from './scripts/repeat/luck-files.js';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: quickFiles(fileURLToPath(new URL('.', import.meta.url))),
    typecheck: { enabled: false },
    globalSetup: ['test/support/run-dir.ts'],
  },
});
