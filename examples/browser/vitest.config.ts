// Vitest's browser mode: the tests run in a real, headless Chromium (here Debian's, at /usr/bin/chromium). Copy it as
// it is: `npm install --save-dev personal-ledger-sdk vitest @vitest/browser-playwright`, then `npx vitest`.
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
