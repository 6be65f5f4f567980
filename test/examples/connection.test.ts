import { readFile } from 'node:fs/promises';
import { setupServer } from 'msw/node';
import { LedgerApiError } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw';
import { describe, expect, it } from 'vitest';
import { main as backfill } from '../../examples/backfill.js';
import { chooseConnection } from '../../examples/lib/connection.js';
import { reportError } from '../../examples/lib/report-error.js';
import { main as syncCsv } from '../../examples/sync-csv.js';
import { main as syncOfx } from '../../examples/sync-ofx.js';
import { captureIo, dataFile, demoFake, tempDir } from './support.js';

const TOKEN = 'plk_SecretValue0123456789abcdefghijklmnopqrstu';
const URL_OK = 'https://ledger.example.com';

const EXAMPLES = {
  'sync-csv': (env: Record<string, string>, fake: LedgerMock) =>
    run(syncCsv, [dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us'], env, fake),
  'sync-ofx': (env: Record<string, string>, fake: LedgerMock) => run(syncOfx, [dataFile('statement-v1.ofx')], env, fake),
  backfill: (env: Record<string, string>, fake: LedgerMock) => run(backfill, ['--days', '2', '--checkpoint', '/nonexistent/cp.json'], env, fake),
};

type Main = (argv: string[], env: Record<string, string | undefined>, io: ReturnType<typeof captureIo>['io']) => Promise<number>;

async function run(main: Main, argv: string[], env: Record<string, string>, fake: LedgerMock) {
  const captured = captureIo({ fake });
  const code = await main(argv, env, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), all: captured.all() };
}

describe('the connection rule: both variables -> the service; neither -> the built-in fake', () => {
  it('neither set: the demo ledger', () => {
    expect(chooseConnection({})).toEqual({ kind: 'demo' });
  });

  it('both set and well-formed: the service at that URL', () => {
    expect(chooseConnection({ LEDGER_BASE_URL: ` ${URL_OK} `, LEDGER_TOKEN: TOKEN })).toEqual({ kind: 'service', baseUrl: URL_OK, token: TOKEN });
  });

  it('neither set: the example says in one line that it uses the built-in fake, and works offline', async () => {
    const fake = demoFake();
    const result = await EXAMPLES['sync-ofx']({}, fake);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      'No LEDGER_BASE_URL or LEDGER_TOKEN set: using the built-in demo ledger (an offline fake; nothing leaves this machine).',
    );
  });
});

const REFUSALS: Array<[string, Record<string, string>, string]> = [
  ['only LEDGER_TOKEN set', { LEDGER_TOKEN: TOKEN }, 'LEDGER_TOKEN is set but LEDGER_BASE_URL is not'],
  ['only LEDGER_BASE_URL set', { LEDGER_BASE_URL: URL_OK }, 'LEDGER_BASE_URL is set but LEDGER_TOKEN is not'],
  ['a base URL that is not a URL', { LEDGER_BASE_URL: 'ledger.example.com', LEDGER_TOKEN: TOKEN }, 'LEDGER_BASE_URL must be an http(s) URL'],
  ['a base URL that is not http(s)', { LEDGER_BASE_URL: 'ftp://ledger.example.com', LEDGER_TOKEN: TOKEN }, 'LEDGER_BASE_URL must be an http(s) URL'],
  ['a base URL with credentials', { LEDGER_BASE_URL: 'https://me:pw@ledger.example.com', LEDGER_TOKEN: TOKEN }, 'LEDGER_BASE_URL must be an http(s) URL'],
  ['an empty token', { LEDGER_BASE_URL: URL_OK, LEDGER_TOKEN: '' }, 'LEDGER_TOKEN is malformed: it is empty'],
  ['a token with a space', { LEDGER_BASE_URL: URL_OK, LEDGER_TOKEN: `${TOKEN} x` }, 'LEDGER_TOKEN is malformed'],
  ['a token with a line break', { LEDGER_BASE_URL: URL_OK, LEDGER_TOKEN: `${TOKEN}\n` }, 'LEDGER_TOKEN is malformed'],
  ['a token with a control character', { LEDGER_BASE_URL: URL_OK, LEDGER_TOKEN: `${TOKEN}\u0007` }, 'LEDGER_TOKEN is malformed'],
  ['a token with non-ASCII', { LEDGER_BASE_URL: URL_OK, LEDGER_TOKEN: `${TOKEN}é` }, 'LEDGER_TOKEN is malformed'],
  ['a token with "Bearer " in front', { LEDGER_BASE_URL: URL_OK, LEDGER_TOKEN: `Bearer ${TOKEN}` }, 'without "Bearer " in front'],
];

