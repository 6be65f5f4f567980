// playwright.config.ts
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  // Your app's dev server (here Vite) on a free port; the URL it prints becomes process.env.APP_URL.
  webServer: {
    command: 'npx vite --host 127.0.0.1 --port 0 --strictPort',
    wait: { stdout: /Local:\s+(?<app_url>http:\/\/[\d.]+:\d+)/ },
  },
  use: {
    baseURL: process.env.APP_URL,
    // The system's Chromium (Debian's here); root needs --no-sandbox.
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] },
  },
});
