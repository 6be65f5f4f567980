// examples/browser: the Vitest browser-mode example users copy, run as they would run it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

it('`npm run test:browser-example` passes its tests in headless Chromium', async () => {
  const { stdout: colored } = await run(
    'npm',
    ['run', '--silent', 'test:browser-example', '--', '--reporter=verbose'],
    { cwd: ROOT, timeout: 120_000 },
  );
  const stdout = colored.replace(/\u001b\[[0-9;]*m/g, '');
  expect(stdout).toMatch(/chromium.*runs in Chromium/);
  expect(stdout).toMatch(/chromium.*creates an account, records a balance and reads it back/);
  expect(stdout).toMatch(/chromium.*fake-timers\.test\.ts.*answers under fake timers installed before the fake loaded/);
  expect(stdout).toMatch(/Tests\s+5 passed \(5\)/);
}, 150_000);
