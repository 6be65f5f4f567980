// examples/python/ledger_client_demo.py's command line: --help prints how to use it, and a base URL that is not
// http(s) is refused in one line (exit 2) before any request. Its run against ledger-mock is test/contract/python-client.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support.js';
import { hasPython } from '../support/python';

const SCRIPT = join(ROOT, 'examples', 'python', 'ledger_client_demo.py');

function runPython(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = { ...process.env };
  delete base.LEDGER_MOCK_URL;
  return new Promise((resolve) => {
    execFile('python3', [SCRIPT, ...args], { timeout: 30_000, env: { ...base, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const USAGE =
  'Usage: python3 ledger_client_demo.py [BASE_URL]   (default: $LEDGER_MOCK_URL, else http://127.0.0.1:4010)';

describe.skipIf(!hasPython)('python3 ledger_client_demo.py: its arguments', () => {
  it.each([['--help'], ['-h']])('%s prints the usage and what it does; exit 0', async (flag) => {
    const { code, stdout, stderr } = await runPython([flag]);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout.split('\n')[0]).toBe(USAGE);
    expect(stdout).toContain('The base URL comes from the first argument, else LEDGER_MOCK_URL');
  });

  it.each([
    [['--bogus'], {}, "the base URL must start with http:// or https:// (as http://127.0.0.1:4010), not '--bogus'"],
    [
      ['ftp://127.0.0.1:4010'],
      {},
      "the base URL must start with http:// or https:// (as http://127.0.0.1:4010), not 'ftp://127.0.0.1:4010'",
    ],
    [
      [],
      { LEDGER_MOCK_URL: '127.0.0.1:4010' },
      "LEDGER_MOCK_URL must start with http:// or https:// (as http://127.0.0.1:4010), not '127.0.0.1:4010'",
    ],
    [['http://a', 'http://b'], {}, 'give one base URL, not 2 arguments'],
  ])('%j %j: exit 2, one line saying what is wrong, then the usage', async (args, env, message) => {
    const { code, stdout, stderr } = await runPython(args, env);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(`ERROR: ${message}\n${USAGE}\n`);
  });
});
