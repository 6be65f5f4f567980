// /__mock is served by one front door for every way in: mock.fetch and the MSW handler answer it as ledger-mock
// answers it over HTTP. The control token is the server's: in process there is none (only code holding the fake
// can reach it).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { createLedgerMock as createMswMock } from 'personal-ledger-sdk/mocks/msw';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { caller, stateDir, type Answer } from './state-support';

/** Calls /__mock (or the API) through `fetch` at `url`, JSON in and out: the same calls whatever answers them. */
function callerThrough(fetch: typeof globalThis.fetch, url: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.startsWith('application/json');
    return { status: res.status, headers: res.headers, body: json ? JSON.parse(text) : text };
  };
}

const PINNED = { scenario: 'demo', seed: 'control-in-process', now: '2026-11-01T09:00:00Z' } as const;

describe('/__mock through mock.fetch', () => {
  const mock = createLedgerMock(PINNED);
  const call = callerThrough(mock.fetch, mock.baseUrl);

  it('writes: a scenario load empties the state, a fault injected over /__mock hits the next API call', async () => {
    const loaded = await call('POST', '/__mock/scenario', { name: 'empty' });
    expect([loaded.status, loaded.body]).toEqual([200, { ok: true, scenario: 'empty' }]);
    const state = await call('GET', '/__mock/state');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ households: [], users: [], accounts: [], snapshots: [] });
    expect(await mock.control.listUsers()).toEqual([]); // the same fake that mock.control sees

    expect((await call('POST', '/__mock/scenario', { name: 'demo' })).status).toBe(200);
    const injected = await call('POST', '/__mock/faults', { operation: 'getMe', status: 503, times: 1 });
    expect(injected).toMatchObject({ status: 201, body: { id: expect.stringMatching(/^fault_\d+$/) } });
    expect(mock.control.faults.list()).toEqual([
      expect.objectContaining({ id: injected.body.id, operation: 'getMe', kind: { status: 503 } }),
    ]);

    const ledger = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: DEMO_TOKENS.alex,
      fetch: mock.fetch,
      retry: false,
    });
    await expect(ledger.me()).rejects.toMatchObject({ status: 503, code: 'unavailable' });
    await expect(ledger.me()).resolves.toMatchObject({ user_id: DEMO_IDS.users.alex });
    const journal = await call('GET', '/__mock/journal');
    expect(journal.body.map((e: { fault: string | null; status: number }) => [e.status, e.fault])).toEqual([
      [503, 'status 503'],
      [200, null],
    ]);
  });

  it('reads: GET /__mock lists the routes, and a refusal is an answer, as over HTTP', async () => {
    const listed = await call('GET', '/__mock');
    expect(listed.body.routes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/__mock/faults' }));
    expect((await call('GET', '/__mock/nope')).body.code).toBe('route_not_found');
    expect((await call('POST', '/__mock/faults', { status: 200 })).body.code).toBe('invalid_fault');
  });

  it('the API is answered as before beside it: /__mock only claims its own paths', async () => {
    expect((await call('GET', '/__mockery')).body.code).toBe('route_not_found'); // not a control path: the API's 404
    const journal = mock.control.journal.entries();
    expect(journal.at(-1)).toMatchObject({ path: '/__mockery', operationId: null, code: 'route_not_found' });
  });
});

