// Vitest 5, the current major, in a fresh project that installed the packed tarball beside it with no flag (the peer
// range says `^4.0.0 || ^5.0.0`), running the Vitest recipe of docs/testing.md under Node 24 (Vitest 5 needs Node
// 22.12+), which npx takes from the npm registry's `node` package, as test:msw3 and test:runtimes do.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { runtimeInstall, VITEST_5, vitest5Project } from './consumer-projects';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await vitest5Project();
}, 300_000); // npm installs from its cache: a ceiling for a loaded machine

it('runs ledger-vitest.spec.ts on Vitest 5 under Node 24', async () => {
  const installed = JSON.parse(readFileSync(join(dir, 'node_modules/vitest/package.json'), 'utf8')).version;
  expect(`vitest@${installed}`).toBe(VITEST_5);
  const { stdout } = await run(
    'npx',
    ['-y', '-p', runtimeInstall('Node 24'), '-c', 'node --version && vitest run ledger-vitest.spec.ts'],
    { cwd: dir, timeout: 150_000 },
  );
  const plain = stdout.replace(/\x1b\[[0-9;]*m/g, '');
  expect(plain).toMatch(/^v24\./m);
  expect(plain).toMatch(/Tests +3 passed \(3\)/);
}, 180_000);
