// The fake's tests against msw 3 (run under Node 24 by `npm run test:msw3`; msw 3 needs Node >= 22.12).
// `msw` and `msw/*` resolve to the `msw3` alias package (npm:msw@3); the rest is as in vitest.config.ts.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  resolve: {
    alias: [
      { find: /^msw(\/.*)?$/, replacement: 'msw3$1' },
      ...((base.resolve?.alias ?? []) as { find: RegExp; replacement: string }[]),
    ],
  },
  test: {
    ...base.test,
    include: ['test/mocks/**/*.test.ts', 'test/sdk/**/*.test.ts', 'test/server/**/*.test.ts'],
    typecheck: { enabled: false },
    // Dependencies that import msw themselves must go through the alias too.
    server: { deps: { inline: [/msw/] } },
  },
});
