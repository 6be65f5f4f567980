// `ledger-mock copy`: a copy of what a token sees, read from a ledger-mock (another process) through a recording
// proxy, written owner-only without the token; a second ledger-mock started from it answers every GET of that token
// as the service did; the service saw GET requests only; odd answers are reported and the copy goes on.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS, type Scenario } from 'personal-ledger-sdk/mocks';
import { jsonOf, startProxy, withJson, type Proxy as RecordingProxy } from '../parity/support';
import { runCli, within, type CliRun } from './support';

const TOKEN = DEMO_TOKENS.alex;
const API = '/api/public/v1';
const dir = mkdtempSync(join(tmpdir(), 'ledger-mock-copy-'));
const runs: CliRun[] = [];
let service: { url: string };
let proxy: RecordingProxy;

/** ledger-mock from source as another process, listening on a free port; its base URL. */
async function ledgerMock(args: string[]): Promise<string> {
  const run = runCli(['--port', '0', ...args]);
  runs.push(run);
  return /http:\/\/127\.0\.0\.1:\d+/.exec(await within(run.firstLine, 60_000, 'ledger-mock to listen'))![0];
}

/** `ledger-mock copy` with LEDGER_TOKEN, to its end. */
async function copy(args: string[], env: Record<string, string> = { LEDGER_TOKEN: TOKEN }) {
  const run = runCli(['copy', ...args], env);
  runs.push(run);
  const { code } = await within(run.exited, 60_000, 'ledger-mock copy to finish');
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** Every GET the token can make of a ledger: status and body of each, by request. */
async function everyGet(base: string, token: string): Promise<Record<string, unknown>> {
  const get = async (path: string) => {
    const response = await fetch(`${base}${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const answers: Record<string, unknown> = {};
  for (const path of ['/me', '/categories', '/accounts', '/snapshots']) answers[path] = await get(path);
  const accounts = (answers['/accounts'] as { body: { accounts: Array<{ id: string }> } }).body.accounts;
  const snapshots = (answers['/snapshots'] as { body: { snapshots: Array<{ id: string }> } }).body.snapshots;
  for (const { id } of accounts) {
    answers[`/accounts/${id}`] = await get(`/accounts/${id}`);
    answers[`/snapshots?account_id=${id}`] = await get(`/snapshots?account_id=${id}`);
    answers[`/snapshots?account_id=${id}&from=2026-03-01&to=2026-06-30`] = await get(
      `/snapshots?account_id=${id}&from=2026-03-01&to=2026-06-30`,
    );
  }
  for (const { id } of snapshots) answers[`/snapshots/${id}`] = await get(`/snapshots/${id}`);
  return answers;
}

beforeAll(async () => {
  service = { url: await ledgerMock([]) };
  proxy = await startProxy(service.url);
}, 90_000);
afterEach(() => {
  proxy.divergence = {};
  proxy.seen.length = 0;
});
afterAll(async () => {
  await proxy?.close();
  for (const run of runs) run.kill();
});

describe('ledger-mock copy', { timeout: 120_000 }, () => {
  it('copies what the token sees into an owner-only scenario; ledger-mock started from it answers every GET of the token as the service did', async () => {
    const out = join(dir, 'copy.json');
    const run = await copy(['--from', proxy.url, '--out', out, '--rate', '1000']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^ledger-mock copy: read 1\/4: GET \/api\/public\/v1\/me$/m);
    expect(run.stderr).toMatch(/^ledger-mock copy: read 10\/10: GET \/api\/public\/v1\/snapshots$/m);
    expect(run.stdout).toMatch(/^Copied 9 categories, 6 accounts and 72 snapshots in [\d.]+ s to /);
    expect(run.stdout).toContain(`Start it: npx ledger-mock --scenario ${out}`);
    expect(statSync(out).mode & 0o777).toBe(0o600);

    // The service saw GET requests only, each with the token, and nothing else.
    expect(proxy.seen.length).toBe(10);
    expect(proxy.seen.filter((e) => e.method !== 'GET' || e.headers.authorization !== `Bearer ${TOKEN}`)).toEqual([]);

    const text = readFileSync(out, 'utf8');
    for (const output of [text, run.stdout, run.stderr]) expect(output).not.toContain(TOKEN);
    const scenario = JSON.parse(text) as Scenario;
    expect(scenario.tokens).toMatchObject([{ id: DEMO_IDS.tokens.alex, user_id: DEMO_IDS.users.alex }]);
    const copyToken = scenario.tokens![0]!.value;
    expect(copyToken).toMatch(/^plk_[0-9A-Za-z]{40}$/);

    const copied = await ledgerMock(['--scenario', out]);
    expect(await everyGet(copied, copyToken)).toEqual(await everyGet(service.url, TOKEN));
    // The service's token means nothing to the copy.
    expect((await fetch(`${copied}${API}/me`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(401);
  });

  it('--from with the API prefix (.../api/public/v1) is the service, as for the client: the prefix is not sent twice', async () => {
    const out = join(dir, 'prefixed.json');
    const run = await copy(['--from', `${proxy.url}${API}`, '--out', out, '--rate', '1000']);
    expect(run.code, run.stderr).toBe(0);
    expect(
      proxy.seen.map((e) => e.path).filter((path) => !path.startsWith(`${API}/`) || path.startsWith(`${API}${API}`)),
    ).toEqual([]);
    expect(proxy.seen.length).toBe(10);
  });

  it('odd answers (an account listed twice, a snapshot of an account the listing did not show) are reported on stderr; the copy goes on', async () => {
    proxy.divergence = {
      response: (e, r) => {
        if (e.method !== 'GET' || r.status !== 200) return r;
        if (e.path === `${API}/accounts`) {
          const accounts = (jsonOf(r).accounts as Array<{ id: string; visibility: string }>).filter(
            (a) => a.id !== DEMO_IDS.accounts.brokerage,
          );
          return withJson(r, { accounts: [...accounts, { ...accounts[0]!, visibility: 'shared_read_only' }] });
        }
        return r;
      },
    };
    const out = join(dir, 'odd.json');
    const run = await copy(['--from', proxy.url, '--out', out, '--rate', '1000']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `ledger-mock copy: odd answer: listed-twice: GET ${API}/accounts: account ${DEMO_IDS.accounts.everydayChecking} is listed twice (positions 0 and 5), differing in visibility; the first (position 0) is used`,
    );
    expect(run.stderr).toMatch(
      new RegExp(
        `ledger-mock copy: odd answer: unlisted-account: GET ${API}/snapshots: \\d+ snapshot\\(s\\) of account ${DEMO_IDS.accounts.brokerage}, which the account listing does not hold .*; they are left out`,
      ),
    );
    expect(run.stdout).toMatch(/Copied 9 categories, 5 accounts and \d+ snapshots/);
    expect(run.stdout).toContain('2 odd answer(s) of the service, listed above');
    const scenario = JSON.parse(readFileSync(out, 'utf8')) as Scenario;
    expect(scenario.accounts!.filter((a) => a.id === DEMO_IDS.accounts.everydayChecking)).toMatchObject([
      { visibility: 'private' },
    ]);
    expect(scenario.snapshots!.some((s) => s.account_id === DEMO_IDS.accounts.brokerage)).toBe(false);
  });

  it('refuses to start, saying why (exit 2), or to go on without an identity (exit 1); nothing is written', async () => {
    const out = join(dir, 'refused.json');
    const cases: Array<[string[], Record<string, string>, number, RegExp]> = [
      [['--from', proxy.url, '--out', out], { LEDGER_TOKEN: '' }, 2, /a token is needed: set LEDGER_TOKEN/],
      [
        ['--from', 'http://192.0.2.1', '--out', out],
        { LEDGER_TOKEN: TOKEN },
        2,
        /plain http to another machine: the token would travel unencrypted/,
      ],
      [
        ['--from', proxy.url, '--out', out],
        { LEDGER_TOKEN: 'v1' },
        2,
        /^ledger-mock copy: LEDGER_TOKEN is 2 characters long, too short for an API token .*\(value not shown\)\n$/,
      ],
      [
        ['--from', proxy.url, '--out', out, '--rate', '-1'],
        { LEDGER_TOKEN: TOKEN },
        2,
        /^ledger-mock copy: --rate must be a number above 0, not "-1"\n$/,
      ],
      [
        ['--from', proxy.url],
        { LEDGER_TOKEN: TOKEN },
        2,
        /give --from <base url> and --out <file>\nRun npx ledger-mock copy --help for the options\.\n$/,
      ],
      [
        ['--from', proxy.url, '--out', '/nonexistent-copy/x.json'],
        { LEDGER_TOKEN: TOKEN },
        2,
        /the folder \/nonexistent-copy does not exist/,
      ],
      [
        ['--from', proxy.url, '--out', out],
        { LEDGER_TOKEN: `plk_${'Z'.repeat(40)}` },
        1,
        /cannot read what the token sees at .*: GET \/api\/public\/v1\/me answered 401 invalid_token/,
      ],
    ];
    const results = await Promise.all(cases.map(([args, env]) => copy(args, env)));
    cases.forEach(([args, , code, message], i) => {
      expect([results[i]!.code, results[i]!.stderr], args.join(' ')).toEqual([code, expect.stringMatching(message)]);
      expect(results[i]!.stderr + results[i]!.stdout).not.toContain(TOKEN);
    });
    expect(() => statSync(out)).toThrow(/ENOENT/);
  });
});
