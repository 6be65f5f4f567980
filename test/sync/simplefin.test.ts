// `ledger-sync simplefin` with an Access URL, run as the real command (a process) against a fake SimpleFIN server and
// ledger-mock, both over HTTP on 127.0.0.1: what is written, what is skipped and why, how a troubled server is reported,
// and that the credentials never show. The claim of a token: simplefin-claim.test.ts.
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { FAKE_SIMPLEFIN_CERT, startFakeSimplefin, type FakeSimplefin } from '../support/simplefin-server';
import { balancesNamed, tempDir } from './support';
import { accountSet, AT, mappingFile, watchedRuns, type Report } from './simplefin-support';

let dir: Awaited<ReturnType<typeof tempDir>>;
let mapping: string;
/** Every run of the command, and every secret handed out: checked together at the end. */
const { secrets, run, expectNoSecretShown } = watchedRuns();

/** A new Access URL to `server`, its parts noted as secrets. */
function access(server: FakeSimplefin): string {
  const url = server.issueAccess();
  const { username, password } = new URL(url);
  secrets.push(url, username, password, Buffer.from(`${username}:${password}`).toString('base64'));
  return url;
}

/** What one test runs the command against: a fake SimpleFIN server and ledger-mock of its own, closed when it ends. */
interface Bench {
  simplefin: FakeSimplefin;
  mock: LedgerMock;
  ledgerEnv: Record<string, string>;
  /** The non-GET requests the ledger has answered so far. */
  writes(): number;
}

async function bench({ onTestFinished }: TestContext): Promise<Bench> {
  const standalone = createLedgerMockServer({ scenario: 'demo' });
  const [simplefin, ledger] = await Promise.all([startFakeSimplefin(accountSet()), standalone.listen()]);
  onTestFinished(async () => {
    await Promise.all([simplefin.close(), ledger.close()]);
  });
  const mock = standalone.mock;
  return {
    simplefin,
    mock,
    ledgerEnv: { LEDGER_BASE_URL: ledger.url, LEDGER_TOKEN: DEMO_TOKENS.alex },
    writes: () => mock.control.journal.entries().filter((e) => e.method !== 'GET').length,
  };
}

beforeAll(async () => {
  dir = await tempDir();
  mapping = await dir.file('mapping.json', mappingFile());
});

afterAll(async () => {
  await dir?.cleanup();
});

