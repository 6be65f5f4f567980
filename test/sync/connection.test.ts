// Which ledger ledger-sync writes to: LEDGER_BASE_URL with LEDGER_TOKEN, or --demo; the token never in any output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { dataFile, demoFake, MAPPING, runSync } from './support';

const TOKEN = 'plk_SecretValue0123456789abcdefghijklmnopqrstu';
const FILE = dataFile('statement-v1.ofx');
const ARGS = [FILE, '--mapping', MAPPING];

describe('ledger-sync: LEDGER_BASE_URL and LEDGER_TOKEN, or --demo', () => {
  it.each([
    [{ LEDGER_TOKEN: TOKEN }, 'LEDGER_TOKEN is set but LEDGER_BASE_URL is not'],
    [{ LEDGER_BASE_URL: 'https://ledger.example.com' }, 'LEDGER_BASE_URL is set but LEDGER_TOKEN is not'],
    [
      { LEDGER_BASE_URL: 'ledger.example.com', LEDGER_TOKEN: TOKEN },
      'LEDGER_BASE_URL is not usable: it must be an absolute http(s) URL',
    ],
    [
      { LEDGER_BASE_URL: 'https://me:pw@ledger.example.com', LEDGER_TOKEN: TOKEN },
      'LEDGER_BASE_URL is not usable: it must not contain credentials; pass the token as LEDGER_TOKEN',
    ],
    [
      { LEDGER_BASE_URL: 'https://ledger.example.com', LEDGER_TOKEN: `${TOKEN} x` },
      'LEDGER_TOKEN is not usable: it must be printable ASCII without spaces or line breaks (value not shown)',
    ],
    [
      { LEDGER_BASE_URL: 'https://ledger.example.com', LEDGER_TOKEN: `Bearer ${TOKEN}` },
      'LEDGER_TOKEN is not usable: it must not start with "Bearer "; pass the token alone',
    ],
    [
      { LEDGER_BASE_URL: 'https://ledger.example.com', LEDGER_TOKEN: 'x' },
      'LEDGER_TOKEN is 1 character long, too short for an API token (at least 16',
    ],
  ])('%j: exit 2, naming the variable, never the token', async (env, message) => {
    const { code, stdout, stderr } = await runSync(ARGS, { env });
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain(message);
    expect(stderr).not.toContain(TOKEN.slice(4));
  });

  it('--demo writes to the built-in demo ledger and says so in its first line, ignoring LEDGER_*', async () => {
    const fake = demoFake();
    const { code, stdout } = await runSync([...ARGS, '--demo'], {
      fake,
      env: { LEDGER_BASE_URL: 'https://ledger.example.com', LEDGER_TOKEN: TOKEN },
    });
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      '--demo: writing to the built-in demo ledger (an offline fake of the API in this process; nothing leaves this machine).',
    );
    expect(fake.control.journal.entries().filter((e) => e.method !== 'GET')).toHaveLength(1);
  });

  it('--demo --dry-run says in its first line that it compares with the demo ledger and writes nothing', async () => {
    const fake = demoFake();
    const { code, stdout } = await runSync([...ARGS, '--demo', '--dry-run'], { fake });
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      '--demo --dry-run: comparing with the built-in demo ledger, writing nothing (an offline fake of the API in this process; nothing leaves this machine).',
    );
    expect(fake.control.journal.entries().filter((e) => e.method !== 'GET')).toEqual([]);
  });
});

describe('ledger-sync against a service over HTTP (ledger-mock on 127.0.0.1)', () => {
  let server: RunningLedgerMockServer;
  let mock: LedgerMock;
  beforeAll(async () => {
    const standalone = createLedgerMockServer({ scenario: 'demo' });
    mock = standalone.mock;
    server = await standalone.listen();
  });
  afterAll(() => server.close());

  it('writes with LEDGER_BASE_URL and LEDGER_TOKEN; a revoked token is exit 1 with status, code and a hint, the token never shown', async () => {
    const env = { LEDGER_BASE_URL: server.url, LEDGER_TOKEN: DEMO_TOKENS.alex };
    const first = await runSync(ARGS, { env });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Summary: wrote 1 balance to ${server.url}`);
    const issued = await mock.control.createToken({ userId: (await mock.control.listUsers())[0]!.id });
    await mock.control.revokeToken(issued.id);
    const revoked = await runSync(ARGS, { env: { LEDGER_BASE_URL: server.url, LEDGER_TOKEN: issued.value } });
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toContain('  status: 401');
    expect(revoked.stderr).toContain('Check LEDGER_TOKEN');
    expect(revoked.stdout + revoked.stderr).not.toContain(issued.value);
  });
});
