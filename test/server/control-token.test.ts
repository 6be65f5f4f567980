// The control surface is not open to the network: off loopback /__mock takes a control token (generated at start,
// or given), refusals are 401 and change nothing, and on loopback nothing changes. Every server here binds a
// loopback address; the non-loopback policy is forced onto one (assumeNonLoopback), never reached by binding.
import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type LedgerMockServerOptions } from 'personal-ledger-sdk/mocks/node';
import { decideControlAccess, isLoopbackAddress } from '../../mocks/control-http/control-token';
import { caller } from './state-support';
import { serversForThisFile, within, type CliRun } from './support';

const servers = serversForThisFile();

async function start(options: LedgerMockServerOptions = {}) {
  const { server, listening } = await servers.serve(options);
  return { server, listening, call: caller(listening.url) };
}

const GIVEN = 'control-token-for-tests-0123456789';

describe('/__mock and the control token', () => {
  it.each([
    ['127.0.0.1', /^http:\/\/127\.0\.0\.1:\d+$/],
    ['127.0.0.2', /^http:\/\/127\.0\.0\.2:\d+$/],
    ['::1', /^http:\/\/\[::1\]:\d+$/],
  ])('on loopback (%s) nothing changes: /__mock needs no token', async (host, url) => {
    const { listening, call } = await start({ host });
    expect(listening.url).toMatch(url);
    expect(listening.controlToken).toBeUndefined();
    expect((await call('POST', '/__mock/users', { name: 'Kim' })).status).toBe(201);
    expect((await call('GET', '/__mock')).status).toBe(200);
  });

  it('off loopback a control token is generated and required; without it 401 control_token_required, a wrong one 401 invalid_control_token', async () => {
    const { listening, call } = await start({ assumeNonLoopback: true });
    expect(listening.controlToken).toMatch(/^lmc_[A-Za-z0-9_-]{32}$/);
    const other = await start({ assumeNonLoopback: true });
    expect(other.listening.controlToken).not.toBe(listening.controlToken);

    const missing = await call('GET', '/__mock/users');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      error: expect.stringContaining('X-Ledger-Mock-Control'),
      code: 'control_token_required',
    });
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="ledger-mock-control"');
    const wrong = await call('GET', '/__mock/users', undefined, undefined, {
      'x-ledger-mock-control': `${listening.controlToken}x`,
    });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_control_token']);
    expect((await call('GET', '/__mock', undefined, other.listening.controlToken)).body.code).toBe(
      'invalid_control_token',
    );

    expect(
      (await call('GET', '/__mock/users', undefined, undefined, { 'x-ledger-mock-control': listening.controlToken! }))
        .status,
    ).toBe(200);
    expect((await call('GET', '/__mock/users', undefined, listening.controlToken)).status).toBe(200); // Authorization: Bearer
  });

  it('a refused control call changes nothing, and its body is not even read', async () => {
    const { server, listening, call } = await start({ controlToken: GIVEN });
    const made = await call('POST', '/__mock/users', { name: 'Made with the token' }, GIVEN);
    expect(made.status).toBe(201);
    const before = await server.mock.control.dump();

    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/__mock/reset'],
      ['POST', '/__mock/scenario', { name: 'empty' }],
      ['POST', '/__mock/users', { name: 'Intruder' }],
      ['POST', '/__mock/tokens', { user_id: DEMO_IDS.users.alex }],
      ['PUT', `/__mock/households/${DEMO_IDS.household}/plan`, { plan: 'lapsed' }],
      ['PUT', '/__mock/clock', { now: '2030-01-01T00:00:00Z' }],
      ['POST', '/__mock/faults', { network_error: true }],
      ['DELETE', '/__mock/journal'],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body)).body.code).toBe('control_token_required');
      expect((await call(method, path, body, 'not-the-control-token-at-all')).body.code).toBe('invalid_control_token');
    }
    const malformed = await fetch(`${listening.url}/__mock/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{ not json',
    });
    expect(malformed.status).toBe(401); // refused before the body is parsed (a 400 would mean it was read)

    expect(await server.mock.control.dump()).toEqual(before);
    expect(server.mock.control.faults.list()).toEqual([]);
    expect(server.mock.control.clock.now().toISOString()).toBe('2026-11-01T09:00:00.000Z');
  });

  it('a controlToken given turns the check on even on loopback; openControl turns it off even off loopback', async () => {
    const given = await start({ controlToken: GIVEN });
    expect(given.listening.controlToken).toBe(GIVEN);
    expect((await given.call('GET', '/__mock/users')).status).toBe(401);
    expect((await given.call('GET', '/__mock/users', undefined, GIVEN)).status).toBe(200);

    const open = await start({ assumeNonLoopback: true, openControl: true });
    expect(open.listening.controlToken).toBeUndefined();
    expect((await open.call('POST', '/__mock/users', { name: 'Kim' })).status).toBe(201);

    expect(() => createLedgerMockServer({ controlToken: 'short' })).toThrow(
      'controlToken must be at least 16 characters',
    );
  });

  it("the API's own token rules are untouched: the control token opens no API call, and an API token opens no /__mock call", async () => {
    const { listening, call } = await start({ assumeNonLoopback: true });
    expect((await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex)).body).toMatchObject({
      user_id: DEMO_IDS.users.alex,
    });
    const withControl = await call('GET', '/api/public/v1/me', undefined, listening.controlToken);
    expect([withControl.status, withControl.body.code]).toEqual([401, 'invalid_token']);
    expect((await call('GET', '/api/public/v1/me')).body.code).toBe('missing_token');
    // The control header on an API call changes nothing either.
    const both = await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex, {
      'x-ledger-mock-control': listening.controlToken!,
    });
    expect(both.status).toBe(200);
    expect((await call('GET', '/__mock/users', undefined, DEMO_TOKENS.alex)).body.code).toBe('invalid_control_token');
  });

  it('loopback is 127.0.0.0/8, ::1 and IPv4-mapped 127.x; anything else is not', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.1', '128.0.0.1', 'fe80::1'])
      expect(isLoopbackAddress(address)).toBe(false);
    expect(decideControlAccess({}, '0.0.0.0')).toEqual({ token: expect.stringMatching(/^lmc_/), generated: true });
    expect(decideControlAccess({}, '::')).toMatchObject({ generated: true });
    expect(decideControlAccess({}, '127.0.0.1')).toEqual({ generated: false });
    expect(decideControlAccess({ controlToken: GIVEN }, '127.0.0.1')).toEqual({ token: GIVEN, generated: false });
    expect(decideControlAccess({ openControl: true }, '0.0.0.0')).toEqual({ generated: false });
  });
});

describe.concurrent('ledger-mock and the control token', { timeout: 90_000 }, () => {
  const banner = async (run: CliRun) => {
    await within(
      (async () => {
        while (!run.stdout().includes('Ctrl-C')) await new Promise((r) => setTimeout(r, 20));
      })(),
      45_000,
      'the banner',
    );
    return run.stdout();
  };

  it('off loopback it prints a generated control token in its banner (stdout) and requires it', async () => {
    const run = servers.cli(['--port', '0'], { LEDGER_MOCK_ASSUME_NON_LOOPBACK: '1' });
    const text = await banner(run);
    const token = /Control token: (lmc_\S+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    const url = /^ledger-mock listening on (\S+)$/m.exec(text)![1]!;
    const call = caller(url);
    expect((await call('GET', '/__mock/users')).body.code).toBe('control_token_required');
    expect((await call('GET', '/__mock/users', undefined, undefined, { 'x-ledger-mock-control': token! })).status).toBe(
      200,
    );
    run.child.kill('SIGTERM');
    expect((await within(run.exited, 15_000, 'exit')).code).toBe(0);
  });

  it('--control-token: /__mock refuses calls without it, and the banner does not repeat it', async () => {
    const run = servers.cli(['--port', '0', '--control-token', GIVEN]);
    const text = await banner(run);
    expect(text).toContain('Control token: the one given with --control-token');
    expect(text).not.toContain(GIVEN);
    const call = caller(/^ledger-mock listening on (\S+)$/m.exec(text)![1]!);
    expect((await call('POST', '/__mock/reset')).status).toBe(401);
    expect((await call('POST', '/__mock/reset', undefined, GIVEN)).status).toBe(200);
    run.child.kill('SIGTERM');
    expect((await within(run.exited, 15_000, 'exit')).code).toBe(0);
  });

  it('--open-control off loopback: no control token', async () => {
    const run = servers.cli(['--port', '0', '--open-control'], { LEDGER_MOCK_ASSUME_NON_LOOPBACK: '1' });
    const text = await banner(run);
    expect(text).not.toContain('Control token');
    expect((await caller(/^ledger-mock listening on (\S+)$/m.exec(text)![1]!)('GET', '/__mock/users')).status).toBe(
      200,
    );
    run.child.kill('SIGTERM');
    expect((await within(run.exited, 15_000, 'exit')).code).toBe(0);
  });

  it.each([
    [['--control-token', 'short'], /--control-token must be at least 16 characters/],
    [['--control-token', GIVEN, '--open-control'], /give --control-token or --open-control, not both/],
  ])('bad usage %j exits 2', async (args, message) => {
    const run = servers.cli(args);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(2);
    expect(run.stderr()).toMatch(message);
  });

  it('--help documents the control token', async () => {
    const run = servers.cli(['--help']);
    expect((await within(run.exited, 45_000, 'exit')).code).toBe(0);
    const help = run.stdout().replace(/\s+/g, ' ');
    expect(help).toContain(
      '--control-token-file <f> Require the token in file <f> (its first line) on every /__mock request',
    );
    expect(help).toContain('Or set LEDGER_MOCK_CONTROL_TOKEN in the environment.');
    expect(help).toContain(
      '--control-token <t> The same with the token itself; the arguments of a process are visible to every user of the machine (ps)',
    );
    expect(help).toContain('--open-control Leave /__mock open on any address');
    expect(help).toContain(
      'On any other address (--host 0.0.0.0 in a container or on a shared machine) it requires a control token: generated and printed at start, or given (a given one is never printed)',
    );
  });
});
