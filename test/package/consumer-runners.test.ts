// The recipes of docs/testing.md, each run by its runner as a user runs it, in one fresh project that installed the
// packed tarball (consumer-projects.ts runnersProject): Vitest 4, node:test, Bun and Playwright Test with the system's
// Chromium, and the Vitest browser-mode example users copy (examples/browser), as it is. Vitest 5:
// consumer-vitest5.test.ts; Jest: its own projects.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { runnersProject } from './consumer-projects';

const run = promisify(execFile);
/** Without the colours a runner adds when the parent's FORCE_COLOR says so. */
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
let dir: string;

beforeAll(async () => {
  dir = await runnersProject();
}, 300_000); // npm installs from its cache: a ceiling for a loaded machine

// Child processes (runners, Vite, Chromium) on a busy machine: a ceiling far above their usual few seconds.
describe.concurrent('each runner runs its recipe from the packed package', { timeout: 150_000 }, () => {
  it('Vitest 4: ledger-vitest.spec.ts', async () => {
    const { stdout } = await run('npx', ['vitest', 'run', 'ledger-vitest.spec.ts', '--reporter=verbose'], { cwd: dir });
    expect(plain(stdout)).toMatch(/Tests +3 passed \(3\)/);
    expect(plain(stdout)).toContain('code that calls fetch itself, through MSW > lists the accounts');
  });

  it('node:test: node --test ledger-node.test.mjs', async () => {
    const { stdout } = await run(process.execPath, ['--test', '--test-reporter=tap', 'ledger-node.test.mjs'], {
      cwd: dir,
    });
    expect(stdout).toMatch(/^# pass 3$/m);
    expect(stdout).toMatch(/^# fail 0$/m);
  });

  it('Bun: bun test ledger-bun.spec.ts, with expect.extend(ledgerMatchers)', async () => {
    const { stderr } = await run(join(dir, 'node_modules/.bin/bun'), ['test', './ledger-bun.spec.ts'], { cwd: dir });
    expect(plain(stderr)).toMatch(/^ 3 pass\n 0 fail$/m);
  });

  it("Playwright Test: the fake inside the page (mock.fetch and MSW's worker), driven by page.evaluate, in Chromium", async () => {
    const { stdout } = await run('npx', ['playwright', 'test', '--reporter=list'], { cwd: dir });
    expect(plain(stdout)).toMatch(/^ +4 passed /m);
    expect(plain(stdout)).toContain('a 503 injected in the page is retried by the page');
    expect(plain(stdout)).toContain("the page's own fetch is answered by the same fake, through MSW's service worker");
  });

  it('Vitest browser mode: examples/browser as it is, with the installed package', async () => {
    const { stdout } = await run('npx', ['vitest', 'run', '--root', 'browser-example', '--reporter=verbose'], {
      cwd: dir,
    });
    expect(plain(stdout)).toMatch(/chromium.*runs in Chromium/);
    expect(plain(stdout)).toMatch(/chromium.*creates an account, records a balance and reads it back/);
    expect(plain(stdout)).toMatch(
      /chromium.*fake-timers\.test\.ts.*answers under fake timers installed before the fake loaded/,
    );
    expect(plain(stdout)).toMatch(/Tests\s+5 passed \(5\)/);
  });
});