// Each test has its own servers and files, so they run side by side (each mostly waits on its processes).
describe.concurrent('ledger-sync simplefin', { timeout: 120_000 }, () => {
  it('writes each mapped balance on its day, reports the available balance without writing it; a second run writes nothing', async (context) => {
    const { simplefin, mock, ledgerEnv, writes } = await bench(context);
    const url = access(simplefin);
    const file = await dir.file('access-1', `${url}\n`);
    await chmod(file, 0o600);
    const first = await run(
      ['simplefin', '--access-file', file, '--mapping', mapping, '--time-zone', 'UTC', '--json'],
      ledgerEnv,
    );
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(Object.keys(report)).toEqual(['rows', 'skipped', 'refused']);
    expect(report.rows).toEqual([
      {
        account: 'SimpleFIN checking',
        date: '2026-10-30',
        balance: 1520.35,
        action: 'new',
        source: 'simplefin:mybank.example/ACT-checking-1 (Everyday)',
      },
      {
        account: 'SimpleFIN card',
        date: '2026-10-30',
        balance: -245.1,
        action: 'new',
        source: 'simplefin:mybank.example/ACT-card-2 (Rewards card)',
      },
    ]);
    expect(report.skipped).toEqual([
      {
        source: 'simplefin:otherbank.example/77 (Savings elsewhere)',
        reason: 'not in the mapping: add "simplefin:otherbank.example/77" to its "accounts"',
      },
    ]);
    expect(report.refused).toEqual([]);
    // People's output (stderr under --json): the available balance is reported, marked as not written.
    expect(first.stderr).toMatch(
      /Everyday +2026-10-30 +1520\.35 USD +1400\.00 USD +simplefin:mybank\.example\/ACT-checking-1/,
    );
    expect(first.stderr).toContain('Created ledger account "SimpleFIN checking" (Cash, asset).');
    expect(Object.fromEntries(await balancesNamed(mock, 'SimpleFIN checking'))).toEqual({ '2026-10-30': 1520.35 });
    expect(Object.fromEntries(await balancesNamed(mock, 'SimpleFIN card'))).toEqual({ '2026-10-30': -245.1 });
    expect(simplefin.journal.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual([
      'GET /simplefin/accounts?balances-only=1',
    ]);
    expect(simplefin.journal[0]!.authorization).toBe(
      `Basic ${Buffer.from(`${new URL(url).username}:${new URL(url).password}`).toString('base64')}`,
    );

    const writesBefore = writes();
    const second = await run(
      ['simplefin', '--access-file', file, '--mapping', mapping, '--time-zone', 'UTC'],
      ledgerEnv,
    );
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to write: all 2 balances already up to date; 1 skipped.');
    expect(writes()).toBe(writesBefore);
  });

  it("the day is the calendar day of balance-date in --time-zone (default the machine's): 23:30 UTC is the next day in Auckland", async (context) => {
    const { simplefin, ledgerEnv } = await bench(context);
    const late = Date.UTC(2026, 9, 29, 23, 30, 0) / 1000;
    for (const account of simplefin.accountSet.accounts as Array<Record<string, unknown>>)
      account['balance-date'] = late;
    const env = { SIMPLEFIN_ACCESS_URL: access(simplefin), ...ledgerEnv };
    const dates = async (args: string[], extra: Record<string, string> = {}) =>
      (
        JSON.parse(
          (await run(['simplefin', '--mapping', mapping, '--dry-run', '--json', ...args], { ...env, ...extra })).stdout,
        ) as Report
      ).rows.map((r) => r.date);
    // Dry runs, each its own process: at once.
    const [utc, auckland, aucklandMachine, losAngelesMachine, bad] = await Promise.all([
      dates(['--time-zone', 'UTC']),
      dates(['--time-zone', 'Pacific/Auckland']),
      dates([], { TZ: 'Pacific/Auckland' }),
      dates([], { TZ: 'America/Los_Angeles' }),
      run(['simplefin', '--time-zone', 'Mars/Olympus'], env),
    ]);
    expect(utc).toEqual(['2026-10-29', '2026-10-29']);
    expect(auckland).toEqual(['2026-10-30', '2026-10-30']);
    expect(aucklandMachine).toEqual(['2026-10-30', '2026-10-30']);
    expect(losAngelesMachine).toEqual(['2026-10-29', '2026-10-29']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--time-zone "Mars/Olympus" is not a time zone this machine knows');
  });

  it('skips, with the reason, a balance that is not a numeric string, a missing or absurd balance-date, another currency', async (context) => {
    const { simplefin, ledgerEnv } = await bench(context);
    const org = { domain: 'mybank.example', 'sfin-url': 'https://sfin.mybank.example' };
    const base = { org, name: 'Odd', currency: 'USD', balance: '1.00', 'balance-date': AT };
    simplefin.accountSet = {
      errors: [],
      accounts: [
        { ...base, id: 'ACT-checking-1', balance: 1520.35 },
        { ...base, id: 'ACT-card-2', balance: '1,520.35' },
        { ...base, id: 'no-date', 'balance-date': undefined },
        { ...base, id: 'ms-date', 'balance-date': AT * 1000 },
        { ...base, id: 'zero-date', 'balance-date': 0 },
        { ...base, id: 'points', currency: 'https://www.example.com/flight-miles' },
        { ...base, id: 'no-org', org: undefined },
        { ...base, id: 'ACT-checking-1', org: { domain: 'mybank.example' }, currency: 'EUR', name: 'Euro twin' },
        'not an account',
      ],
    };
    const env = { SIMPLEFIN_ACCESS_URL: access(simplefin), ...ledgerEnv };
    const [result, strict] = await Promise.all([
      run(['simplefin', '--mapping', mapping, '--time-zone', 'UTC', '--dry-run', '--json'], env),
      run(['simplefin', '--mapping', mapping, '--time-zone', 'UTC', '--dry-run', '--strict'], env),
    ]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.rows).toEqual([]);
    expect(report.skipped).toEqual([
      {
        source: 'simplefin:mybank.example/ACT-checking-1 (Odd)',
        reason: 'its "balance" is not a numeric string (number 1520.35)',
      },
      {
        source: 'simplefin:mybank.example/ACT-card-2 (Odd)',
        reason: 'its "balance" "1,520.35" is not a numeric string',
      },
      {
        source: 'simplefin:mybank.example/no-date (Odd)',
        reason: 'its "balance-date" is missing: the day of the balance is unknown',
      },
      {
        source: 'simplefin:mybank.example/ms-date (Odd)',
        reason: `its "balance-date" ${AT * 1000} is in the future (milliseconds, not seconds?): not a plausible date for a balance`,
      },
      {
        source: 'simplefin:mybank.example/zero-date (Odd)',
        reason: 'its "balance-date" 0 is before 2000-01-01: not a plausible date for a balance',
      },
      {
        source: 'simplefin:mybank.example/points (Odd)',
        reason:
          'its currency is a custom one (https://www.example.com/flight-miles: points, miles or the like), not money: not written',
      },
      {
        source: 'simplefin account #7 (Odd)',
        reason: 'it has no "org" (the organization it comes from), so it cannot be told apart from other accounts',
      },
      { source: 'simplefin account #9', reason: 'not an account object' },
      {
        source: 'simplefin:mybank.example/ACT-checking-1 (Euro twin)',
        reason: 'the balance is in EUR, but the mapping expects USD for "SimpleFIN checking"',
      },
    ]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      'Exiting with status 1 because --strict and 9 accounts were skipped (listed above).',
    );
  });

  it("shows the Account Set's errors sanitized (no escape sequence reaches the terminal), writes the rest, exits 1", async (context) => {
    const { simplefin, ledgerEnv } = await bench(context);
    simplefin.accountSet.errors = [
      'Connection to \u001b]0;pwned\u0007My Bank may need attention.\u001b[2J\u001b[31m Reauthenticate\r\n at the Bridge.\u0000',
    ];
    const env = { SIMPLEFIN_ACCESS_URL: access(simplefin), ...ledgerEnv };
    const result = await run(['simplefin', '--mapping', mapping, '--time-zone', 'UTC', '--dry-run', '--json'], env);
    expect(result.code).toBe(1);
    const shown = 'the server reports: Connection to My Bank may need attention. Reauthenticate at the Bridge.';
    expect((JSON.parse(result.stdout) as Report).refused).toEqual([
      { file: `SimpleFIN server ${new URL(simplefin.root).host}`, reason: shown },
    ]);
    expect(result.stderr).toContain(
      'The SimpleFIN server reports: Connection to My Bank may need attention. Reauthenticate at the Bridge.',
    );
    expect(result.stderr).toContain(
      'Exiting with status 1 because the SimpleFIN server reported 1 error (listed above).',
    );
    expect((JSON.parse(result.stdout) as Report).rows).toHaveLength(2);
    expect(result.stdout + result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it.for([
    [{ kind: 'payment-required' }, 'Error: the SimpleFIN server answered 402 Payment Required'],
    [
      { kind: 'raw', body: '<html>maintenance</html>' },
      'answered GET /accounts, but the answer is not JSON, so not an Account Set; nothing was written',
    ],
  ] as const)('%j: exit 1, saying what it means, nothing written', async ([mode, message], context) => {
    const { simplefin, ledgerEnv, writes } = await bench(context);
    simplefin.mode = mode;
    const result = await run(['simplefin', '--mapping', mapping], {
      SIMPLEFIN_ACCESS_URL: access(simplefin),
      ...ledgerEnv,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(writes()).toBe(0);
  });

  it('revoked access (403 on /accounts): exit 1, says access was revoked or the credentials are wrong', async (context) => {
    const { simplefin, ledgerEnv } = await bench(context);
    const url = access(simplefin);
    simplefin.revokeAll();
    const result = await run(['simplefin', '--mapping', mapping], { SIMPLEFIN_ACCESS_URL: url, ...ledgerEnv });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Error: the SimpleFIN server refused the credentials (403): access was revoked at the Bridge, or the Access URL is wrong.',
    );
  });

  it('a redirect to another host is refused: the other host is never called, the credentials never sent there', async (context) => {
    const { simplefin, ledgerEnv } = await bench(context);
    const other = await startFakeSimplefin();
    context.onTestFinished(() => other.close());
    simplefin.mode = { kind: 'redirect', location: `${other.otherOrigin}/simplefin/accounts?balances-only=1` };
    const result = await run(['simplefin', '--mapping', mapping], {
      SIMPLEFIN_ACCESS_URL: access(simplefin),
      ...ledgerEnv,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `the SimpleFIN server at ${new URL(simplefin.root).host} redirected to another host (${new URL(other.otherOrigin).host}): not followed, so your credentials were not sent there`,
    );
    expect(simplefin.journal).toHaveLength(1);
    expect(other.journal).toEqual([]);
  });

  it('a redirect on the same server is followed, with the credentials', async (context) => {
    const { simplefin, ledgerEnv } = await bench(context);
    simplefin.mode = { kind: 'redirect', location: '/simplefin/accounts?balances-only=1&followed=1' };
    const result = await run(['simplefin', '--mapping', mapping, '--dry-run', '--json'], {
      SIMPLEFIN_ACCESS_URL: access(simplefin),
      ...ledgerEnv,
    });
    // The fake redirects every time: the command follows a few hops, then stops.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('redirected more than 2 times: stopped');
    expect(simplefin.journal.map((r) => r.query.get('followed'))).toEqual([null, '1', '1']);
    expect(simplefin.journal.every((r) => r.authorization?.startsWith('Basic '))).toBe(true);
  });

  it('bounded: a 5xx is retried at most twice; a silent server times out (not retried); an endless answer is cut off', async (context) => {
    const { ledgerEnv } = await bench(context);
    // One fake per troubled server, the four runs at once: their waits (backoffs, the time-out) overlap.
    const servers = await Promise.all([1, 2, 3, 4].map(() => startFakeSimplefin(accountSet())));
    try {
      const [recovering, unavailable, silentServer, endlessServer] = servers as [
        FakeSimplefin,
        FakeSimplefin,
        FakeSimplefin,
        FakeSimplefin,
      ];
      recovering.mode = { kind: 'unavailable', times: 2 };
      unavailable.mode = { kind: 'unavailable', times: 10 };
      silentServer.mode = { kind: 'silent' };
      endlessServer.mode = { kind: 'endless' };
      const sync = (server: FakeSimplefin, extra: string[] = []) =>
        run(['simplefin', '--mapping', mapping, '--dry-run', ...extra], {
          SIMPLEFIN_ACCESS_URL: access(server),
          ...ledgerEnv,
        });
      const [recovered, down, silent, endless] = await Promise.all([
        sync(recovering),
        sync(unavailable),
        sync(silentServer, ['--timeout', '1']),
        sync(endlessServer),
      ]);

      expect(recovered.code).toBe(0);
      expect(recovering.journal).toHaveLength(3);

      expect([down.code, unavailable.journal.length]).toEqual([1, 3]);
      expect(down.stderr).toContain('answered GET /accounts with status 503');

      expect([silent.code, silentServer.journal.length]).toEqual([1, 1]);
      expect(silent.stderr).toContain('did not answer within 1 s');

      expect(endless.code).toBe(1);
      expect(endless.stderr).toContain('sent more than 16 MiB: stopped reading');
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('without --mapping: each account listed with the key to map it by, and a mapping to start from; nothing written', async (context) => {
    const { simplefin } = await bench(context);
    const result = await run(['simplefin', '--time-zone', 'UTC', '--demo', '--dry-run', '--json'], {
      SIMPLEFIN_ACCESS_URL: access(simplefin),
    });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.rows).toEqual([]);
    expect(report.skipped.map((s) => s.reason)).toEqual([
      'not in the mapping: add "simplefin:mybank.example/ACT-checking-1" to its "accounts" and pass it with --mapping',
      'not in the mapping: add "simplefin:mybank.example/ACT-card-2" to its "accounts" and pass it with --mapping',
      'not in the mapping: add "simplefin:otherbank.example/77" to its "accounts" and pass it with --mapping',
    ]);
    // The mapping printed is valid JSON with one entry per account, ready to edit.
    const printed = /a card is a liability\):\n([\s\S]*?\n {2}\})\n/.exec(result.stderr)![1]!;
    expect(Object.keys((JSON.parse(printed) as { accounts: object }).accounts)).toEqual([
      'simplefin:mybank.example/ACT-checking-1',
      'simplefin:mybank.example/ACT-card-2',
      'simplefin:otherbank.example/77',
    ]);
    expect(result.stderr).toContain('Summary: nothing was written (no --mapping).');
  });

  it('the Access URL: a file readable by others is warned about; a malformed or plain-HTTP one is refused (exit 2) and never shown', async (context) => {
    const { simplefin, ledgerEnv } = await bench(context);
    const url = access(simplefin);
    const open = await dir.file('access-open', url);
    await chmod(open, 0o644);
    const warned = await run(['simplefin', '--access-file', open, '--mapping', mapping, '--dry-run'], ledgerEnv);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain(
      `Warning: ${open} can be read by other users of this machine; it holds your SimpleFIN credentials: chmod 600 ${open}`,
    );

    const password = 'pwTopSecret0123456789';
    secrets.push(password);
    const malformed = [
      [`https://alice:${password}@bank example/simplefin`, 'SIMPLEFIN_ACCESS_URL does not hold a URL'],
      [
        `alice:${password}@bridge.example/simplefin`,
        'SIMPLEFIN_ACCESS_URL does not hold a URL: it does not start with https://',
      ],
      [
        `http://alice:${password}@bridge.example/simplefin`,
        'uses plain HTTP to bridge.example: SimpleFIN is spoken over HTTPS only',
      ],
      [`https://bridge.example/simplefin?p=${password}`, 'holds a URL without user:password@ credentials'],
      [`ftp://alice:${password}@bridge.example/`, 'is not an https:// URL'],
    ] as const;
    const missing = join(dir.path, 'no-such-access-file');
    // Every refusal at once, each its own process: none depends on another.
    const [asFile, notThere, none, onCommandLine, ...refused] = await Promise.all([
      run(['simplefin', `--access-file=${url}`, '--mapping', mapping], ledgerEnv),
      run(['simplefin', '--access-file', missing, '--mapping', mapping], ledgerEnv),
      run(['simplefin', '--mapping', mapping], ledgerEnv),
      run(['simplefin', url, '--mapping', mapping], ledgerEnv),
      ...malformed.map(([value]) =>
        run(['simplefin', '--mapping', mapping], { SIMPLEFIN_ACCESS_URL: value, ...ledgerEnv }),
      ),
    ]);
    malformed.forEach(([value, message], i) => {
      expect([refused[i]!.code, refused[i]!.stdout], value).toEqual([2, '']);
      expect(refused[i]!.stderr).toContain(message);
    });
    expect(asFile!.code).toBe(2);
    expect(asFile!.stderr).toContain(
      '--access-file takes the name of the file that holds the Access URL, not the URL itself (value not shown)',
    );
    expect([notThere!.code, notThere!.stdout]).toEqual([2, '']);
    expect(notThere!.stderr).toContain(`Error: cannot read --access-file ${missing}: no such file or folder (ENOENT)`);
    expect(none!.code).toBe(2);
    expect(none!.stderr).toContain('no SimpleFIN Access URL: pass --access-file <file>');
    expect(onCommandLine!.code).toBe(2);
    expect(onCommandLine!.stderr).toContain('ledger-sync simplefin takes no arguments (1 given, not shown)');
  });

  it('HTTPS: a certificate that cannot be verified is refused (not retried); the same server once its certificate is trusted works', async (context) => {
    const { ledgerEnv } = await bench(context);
    const tls = await startFakeSimplefin(accountSet(), { https: true });
    try {
      const url = tls.issueAccess();
      expect(url).toMatch(/^https:/);
      secrets.push(url, new URL(url).password);
      const env = { SIMPLEFIN_ACCESS_URL: url, ...ledgerEnv };
      const refused = await run(['simplefin', '--mapping', mapping, '--dry-run'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `Error: could not reach the SimpleFIN server at ${new URL(url).host}: its TLS certificate could not be verified (DEPTH_ZERO_SELF_SIGNED_CERT)`,
      );
      expect(tls.journal).toEqual([]);
      const trusted = await run(['simplefin', '--mapping', mapping, '--time-zone', 'UTC', '--dry-run', '--json'], {
        ...env,
        NODE_EXTRA_CA_CERTS: FAKE_SIMPLEFIN_CERT,
      });
      expect(trusted.code).toBe(0);
      expect((JSON.parse(trusted.stdout) as Report).rows.map((r) => r.account)).toEqual([
        'SimpleFIN checking',
        'SimpleFIN card',
      ]);
      expect(tls.journal.map((r) => r.path)).toEqual(['/simplefin/accounts']);
    } finally {
      await tls.close();
    }
  });

  it('an unreachable server: exit 1 naming the host, never the URL (after two retries); with --json, stdout is one JSON object saying so', async (context) => {
    const { ledgerEnv } = await bench(context);
    const closed = await startFakeSimplefin();
    const url = closed.issueAccess();
    secrets.push(url, new URL(url).password);
    await closed.close();
    const result = await run(['simplefin', '--mapping', mapping, '--json'], {
      SIMPLEFIN_ACCESS_URL: url,
      ...ledgerEnv,
    });
    expect(result.code).toBe(1);
    const message = `could not reach the SimpleFIN server at ${new URL(url).host}: ECONNREFUSED`;
    expect(result.stderr).toContain(`Error: ${message}`);
    expect(JSON.parse(result.stdout)).toEqual({ error: { message, exit_code: 1 } });
  });
});

// After every run above (a describe runs once the one before it has ended).
describe('ledger-sync simplefin, all runs', () => {
  it('no secret (token, Access URL, user, password, Authorization value) in any output, report or file but the access files', async () => {
    expect(await expectNoSecretShown(dir.path, (name) => name.startsWith('access'))).toBeGreaterThan(10);
    await writeFile(join(dir.path, 'checked'), 'done');
  });
});
