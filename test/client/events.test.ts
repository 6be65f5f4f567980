// Client events through the real path: the client against the fake's own fetch (mock.fetch), and once against
// ledger-mock over HTTP on 127.0.0.1 for the sizes a real server sends.
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ClientOptionsError,
  createLedgerClient,
  REDACTED,
  type ClientEventName,
  type ClientEvents,
  type ClientLogger,
  type FetchLike,
  type LedgerClientOptions,
} from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';

const mock = createLedgerMock({ scenario: 'demo', seed: 'events' });
const TOKEN = DEMO_TOKENS.alex;
const ACCOUNT = DEMO_IDS.accounts.everydayChecking;
afterEach(() => mock.control.reset());

type Seen = { [E in ClientEventName]: { name: E; event: ClientEvents[E] } }[ClientEventName];

/** A client over mock.fetch that records every event, in order. */
function recorded(options: Partial<LedgerClientOptions> = {}) {
  const seen: Seen[] = [];
  const on = {
    request: (event: ClientEvents['request']) => void seen.push({ name: 'request', event }),
    response: (event: ClientEvents['response']) => void seen.push({ name: 'response', event }),
    retry: (event: ClientEvents['retry']) => void seen.push({ name: 'retry', event }),
    error: (event: ClientEvents['error']) => void seen.push({ name: 'error', event }),
  };
  const client = createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch: mock.fetch, on, ...options });
  return { client, seen, names: () => seen.map((s) => s.name) };
}

const everything = (value: unknown) =>
  [JSON.stringify(value), inspect(value, { depth: 10, showHidden: true })].join('\n');

