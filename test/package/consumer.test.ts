// The packed package installed into a fresh project with msw, TypeScript and Vitest (consumer-projects.ts appProject),
// used the ways consumers use it: every entry as ESM and as CommonJS, and Vitest tests written against the fake. The
// same project's type checks: consumer-types-*.test.ts; the project without msw: consumer-bare and consumer-sync.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { appProject } from './consumer-projects';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await appProject();
}, 300_000); // npm installs from its cache: a ceiling for a loaded machine

// Child processes (node, vitest) on a busy machine: a ceiling far above their usual few seconds.
describe.concurrent('a fresh project that installed the packed tarball', { timeout: 120_000 }, () => {
  it('imports every entry as ESM and talks to the fake by mock.fetch, by MSW and over HTTP', async () => {
    const { stdout } = await run('node', ['esm.mjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({
      esm: true,
      user: true,
      accounts: expect.any(Number),
      notFound: true,
      msw: true,
      http: true,
    });
    expect(JSON.parse(stdout).accounts).toBeGreaterThan(0);
  });

  it('requires every entry as CommonJS', async () => {
    const { stdout } = await run('node', ['cjs.cjs'], { cwd: dir });
    const result = JSON.parse(stdout) as { cjs: boolean; categories: number; msw: number; http: number };
    expect(result.cjs).toBe(true);
    expect(result.categories).toBeGreaterThan(0);
    expect([result.msw, result.http]).toEqual([result.categories, result.categories]);
  });

  it('runs vitest tests that use personal-ledger-sdk/mocks with setupServer, and personal-ledger-sdk/mocks/vitest', async () => {
    const { stdout: colored } = await run('npx', ['vitest', 'run', '--reporter=verbose'], {
      cwd: dir,
      timeout: 120_000,
    });
    const stdout = colored.replace(/\x1b\[[0-9;]*m/g, ''); // vitest colours its report when the parent's FORCE_COLOR says so
    expect(stdout).toMatch(/Tests +3 passed \(3\)/);
    expect(stdout).toContain('a fake and a client for the test, and the matcher');
    expect(stdout).toContain('writes a balance and reads it back');
  });
});
