// The control token off the command line: from a file (--control-token-file) or the environment
// (LEDGER_MOCK_CONTROL_TOKEN), since the arguments of a process are visible to every user (ps); --control-token still
// works. A given token is never printed. An empty header never hides a valid token in the other one. And an
// environment the runtime refuses to read (Deno without --allow-env) is not reported as a broken scenario.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { rawRequest } from './state-support';
import { ROOT, runCli, within, type CliRun } from './support';

const TOKEN = 'lmc_file-or-env-token-for-tests-0123';
const dir = mkdtempSync(join(tmpdir(), 'ledger-mock-token-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, 0o600);
  return path;
};

const runs: CliRun[] = [];
afterAll(() =>
  runs.forEach((run) => {
    run.kill();
  }),
);
function cli(args: string[], env: Record<string, string> = {}) {
  const run = runCli(args, env);
  runs.push(run);
  return run;
}

/** Starts the command and answers /__mock/clock without a token, with the token, and with a wrong one. */
async function statuses(run: CliRun) {
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(await within(run.firstLine, 45_000, 'the first line'))![0];
  const get = async (headers: Record<string, string>) =>
    (await rawRequest(url, 'GET', '/__mock/clock', { headers })).status;
  const answers = {
    without: await get({}),
    with: await get({ 'x-ledger-mock-control': TOKEN }),
    wrong: await get({ 'x-ledger-mock-control': `${TOKEN}x` }),
  };
  await within(
    (async () => {
      while (!run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
    })(),
    15_000,
    'the banner',
  );
  return answers;
}

// Side by side: each test has a process and files of its own.
describe.concurrent('ledger-mock takes the control token from a file or the environment, and never prints it', {
  timeout: 90_000,
}, () => {
  it.each([
    [
      '--control-token-file (its first line; the line break is not part of it)',
      ['--control-token-file', file('token', `${TOKEN}\n`)],
      {},
      /--control-token-file .*token/,
    ],
    ['LEDGER_MOCK_CONTROL_TOKEN', [], { LEDGER_MOCK_CONTROL_TOKEN: TOKEN }, /LEDGER_MOCK_CONTROL_TOKEN/],
    ['--control-token (still taken)', ['--control-token', TOKEN], {}, /--control-token/],
  ])('%s: /__mock needs it, on loopback too', async (_name, args, env, source) => {
    const run = cli(['--port', '0', ...args], env);
    expect(await statuses(run)).toEqual({ without: 401, with: 200, wrong: 401 });
    const banner = run.stdout();
    expect(banner).toMatch(new RegExp(`Control token: the one given with ${source.source}`));
    expect(banner).not.toContain(TOKEN);
    expect(run.stderr()).not.toContain(TOKEN);
  });

  it('--control-token-file wins over LEDGER_MOCK_CONTROL_TOKEN', async () => {
    const run = cli(['--port', '0', '--control-token-file', file('winner', TOKEN)], {
      LEDGER_MOCK_CONTROL_TOKEN: 'lmc_the-environment-loses-0123456',
    });
    expect(await statuses(run)).toEqual({ without: 401, with: 200, wrong: 401 });
  });

  it.each([
    [
      'a missing file',
      () => ['--control-token-file', join(dir, 'missing')],
      {},
      /^ledger-mock: cannot read --control-token-file .*missing: ENOENT/,
    ],
    [
      'a token too short in the file',
      () => ['--control-token-file', file('short', 'lmc_short\n')],
      {},
      /the control token of --control-token-file .*short must be at least 16 characters/,
    ],
    [
      'a token too short in the environment',
      () => [],
      { LEDGER_MOCK_CONTROL_TOKEN: 'lmc_short' },
      /the control token of LEDGER_MOCK_CONTROL_TOKEN must be at least 16 characters/,
    ],
    [
      'the file and the argument',
      () => ['--control-token-file', file('both', TOKEN), '--control-token', TOKEN],
      {},
      /give --control-token-file or --control-token, not both/,
    ],
    [
      'the environment and --open-control',
      () => ['--open-control'],
      { LEDGER_MOCK_CONTROL_TOKEN: TOKEN },
      /give LEDGER_MOCK_CONTROL_TOKEN or --open-control, not both/,
    ],
  ])('%s exits 2, saying why without the token', async (_name, args, env, message) => {
    const run = cli(['--port', '0', ...args()], env);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(2);
    expect(run.stderr()).toMatch(message);
    expect(run.stderr()).not.toContain('lmc_short');
    expect(run.stderr()).not.toContain(TOKEN);
  });

  it('an environment it may not read (Deno without --allow-env) starts as if unset, says so, and blames no scenario', async () => {
    const run = cli(['--port', '0'], {
      NODE_OPTIONS: `--import ${join(ROOT, 'test/server/deny-env.mjs')}`,
      LEDGER_MOCK_CONTROL_TOKEN: TOKEN,
    });
    expect(await statuses(run)).toEqual({ without: 200, with: 200, wrong: 200 }); // loopback, no token: open, as without the variable
    expect(run.stderr()).toContain(
      'ledger-mock: warning: cannot read the environment variable LEDGER_MOCK_CONTROL_TOKEN (Requires env access to "LEDGER_MOCK_CONTROL_TOKEN"',
    );
    expect(run.stderr()).not.toMatch(/scenario/);
  });
});

describe('an empty control header never hides a valid token in the other one', () => {
  const running: RunningLedgerMockServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });

  it('X-Ledger-Mock-Control empty or wrong with a valid Bearer, and the other way round, are let through; both empty is 401 control_token_required', async () => {
    const listening = await createLedgerMockServer({ scenario: 'demo', controlToken: TOKEN }).listen();
    running.push(listening);
    const status = async (headers: Record<string, string>) => {
      const answer = await rawRequest(listening.url, 'GET', '/__mock/clock', { headers });
      return [answer.status, answer.body.code];
    };
    expect(await status({ 'x-ledger-mock-control': '', authorization: `Bearer ${TOKEN}` })).toEqual([200, undefined]);
    expect(
      await status({ 'x-ledger-mock-control': 'not-the-token-at-all-0123', authorization: `Bearer ${TOKEN}` }),
    ).toEqual([200, undefined]);
    expect(await status({ 'x-ledger-mock-control': TOKEN, authorization: 'Bearer ' })).toEqual([200, undefined]);
    expect(
      await status({ 'x-ledger-mock-control': TOKEN, authorization: 'Bearer plk_an-api-token-of-someone' }),
    ).toEqual([200, undefined]);
    expect(await status({ 'x-ledger-mock-control': '', authorization: 'Bearer ' })).toEqual([
      401,
      'control_token_required',
    ]);
    expect(await status({ 'x-ledger-mock-control': ' ', authorization: 'Bearer wrong-token-0123456789' })).toEqual([
      401,
      'invalid_control_token',
    ]);
  });
});