describe('/__mock through mock.fetch answers as ledger-mock does over HTTP', () => {
  const inProcess: LedgerMock = createLedgerMock(PINNED);
  const server = createLedgerMockServer(PINNED);
  let running: RunningLedgerMockServer | undefined;
  beforeAll(async () => {
    running = await server.listen();
  });
  afterAll(() => running?.close());

  it.each<[string, string, string, unknown?]>([
    ['the route list', 'GET', '/__mock'],
    [
      'a user created (seeded ids: the same on both)',
      'POST',
      '/__mock/users',
      { name: 'Kim', household_id: DEMO_IDS.household },
    ],
    ['the whole state', 'GET', '/__mock/state'],
    [
      'a token created (its value, from the same seed)',
      'POST',
      '/__mock/tokens',
      { user_id: DEMO_IDS.users.sam, name: 'ci' },
    ],
    ['the clock set', 'PUT', '/__mock/clock', { now: '2027-01-01T00:00:00Z' }],
    [
      'a fault injected, then listed',
      'POST',
      '/__mock/faults',
      { operation: 'listAccounts', status: 429, retry_after: 3, times: 2 },
    ],
    ['the faults', 'GET', '/__mock/faults'],
    ['a malformed fault', 'POST', '/__mock/faults', { operation: 'listAcounts', latency_ms: -1 }],
    ['a body that is not JSON', 'POST', '/__mock/users', '{ nope'],
    ['a body against the schema', 'POST', '/__mock/users', { name: 7 }],
    ['an unknown control route', 'GET', '/__mock/nope'],
    ['a method the route does not have', 'DELETE', '/__mock/state'],
    ['an unknown token', 'POST', '/__mock/tokens/tok_nope/revoke'],
    ['the text of the journal', 'GET', '/__mock/explain?last=3'],
  ])('%s: %s %s', async (_name, method, path, body) => {
    const viaHttp = await callerThrough(globalThis.fetch, running!.url)(method, path, body);
    const viaFetch = await callerThrough(inProcess.fetch, inProcess.baseUrl)(method, path, body);
    expect(viaFetch.status).toBe(viaHttp.status);
    expect(viaFetch.headers.get('content-type')).toBe(viaHttp.headers.get('content-type'));
    expect(viaFetch.headers.get('allow')).toBe(viaHttp.headers.get('allow'));
    expect(viaFetch.body).toEqual(viaHttp.body);
  });
});

describe('/__mock through the MSW handler', () => {
  const mock = createMswMock({ scenario: 'demo', seed: 'control-msw' });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  const call = callerThrough((input, init) => globalThis.fetch(input, init), mock.baseUrl);

  it('global fetch to ${baseUrl}/__mock is answered by the fake: a write, then a read', async () => {
    expect((await call('POST', '/__mock/scenario', { name: 'empty' })).body).toEqual({ ok: true, scenario: 'empty' });
    expect((await call('POST', '/__mock/households', { name: 'Solo', plan: 'household' })).status).toBe(201);
    const state = await call('GET', '/__mock/state');
    expect(state.body.households).toEqual([expect.objectContaining({ name: 'Solo', plan: 'household' })]);
    expect(await mock.control.listHouseholds()).toEqual(state.body.households);
  });
});

describe('the control token is the server’s: in process there is none', () => {
  const GIVEN = 'control-token-for-tests-0123456789';

  it('a ledger-mock with a control token refuses /__mock without it; the same fake’s mock.fetch needs none', async () => {
    const server = createLedgerMockServer({ scenario: 'demo', controlToken: GIVEN });
    const running = await server.listen();
    try {
      const overHttp = caller(running.url);
      expect((await overHttp('POST', '/__mock/users', { name: 'Kim' })).body.code).toBe('control_token_required');
      expect((await overHttp('POST', '/__mock/users', { name: 'Kim' }, GIVEN)).status).toBe(201);
      const inProcess = callerThrough(server.mock.fetch, server.mock.baseUrl);
      expect((await inProcess('POST', '/__mock/users', { name: 'Lee' })).status).toBe(201);
      expect((await server.mock.control.listUsers()).map((user) => user.name)).toEqual(
        expect.arrayContaining(['Kim', 'Lee']),
      );
    } finally {
      await running.close();
    }
  });

  it('with --state, a reset through the fake’s own mock.fetch names the state file it rewrote, as over HTTP', async () => {
    const dir = stateDir();
    const server = createLedgerMockServer({ scenario: 'demo', state: dir.path() });
    const running = await server.listen();
    try {
      const overHttp = await caller(running.url)('POST', '/__mock/reset');
      const inProcess = await callerThrough(server.mock.fetch, server.mock.baseUrl)('POST', '/__mock/reset');
      expect(overHttp.body).toEqual({ ok: true, state_file: { path: dir.path(), reset: true } });
      expect(inProcess.body).toEqual(overHttp.body);
    } finally {
      await running.close();
      dir.cleanup();
    }
  });
});
