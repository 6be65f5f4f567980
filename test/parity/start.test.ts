// When ledger-parity refuses to start (exit 2): bad options, no token, plain http to another machine, a token the
// target refuses, an unknown scratch account, a scratch account with snapshots in the reserved year. Each says why,
// and nothing with the token but GET reached the target.
import { afterEach, describe, expect, it } from 'vitest';
import { ParityStartError, runParity } from 'personal-ledger-sdk/parity';
import { ledgerMockBehindProxyForThisFile, RECORDING_FILE, runParityCli, SCRATCH, TOKEN } from './support';

const served = ledgerMockBehindProxyForThisFile();
afterEach(async () => {
  served.proxy.seen.length = 0;
  await served.upstream.control('POST', '/reset');
});

/** Only GET requests carried the token. */
const onlyReads = () =>
  served.proxy.seen.filter((e) => (e.headers.authorization ?? '').includes(TOKEN) && e.method !== 'GET');

describe('ledger-parity refuses to start, saying why (exit 2)', { timeout: 90_000 }, () => {
  it.concurrent.each([
    [
      'no LEDGER_TOKEN',
      ['--base-url', 'http://127.0.0.1:9'],
      { LEDGER_TOKEN: undefined },
      /a token is needed: set LEDGER_TOKEN/,
    ],
    [
      'plain http to another machine',
      ['--base-url', 'http://192.0.2.1'],
      {},
      /plain http to another machine: the token would travel unencrypted/,
    ],
    [
      'a token too short to be one (scrubbing it would garble every message)',
      ['--base-url', 'http://127.0.0.1:9'],
      { LEDGER_TOKEN: 'v1' },
      /^ledger-parity: LEDGER_TOKEN is 2 characters long, too short for an API token \(at least 16.*\(value not shown\)\n$/,
    ],
    [
      'a token with "Bearer "',
      ['--base-url', 'http://127.0.0.1:9'],
      { LEDGER_TOKEN: `Bearer ${TOKEN}` },
      /LEDGER_TOKEN starts with "Bearer ": set it to the token alone/,
    ],
    ['no base URL', [], {}, /give --base-url URL/],
    ['--record with --against', ['--against', RECORDING_FILE, '--record', 'x.json'], {}, /give one/],
    [
      '--base-url with --against',
      ['--against', RECORDING_FILE, '--base-url', 'http://127.0.0.1:9'],
      {},
      /give --base-url or --against/,
    ],
    ['a rate of 0', ['--base-url', 'http://127.0.0.1:9', '--rate', '0'], {}, /--rate must be a number above 0/],
    [
      'a report in a folder that does not exist',
      ['--base-url', 'http://127.0.0.1:9', '--report', '/nonexistent-parity/r.md'],
      {},
      /folder .* does not exist/,
    ],
    [
      'an unknown option',
      ['--base-url', 'http://127.0.0.1:9', '--scratch'],
      {},
      /Unknown option '--scratch'[\s\S]*\nRun npx ledger-parity --help for the options\.\n$/,
    ],
    ['a target that does not answer', ['--base-url', 'http://127.0.0.1:9'], {}, /cannot reach the target/],
  ] as const)('%s', async (_name, args, env, message) => {
    const run = await runParityCli([...args], { env });
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(2);
    expect(run.stderr + run.stdout).not.toContain(TOKEN);
  });

  it('a token the target refuses: "the target refused the token", and no write was sent', async () => {
    const run = await runParityCli(['--base-url', served.proxy.url, '--scratch-account', SCRATCH], {
      env: { LEDGER_TOKEN: `plk_${'Z'.repeat(40)}` },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the target refused the token: GET \/api\/public\/v1\/me answered 401 invalid_token/);
    expect(served.proxy.seen.filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('--base-url with the API prefix (.../api/public/v1/) is the service, as for the client: the prefix is not sent twice', async () => {
    const run = await runParityCli(['--base-url', `${served.proxy.url}/api/public/v1/`, '--scratch-account', SCRATCH], {
      env: { LEDGER_TOKEN: `plk_${'Z'.repeat(40)}` },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the target refused the token: GET \/api\/public\/v1\/me answered 401 invalid_token/);
    const paths = served.proxy.seen.map((e) => e.path);
    expect(paths).toContain('/api/public/v1/me');
    expect(paths.filter((path) => path.startsWith('/api/public/v1/api/'))).toEqual([]);
  });

  it('a scratch account the token does not see', async () => {
    const unknown = '00000000-0000-4000-8000-0000000000ff';
    await expect(runParity({ baseUrl: served.proxy.url, token: TOKEN, scratchAccount: unknown })).rejects.toThrow(
      new ParityStartError(`the token sees no account ${unknown}: create one for the kit and pass its id`),
    );
    expect(onlyReads()).toEqual([]);
  });

  it('a scratch account with a snapshot in the reserved year: named, left alone, nothing written', async () => {
    await served.upstream.control('POST', '/snapshots/seed', {
      snapshots: [{ account_id: SCRATCH, snapshot_date: '2000-06-15', balance: 42 }],
    });
    const run = await runParityCli(['--base-url', served.proxy.url, '--scratch-account', SCRATCH, '--rate', '1000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /the scratch account already has 1 snapshot\(s\) in the reserved range 2000-01-01\.\.2000-12-31 \(2000-06-15 snp_\w+\)/,
    );
    expect(onlyReads()).toEqual([]);
    const { snapshots } = (await served.upstream.control('GET', '/state')) as {
      snapshots: Array<{ account_id: string; balance: number }>;
    };
    expect(snapshots.filter((s) => s.account_id === SCRATCH)).toMatchObject([{ balance: 42 }]);
  });

  it('the function throws ParityStartError for options the command would refuse', async () => {
    await expect(runParity({ baseUrl: 'ftp://example.com', token: TOKEN })).rejects.toThrow(/not an http\(s\) URL/);
    await expect(runParity({ baseUrl: served.proxy.url, token: 'plk with space' })).rejects.toThrow(/white space/);
    await expect(runParity({ baseUrl: served.proxy.url, token: TOKEN, only: ['no.such-probe'] })).rejects.toThrow(
      /no probe no.such-probe/,
    );
    await expect(runParity({ baseUrl: served.proxy.url, token: TOKEN, budget: 5 })).rejects.toThrow(/at least 100/);
    expect(served.proxy.seen).toEqual([]);
  });
});
