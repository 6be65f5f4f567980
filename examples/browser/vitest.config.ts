// Vitest's browser mode: the tests run in a real, headless Chromium (here Debian's, at /usr/bin/chromium).
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Only in this repository, which is personal-ledger-sdk itself. Your project installs the package instead.
    alias: {
      'personal-ledger-sdk/mocks': fileURLToPath(new URL('../../mocks/index.ts', import.meta.url)),
      'personal-ledger-sdk': fileURLToPath(new URL('../../src/index.ts', import.meta.url)),
    },
  },
  test: {
    browser: {
      enabled: true,
      headless: true,
      instances: [{ browser: 'chromium' }],
      provider: playwright({
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          // --no-sandbox: running as root (CI). The rest keep Chromium from calling home at start.
          args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      }),
    },
  },
});
