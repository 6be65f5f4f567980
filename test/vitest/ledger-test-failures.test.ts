// What ledgerTest and toHaveReceived report when a test fails, in a real Vitest run of test/vitest/failing (specs
// that fail on purpose), read from Vitest's JSON report.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
interface Result {
  title: string;
  status: 'passed' | 'failed';
  failureMessages: string[];
}
let results: Result[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-vitest-'));
  try {
    const report = join(dir, 'report.json');
    const args = [
      'vitest',
      'run',
      '--config',
      'test/vitest/failing/vitest.config.ts',
      '--reporter=json',
      `--outputFile=${report}`,
    ];
    await run('npx', args, { cwd: ROOT, timeout: 120_000 }).catch((error: { code?: number }) => {
      if (error.code !== 1) throw error; // 1: some tests failed, as they should
    });
    results = (
      JSON.parse(readFileSync(report, 'utf8')) as { testResults: Array<{ assertionResults: Result[] }> }
    ).testResults.flatMap((file) => file.assertionResults);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 150_000);

const result = (title: string) => {
  const found = results.find((r) => r.title === title);
  if (!found) throw new Error(`no result for "${title}" among ${results.map((r) => r.title).join(', ')}`);
  return { status: found.status, message: found.failureMessages.join('\n') };
};

describe('ledgerTest and toHaveReceived in a failing run', () => {
  it('a bug in the fake fails the test that hit it, with the cause and the journal', () => {
    const { status, message } = result(
      'a bug in the fake fails the test after it, though the client retried the 500s and the code under test swallowed the last',
    );
    expect(status).toBe('failed');
    expect(message).toContain(
      'The fake answered 3 requests 500 internal_error during this test: a bug in the fake, not in your code (please report it).',
    );
    expect(message).toContain(
      'The first, GET /api/public/v1/accounts/acc00000-0000-4000-8000-000000000001: a simulated bug',
    );
    expect(message).toContain(
      '#3 GET /api/public/v1/accounts/acc00000-0000-4000-8000-000000000001 -> 500 internal_error\n    a bug in the fake: a simulated bug',
    );
  });

  it('a failed toHaveReceived prints the counts and journal.explain()', () => {
    const { status, message } = result('a failed toHaveReceived shows the journal');
    expect(status).toBe('failed');
    expect(message).toContain(
      'expected the fake to have received getMe 2 times, but it received once (of 1 request kept)',
    );
    expect(message).toContain("The fake's last request, oldest first:\n#1 GET /api/public/v1/me -> 200");
  });

  it('two concurrent tests on a fake shared by setup: one runs, the other is refused, saying why', () => {
    const statuses = [
      'one of two concurrent tests on a shared fake',
      'the other of two concurrent tests on a shared fake',
    ].map(result);
    expect(statuses.map((s) => s.status).sort()).toEqual(['failed', 'passed']);
    expect(statuses.find((s) => s.status === 'failed')!.message).toContain(
      'ledgerTest({ setup }): the tests of a file share one fake, so they cannot run concurrently',
    );
  });
});