describe('the events of one call', () => {
  it('"request" then "response", both with the method, the route template, the path and the attempt', async () => {
    const { client, seen, names } = recorded();
    await client.accounts.get(ACCOUNT);
    expect(names()).toEqual(['request', 'response']);
    const common = {
      callId: 1,
      method: 'GET',
      route: '/api/public/v1/accounts/{id}',
      path: `/api/public/v1/accounts/${ACCOUNT}`,
      attempt: 1,
    };
    expect(seen[0]!.event).toMatchObject(common);
    expect(seen[1]!.event).toMatchObject({ ...common, status: 200, final: true });
  });

  it('"response" carries the duration of the attempt, the headers, and no body unless eventBodies', async () => {
    const { client, seen } = recorded();
    await client.me();
    const response = seen[1]!.event as ClientEvents['response'];
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
    expect(response.durationMs).toBeLessThan(10_000);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect('body' in response).toBe(false);
    expect('body' in seen[0]!.event).toBe(false);
  });

  it('the path keeps the query; the route never has ids or a query', async () => {
    const { client, seen } = recorded();
    await client.snapshots.list({ account_id: ACCOUNT, from: '2024-01-01' });
    expect(seen[0]!.event).toMatchObject({
      route: '/api/public/v1/snapshots',
      path: `/api/public/v1/snapshots?account_id=${ACCOUNT}&from=2024-01-01`,
    });
  });

  it('the raw typed methods emit the same events as the helpers', async () => {
    const { client, names, seen } = recorded();
    await client.GET('/api/public/v1/accounts/{id}', { params: { path: { id: ACCOUNT } } });
    expect(names()).toEqual(['request', 'response']);
    expect(seen[1]!.event).toMatchObject({ route: '/api/public/v1/accounts/{id}', status: 200 });
  });

  it('requestBytes is the UTF-8 size of the JSON sent; a request without a body has none', async () => {
    const { client, seen } = recorded();
    const body = { name: 'Café ☕ savings', category_id: DEMO_IDS.categories.cash };
    await client.accounts.create(body);
    await client.me();
    expect(seen[0]!.event).toMatchObject({
      method: 'POST',
      requestBytes: new TextEncoder().encode(JSON.stringify(body)).byteLength,
    });
    expect(new TextEncoder().encode(JSON.stringify(body)).byteLength).toBeGreaterThan(JSON.stringify(body).length); // not the character count
    expect(seen[2]!.event).toMatchObject({ method: 'GET', requestBytes: undefined });
  });

  it('callId is the same for every event of one call and differs between calls', async () => {
    const { client, seen } = recorded();
    await Promise.all([client.me(), client.categories.list()]);
    const ids = seen.map((s) => s.event.callId);
    expect(new Set(ids)).toEqual(new Set([1, 2]));
    for (const id of [1, 2])
      expect(seen.filter((s) => s.event.callId === id).map((s) => s.name)).toEqual(['request', 'response']);
  });

  it('a 4xx is a final "response" (the helper then throws its error)', async () => {
    const { client, seen, names } = recorded();
    await expect(client.accounts.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
    expect(names()).toEqual(['request', 'response']);
    expect(seen[1]!.event).toMatchObject({ status: 404, final: true });
  });
});

describe('the request id header', () => {
  /** mock.fetch, with `headers` added to every answer. */
  const withHeaders =
    (headers: Record<string, string>): FetchLike =>
    async (request, init) => {
      const answer = await mock.fetch(request, init);
      const all = new Headers(answer.headers);
      for (const [name, value] of Object.entries(headers)) all.set(name, value);
      return new Response(answer.body, { status: answer.status, headers: all });
    };

  it.each([
    [{ 'x-request-id': 'req_1' }, 'req_1'],
    [{ 'request-id': 'req_2' }, 'req_2'],
    [{ 'x-correlation-id': 'corr_3' }, 'corr_3'],
    [{ 'request-id': 'second', 'x-request-id': 'first' }, 'first'],
    [{}, undefined],
  ])('response headers %o give requestId %s', async (headers, expected) => {
    const { client, seen } = recorded({ fetch: withHeaders(headers) });
    await client.me();
    expect((seen[1]!.event as ClientEvents['response']).requestId).toBe(expected);
  });
});

describe('bodies, only on opt-in, and the token never', () => {
  it('with eventBodies, "request" carries the body given and "response" the parsed body', async () => {
    const { client, seen } = recorded({ eventBodies: true });
    const body = { account_id: ACCOUNT, snapshot_date: '2024-02-29', balance: 12.5 };
    const result = await client.snapshots.upsert(body);
    expect(seen[0]!.event).toMatchObject({ body });
    expect(seen[1]!.event).toMatchObject({ status: 201, body: result });
  });

  it('the token is in no event: not in Authorization, not in a header that carries it, not in a body that echoes it', async () => {
    const { client, seen } = recorded({ eventBodies: true, headers: { 'X-Echo': `token=${TOKEN}` } });
    const created = await client.accounts.create({ name: `Note ${TOKEN}`, category_id: DEMO_IDS.categories.cash });
    expect(created.name).toContain(TOKEN); // the fake echoed it back: the event must not
    await expect(client.accounts.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
    const request = seen[0]!.event as ClientEvents['request'];
    expect(request.headers.authorization).toBe(REDACTED);
    expect(request.headers['x-echo']).toBe(`token=${REDACTED}`);
    expect((seen[1]!.event as ClientEvents['response']).body).toMatchObject({ name: `Note ${REDACTED}` });
    expect(seen).toHaveLength(4);
    expect(everything(seen)).not.toContain(TOKEN);
  });
});

describe('listeners', () => {
  it('client.on adds a listener and returns the function that removes it', async () => {
    const client = createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch: mock.fetch });
    const statuses: number[] = [];
    const off = client.on('response', (e) => statuses.push(e.status));
    await client.me();
    off();
    await client.me();
    expect(statuses).toEqual([200]);
  });

  it('a listener that throws does not break the call; the error goes to log.error', async () => {
    const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies ClientLogger;
    const boom = new Error('listener bug');
    const client = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: TOKEN,
      fetch: mock.fetch,
      log,
      on: {
        request: () => {
          throw boom;
        },
      },
    });
    const after = vi.fn();
    client.on('request', after);
    await expect(client.me()).resolves.toMatchObject({ user_id: DEMO_IDS.users.alex });
    expect(log.error).toHaveBeenCalledWith('personal-ledger-sdk: a "request" listener threw; the call went on', boom);
    expect(after).toHaveBeenCalledTimes(1); // the listeners after it still ran
  });

  it('without a log, a throwing listener is reported with console.error, and the call still succeeds', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = createLedgerClient({
        baseUrl: mock.baseUrl,
        token: TOKEN,
        fetch: mock.fetch,
        on: {
          response: () => {
            throw new Error('bug');
          },
        },
      });
      await expect(client.me()).resolves.toBeDefined();
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(consoleError.mock.calls[0]![0]).toBe('personal-ledger-sdk: a "response" listener threw; the call went on');
    } finally {
      consoleError.mockRestore();
    }
  });

  it('a call that starts while nothing listens emits nothing, even if a listener is added during it', async () => {
    const client = createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch: mock.fetch });
    const names: string[] = [];
    const call = client.me();
    client.on('response', () => names.push('response'));
    await call;
    expect(names).toEqual([]);
    await client.me();
    expect(names).toEqual(['response']);
  });

  it('an unknown event or a listener that is not a function is refused, in the options and in client.on', () => {
    const base = { baseUrl: mock.baseUrl, token: TOKEN };
    expect(() => createLedgerClient({ ...base, on: { reponse: () => undefined } as never })).toThrow(
      ClientOptionsError,
    );
    expect(() => createLedgerClient({ ...base, on: { reponse: () => undefined } as never })).toThrow(
      '`on`: "reponse" is not an event; the events are request, response, retry, error',
    );
    expect(() => createLedgerClient({ ...base, on: { response: 'log' } as never })).toThrow(
      'the "response" listener must be a function',
    );
    expect(() => createLedgerClient({ ...base, log: { debug: () => undefined } as never })).toThrow(
      '`log` must be a console-like object',
    );
    expect(() => createLedgerClient({ ...base, eventBodies: 'yes' as never })).toThrow(
      '`eventBodies` must be true or false',
    );
    const client = createLedgerClient(base);
    expect(() => client.on('retries' as never, () => undefined)).toThrow(TypeError);
  });
});

describe('over HTTP: ledger-mock on 127.0.0.1 with the global fetch', () => {
  const server = createLedgerMockServer({ scenario: 'demo' });
  let running: RunningLedgerMockServer;
  beforeAll(async () => {
    running = await server.listen();
  });
  afterAll(() => running.close());

  it('responseBytes is the Content-Length the server sent', async () => {
    const seen: ClientEvents['response'][] = [];
    const client = createLedgerClient({ baseUrl: running.url, token: TOKEN, on: { response: (e) => seen.push(e) } });
    const me = await client.me();
    expect(seen[0]!.responseBytes).toBe(new TextEncoder().encode(JSON.stringify(me)).byteLength);
  });
});
