import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { runCli, within, type CliRun } from './support';

const runs: CliRun[] = [];
const cli = (args: string[]) => {
  const run = runCli(args);
  runs.push(run);
  return run;
};
afterAll(() =>
  runs.forEach((run) => {
    run.kill();
  }),
);

const dir = mkdtempSync(join(tmpdir(), 'ledger-mock-cli-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const LISTENING = /^ledger-mock listening on (http:\/\/127\.0\.0\.1:(\d+))$/;

// Each run starts node with tsx (2-3 s idle, far more on a busy machine): generous bounds.
describe.concurrent('ledger-mock command', { timeout: 90_000 }, () => {
  it('starts on a free port with --port 0, prints the URL first, then the demo tokens and a curl example; SIGTERM exits 0', async () => {
    const run = cli(['--port', '0']);
    const [, url, port] = LISTENING.exec(await within(run.firstLine, 45_000, 'the first line'))!;
    expect(Number(port)).toBeGreaterThan(0);
    await within(
      (async () => {
        while (!run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
      })(),
      15_000,
      'the banner',
    );
    expect(run.stdout()).toContain(DEMO_TOKENS.alex);
    expect(run.stdout()).toContain(DEMO_TOKENS.sam);
    expect(run.stdout()).toContain(`curl -H "Authorization: Bearer ${DEMO_TOKENS.alex}" ${url}/api/public/v1/me`);

    const me = await fetch(`${url}/api/public/v1/me`, { headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user_id: DEMO_IDS.users.alex, household_id: DEMO_IDS.household });

    run.child.kill('SIGTERM');
    expect(await within(run.exited, 15_000, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('loads --scenario path.json and lists its tokens', async () => {
    const value = `plk_${'A'.repeat(40)}`;
    const path = file(
      'custom.json',
      JSON.stringify({
        households: [{ id: 'h1', plan: 'household' }],
        users: [{ id: 'u1', name: 'Robin', household_id: 'h1' }],
        tokens: [{ id: 't1', user_id: 'u1', value }],
      }),
    );
    const run = cli(['--port', '0', '--scenario', path]);
    const [, url] = LISTENING.exec(await within(run.firstLine, 45_000, 'the first line'))!;
    const me = await fetch(`${url}/api/public/v1/me`, { headers: { authorization: `Bearer ${value}` } });
    expect(await me.json()).toMatchObject({ user_id: 'u1', household_id: 'h1', token_id: 't1' });
    expect(run.stdout()).toMatch(new RegExp(`Robin +${value}`));
    run.child.kill('SIGTERM');
    expect((await within(run.exited, 15_000, 'exit')).code).toBe(0);
  });

  it('--scenario empty --base-url-print prints only the URL; SIGINT exits 0', async () => {
    const run = cli(['--port', '0', '--scenario', 'empty', '--base-url-print']);
    const url = await within(run.firstLine, 45_000, 'the URL');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const users = await fetch(`${url}/__mock/users`);
    expect(await users.json()).toEqual([]);
    run.child.kill('SIGINT');
    expect(await within(run.exited, 15_000, 'exit after SIGINT')).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toBe(`${url}\n`);
  });

  it('--help prints the usage and exits 0', async () => {
    const run = cli(['--help']);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(0);
    expect(run.stdout()).toContain('Usage: ledger-mock [options]');
    expect(run.stdout()).toContain('--allow-remote-webhooks');
  });

  it.each([
    [['--nope'], /Unknown option '--nope'[\s\S]*\nRun npx ledger-mock --help for the options\.\n$/],
    [['--port', 'abc'], /--port must be a number from 0 to 65535, not "abc"/],
    [['--port', '-1'], /^ledger-mock: --port must be a number from 0 to 65535, not "-1"\n$/],
    [['extra'], /positional argument/],
  ])('bad usage %j exits 2 with a clear message', async (args, message) => {
    const run = cli(args);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(2);
    expect(run.stderr()).toMatch(message);
    expect(run.stderr()).toMatch(/^ledger-mock: /);
  });

  it.each([
    [
      'a missing file',
      () => join(dir, 'missing.json'),
      /--scenario .*missing\.json: no such file, and not a shipped scenario: the shipped ones are demo, empty; or give the path of a scenario JSON file\n$/,
    ],
    [
      'a name not shipped',
      () => 'nope',
      /^ledger-mock: --scenario nope: no such file, and not a shipped scenario: the shipped ones are demo, empty; or give the path/,
    ],
    [
      'a shipped name misspelt',
      () => 'Demo',
      /^ledger-mock: --scenario Demo: no such file, and not a shipped scenario \(did you mean demo\?\): the shipped ones are demo, empty/,
    ],
    [
      'a file that is not JSON',
      () => file('broken.json', '{ "households": ['),
      /scenario file .*broken\.json is not JSON/,
    ],
    [
      'an unknown key',
      () => file('typo.json', '{ "househods": [] }'),
      /scenario .*typo\.json was refused: Invalid scenario: \(root\): Unrecognized key: "househods"/,
    ],
    [
      'a dangling reference',
      () => file('dangling.json', '{ "users": [{ "id": "u1", "household_id": "nope" }] }'),
      /scenario .*dangling\.json was refused: No household nope/,
    ],
  ])('a bad scenario file (%s) exits 1 with a clear message', async (_name, path, message) => {
    const run = cli(['--port', '0', '--scenario', path()]);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(1);
    expect(run.stderr()).toMatch(message);
  });

  it('a port in use exits 1 and says so', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const run = cli(['--port', String(port)]);
      expect((await within(run.exited, 45_000, 'exit')).code).toBe(1);
      expect(run.stderr()).toContain(`port ${port} on 127.0.0.1 is in use`);
    } finally {
      blocker.close();
    }
  });
});
