// The pytest fixture of docs/ledger-mock.md (examples/python/test_ledger_mock.py): `ledger-mock --port 0` from a
// project that installed the packed tarball (consumer-projects.ts bareProject), its URL read from its one line, run by
// the machine's python3: with pytest where it is installed, and always with the unittest stand-in
// (test/package/python/pytest_or_unittest.py) that a machine without pytest uses; and the demo client where the docs say.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasPython } from '../support/python';
import { bareProject } from './consumer-projects';

const run = promisify(execFile);
const RUNNER = fileURLToPath(new URL('python/pytest_or_unittest.py', import.meta.url));
const TESTS = fileURLToPath(new URL('../../examples/python/test_ledger_mock.py', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await bareProject();
}, 300_000); // npm installs from its cache: a ceiling for a loaded machine

describe
  .skipIf(!hasPython)
  .concurrent('test_ledger_mock.py against ledger-mock from the package', { timeout: 60_000 }, () => {
    it.each([
      ['pytest, where it is installed', {}],
      ['unittest', { WITHOUT_PYTEST: '1' }],
    ])('passes its 3 tests (%s)', async (_way, env) => {
      // No __pycache__ or .pytest_cache is written: the project and the repository stay as they are.
      const { stdout, stderr } = await run('python3', [RUNNER, TESTS], {
        cwd: dir,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', ...env },
      });
      expect(`${stdout}${stderr}`).toMatch(/\b3 passed\b|Ran 3 tests in [\d.]+s\n\nOK/);
    });

    it('the demo client is where docs/ledger-mock.md says it is once installed', async () => {
      const demo = 'node_modules/personal-ledger-sdk/examples/python/ledger_client_demo.py';
      const { stdout } = await run('python3', [demo, '--help'], {
        cwd: dir,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
      });
      expect(stdout).toContain('A Personal Ledger API client in plain Python');
    });
  });
