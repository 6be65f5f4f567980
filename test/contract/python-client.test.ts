// A client in another language: examples/python/ledger_client_demo.py (standard library only)
// against ledger-mock on a free port.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { hasPython } from '../support/python';

const SCRIPT = fileURLToPath(new URL('../../examples/python/ledger_client_demo.py', import.meta.url));

const server = createLedgerMockServer({ scenario: 'demo' });
let running: RunningLedgerMockServer;
beforeAll(async () => {
  running = await server.listen();
});
afterAll(() => running.close());

function runPython(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'python3',
      [SCRIPT, ...args],
      { timeout: 30_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe.skipIf(!hasPython)('python3 client against ledger-mock', () => {
  it('creates a token, writes and reads snapshots, checks bulk skipped rows; exits 0', async () => {
    const { code, stdout, stderr } = await runPython([running.url]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^OK token created for Alex: plk_\w{4}\.\.\./m);
    expect(stdout).toContain('OK GET /me -> user a1e40000-0000-4000-8000-000000000001');
    expect(stdout).toMatch(/^OK POST \/snapshots -> 201 inserted /m);
    expect(stdout).toContain('OK POST /snapshots/bulk -> 200, skipped[0].index = 1');
    expect(stdout).toContain('422 nothing_written, skipped[0].index = 0');
    expect(stdout).toContain('OK revoked token -> 401 token_revoked');
    expect(stdout.trim().split('\n').at(-1)).toBe('ALL CHECKS PASSED');
    expect(server.mock.control.journal.internalErrors()).toEqual([]);
  });

  it('reads the base URL from LEDGER_MOCK_URL, and exits 1 on a mismatch', async () => {
    await server.mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503 } });
    const { code, stderr } = await runPython([], { LEDGER_MOCK_URL: running.url });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^MISMATCH: GET \/me: 503/);
  });
});
