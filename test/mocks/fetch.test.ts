// mock.fetch: the fake's own fetch, with no msw and no interception, behaving like a network.
import { describe, expect, it } from 'vitest';
import { createLedgerClient, isNetworkError } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { checkResponse } from '../../reading/openapi-check';

const alex = { authorization: `Bearer ${DEMO_TOKENS.alex}` };

describe('mock.fetch', () => {
  it('is a fetch the client takes as is: reads, writes and errors answer as the service would', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
    expect(await ledger.me()).toEqual({
      user_id: DEMO_IDS.users.alex,
      household_id: DEMO_IDS.household,
      token_id: DEMO_IDS.tokens.alex,
    });
    const written = await ledger.snapshots.upsert({
      account_id: DEMO_IDS.accounts.everydayChecking,
      snapshot_date: '2026-11-20',
      balance: 5,
    });
    expect(written.action).toBe('inserted');
    await expect(ledger.accounts.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(mock.control.journal.entries().map((e) => [e.operationId, e.status])).toEqual([
      ['getMe', 200],
      ['upsertSnapshot', 201],
      ['getAccount', 404],
    ]);
  });

  it('takes (url, init) like fetch, and every answer matches openapi.json', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const url = `${mock.baseUrl}/api/public/v1/snapshots?account_id=${DEMO_IDS.accounts.everydayChecking}&from=2026-01-01`;
    const response = await mock.fetch(url, { headers: alex });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const bodyText = await response.text();
    expect(
      checkResponse({
        method: 'GET',
        url,
        baseUrl: mock.baseUrl,
        status: 200,
        contentType: 'application/json',
        bodyText,
        headers: response.headers,
      }),
    ).toEqual([]);
    expect(JSON.parse(bodyText).snapshots.length).toBeGreaterThan(0);

    const unauthorized = await mock.fetch(new URL(`${mock.baseUrl}/api/public/v1/me`));
    expect([unauthorized.status, unauthorized.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="ledger"']);
    const posted = await mock.fetch(`${mock.baseUrl}/api/public/v1/snapshots`, {
      method: 'POST',
      headers: alex,
      body: '{ nope',
    });
    expect([posted.status, ((await posted.json()) as { code: string }).code]).toEqual([400, 'invalid_json']);
  });

  it('serves a base URL with a path, and refuses any URL outside it with a TypeError naming it', async () => {
    const mock = createLedgerMock({ scenario: 'demo', baseUrl: 'http://127.0.0.1:9/ledger/' });
    expect(mock.baseUrl).toBe('http://127.0.0.1:9/ledger');
    expect((await mock.fetch(`${mock.baseUrl}/api/public/v1/me`, { headers: alex })).status).toBe(200);
    await expect(mock.fetch('http://127.0.0.1:9/api/public/v1/me', { headers: alex })).rejects.toThrow(
      new TypeError(
        'mock.fetch answers only requests under http://127.0.0.1:9/ledger, not GET http://127.0.0.1:9/api/public/v1/me',
      ),
    );
    await expect(mock.fetch('https://elsewhere.test/ledger/api/public/v1/me')).rejects.toThrow(TypeError);
    expect(mock.control.journal.entries()).toHaveLength(1);
  });

  it('answers a HEAD with the status and headers of its answer and no body, as a network does (ledger-mock too)', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const head = await mock.fetch(`${mock.baseUrl}/api/public/v1/me`, { method: 'HEAD', headers: alex });
    expect([head.status, head.headers.get('content-type'), head.body, await head.text()]).toEqual([
      404,
      'application/json',
      null,
      '',
    ]);
  });

  it('answers after a macrotask, never within the same run of microtasks', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    await mock.ready;
    const order: string[] = [];
    setImmediate(() => order.push('macrotask'));
    await mock.fetch(`${mock.baseUrl}/api/public/v1/openapi.json`).then(() => order.push('answer'));
    expect(order).toEqual(['macrotask', 'answer']);
  });

  it('honours signal: an aborted signal rejects at once with its reason; an abort mid-request rejects without waiting', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    const reason = new Error('not wanted');
    await expect(
      mock.fetch(`${mock.baseUrl}/api/public/v1/me`, { headers: alex, signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(mock.control.journal.entries()).toEqual([]); // never sent

    mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { latencyMs: 2000 } });
    await expect(
      mock.fetch(`${mock.baseUrl}/api/public/v1/me`, { headers: alex, signal: AbortSignal.timeout(50) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    // The fake journals a request when it answers it, 2 s late here: rejected before that, so without waiting.
    expect(mock.control.journal.entries()).toEqual([]);
  });

  it('an injected network error rejects like a dropped connection: TypeError, ECONNRESET, retried by the client', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { networkError: true } });
    const error = await mock.fetch(`${mock.baseUrl}/api/public/v1/me`, { headers: alex }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error & { cause: { code: string } }).cause.code).toBe('ECONNRESET');

    mock.control.faults.inject({ operation: 'getMe', times: 5, kind: { networkError: true } });
    const ledger = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: DEMO_TOKENS.alex,
      fetch: mock.fetch,
      retry: { maxRetries: 1, baseDelayMs: 1 },
    });
    const failed = await ledger.me().catch((e: unknown) => e);
    expect(isNetworkError(failed)).toBe(true);
    expect(failed).toMatchObject({ code: 'ECONNRESET', attempts: 2 });
  });

  it('mock.handlers on the msw-free fake says where the handlers went', () => {
    const mock = createLedgerMock();
    expect(() => (mock as unknown as { handlers: unknown }).handlers).toThrow(/personal-ledger-sdk\/mocks\/msw/);
  });
});