describe('the connection rule refuses to start (exit 2), names the variable, and never prints the token', () => {
  describe.each(Object.keys(EXAMPLES) as Array<keyof typeof EXAMPLES>)('%s', (example) => {
    it.each(REFUSALS)('%s', async (_case, env, message) => {
      const fake = demoFake();
      const result = await EXAMPLES[example](env, fake);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
      expect(result.all).not.toContain(TOKEN);
      expect(fake.control.journal.entries()).toEqual([]); // nothing was sent
    });
  });
});

describe('API errors are printed with status, code and detail, one line each, never with the token', () => {
  /** Serves `fake` over MSW for the duration of `task`, as a "real service" at fake.baseUrl. */
  async function asService<T>(fake: LedgerMock, task: () => Promise<T>): Promise<T> {
    const server = setupServer(...ledgerHandlers(fake));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      return await task();
    } finally {
      server.close();
    }
  }

  it('an unknown token: 401 invalid_token', async () => {
    const fake = demoFake();
    const result = await asService(fake, () => EXAMPLES['sync-csv']({ LEDGER_BASE_URL: fake.baseUrl, LEDGER_TOKEN: TOKEN }, fake));
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      'Error: GET /api/public/v1/accounts failed: Unknown token',
      '  status: 401',
      '  code: invalid_token',
      '  detail: (none)',
      '  Check LEDGER_TOKEN: it may be mistyped, revoked or expired (tokens are made in Settings > Developer > API tokens).',
      '',
    ]);
    expect(result.all).not.toContain(TOKEN);
  });

  it('a revoked token: 401 token_revoked, and the working token is not printed either', async () => {
    const fake = demoFake();
    await fake.control.revokeToken(DEMO_IDS.tokens.alex);
    const result = await asService(fake, () => EXAMPLES['sync-ofx']({ LEDGER_BASE_URL: fake.baseUrl, LEDGER_TOKEN: DEMO_TOKENS.alex }, fake));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('  status: 401\n  code: token_revoked\n');
    expect(result.all).not.toContain(DEMO_TOKENS.alex);
  });

  it('a validation failure: 422 with each detail entry on the detail line', async () => {
    const fake = demoFake();
    const dir = await tempDir();
    try {
      const mapping = JSON.parse(await readFile(dataFile('mapping.json'), 'utf8'));
      mapping.banks['first-bank-us'].institution_name = 'x'.repeat(121);
      const mappingPath = await dir.file('mapping.json', JSON.stringify(mapping));
      const captured = captureIo({ fake });
      const env = { LEDGER_BASE_URL: fake.baseUrl, LEDGER_TOKEN: DEMO_TOKENS.alex };
      const code = await asService(fake, () =>
        syncCsv([dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us', '--mapping', mappingPath], env, captured.io),
      );
      expect(code).toBe(1);
      expect(captured.stderr()).toContain('  status: 422\n  code: validation_failed\n  detail: body.institution_name must be 1-120 characters\n');
      expect(captured.all()).not.toContain(DEMO_TOKENS.alex);
    } finally {
      await dir.cleanup();
    }
  });

  it('no service at LEDGER_BASE_URL: a network error with a hint, exit 1', async () => {
    const fake = demoFake();
    const result = await EXAMPLES['sync-ofx']({ LEDGER_BASE_URL: 'http://127.0.0.1:1', LEDGER_TOKEN: TOKEN }, fake);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: Network error on GET \/api\/public\/v1\/accounts .*no response was received\n/);
    expect(result.stderr).toContain('  Check LEDGER_BASE_URL and your network connection.');
    expect(result.all).not.toContain(TOKEN);
  });

  it('a token inside any message is redacted', () => {
    const captured = captureIo();
    const error = new LedgerApiError({ status: 400, message: `bad header Bearer ${TOKEN}`, code: 'x', detail: [{ path: 'body', message: TOKEN }] });
    expect(reportError(error, captured.io, [TOKEN])).toBe(1);
    expect(captured.stderr()).not.toContain(TOKEN);
    expect(captured.stderr()).toContain('[REDACTED]');
  });
});
