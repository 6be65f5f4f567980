import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import document from '../../openapi.json' with { type: 'json' };
import { checkResponse } from '../../reading/openapi-check';
import { createTestMock } from '../support/test-mock';

const { call, control, checkedCount } = createTestMock({ scenario: 'demo', seed: 7 });
const alex = DEMO_TOKENS.alex;

const documentOperations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, { operationId?: string }>)
    .filter(([, op]) => typeof op === 'object' && op?.operationId)
    .map(([method, op]) => ({ path, method: method.toUpperCase(), operationId: op.operationId! })),
);

describe('the fake and openapi.json', () => {
  it('"GET /openapi.json ... Returns an OpenAPI 3.1 document": the project\'s own openapi.json', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(document);
  });

  it('every operation of openapi.json has a handler (none answers route_not_found)', async () => {
    const snapshotId = (await control.listSnapshots({ accountId: DEMO_IDS.accounts.everydayChecking }))[0]!.id;
    for (const op of documentOperations) {
      const id = op.path.includes('snapshots') ? snapshotId : DEMO_IDS.accounts.everydayChecking;
      const path = op.path.replace('/api/public/v1', '').replace('{id}', id);
      const res = await call(op.method, path, {
        token: alex,
        body: ['POST', 'PATCH'].includes(op.method) ? {} : undefined,
      });
      expect(res.body?.code, `${op.method} ${path}`).not.toBe('route_not_found');
      expect(control.journal.entries().at(-1)!.operationId).toBe(op.operationId);
    }
  });

  it('"No such operation (unknown path or method)" is 404 route_not_found (spec-gaps 17)', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['DELETE', '/accounts'],
      ['PUT', '/me'],
      ['POST', `/snapshots/${DEMO_IDS.accounts.brokerage}`],
      ['DELETE', `/accounts/${DEMO_IDS.accounts.brokerage}`],
      ['GET', '/v2/accounts'],
    ] as const) {
      const res = await call(method, path, { token: alex });
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([404, 'route_not_found']);
    }
  });

  it('every response the fake answers in these tests is checked against openapi.json', async () => {
    const before = checkedCount();
    await call('GET', '/me', { token: alex });
    await call('GET', '/me');
    // MSW reports a response after the client has it, and the check reads its body: waited for, not assumed done.
    await vi.waitFor(() => expect(checkedCount() - before).toBe(2), { timeout: 15_000, interval: 5 });
  });

  it('the checker catches a response that breaks the document', () => {
    const base = {
      method: 'GET',
      url: 'https://ledger.test/api/public/v1/me',
      baseUrl: 'https://ledger.test',
      contentType: 'application/json',
      headers: new Headers(),
    };
    expect(checkResponse({ ...base, status: 200, bodyText: '{"user_id":"u"}' })).not.toEqual([]);
    expect(checkResponse({ ...base, status: 418, bodyText: '{"error":"x"}' })).toEqual([]); // `default` covers any status, as an Error...
    expect(checkResponse({ ...base, status: 418, bodyText: '{"code":"x"}' })).not.toEqual([]); // ...which needs `error`
    expect(
      checkResponse({
        ...base,
        status: 200,
        contentType: 'text/plain',
        bodyText: '{"user_id":"u","household_id":"h","token_id":"t"}',
      }),
    ).not.toEqual([]);
  });

  it('the checker reports a response without a header openapi.json marks required', () => {
    const base = {
      method: 'GET',
      url: 'https://ledger.test/api/public/v1/me',
      baseUrl: 'https://ledger.test',
      contentType: 'application/json',
    };
    const error = (code: string) => JSON.stringify({ error: 'x', code });
    const without = (status: number, code: string) =>
      checkResponse({ ...base, status, bodyText: error(code), headers: new Headers() });
    expect(without(401, 'invalid_token')).toEqual([
      'GET https://ledger.test/api/public/v1/me -> 401: required header WWW-Authenticate is missing',
    ]);
    expect(without(429, 'rate_limited')).toEqual([
      'GET https://ledger.test/api/public/v1/me -> 429: required header Retry-After is missing',
    ]);
    expect(without(503, 'unavailable')).toEqual([
      'GET https://ledger.test/api/public/v1/me -> 503: required header Retry-After is missing',
    ]);
    expect(without(500, 'internal_error')).toEqual([]); // the `default` response requires no header
    const withHeaders = new Headers({ 'www-authenticate': 'Bearer realm="ledger"', 'retry-after': '1' });
    for (const [status, code] of [
      [401, 'invalid_token'],
      [429, 'rate_limited'],
      [503, 'unavailable'],
    ] as const) {
      expect(checkResponse({ ...base, status, bodyText: error(code), headers: withHeaders })).toEqual([]);
    }
  });

  it('every 401 carries WWW-Authenticate and every 429 and 503 Retry-After, injected faults included (Retry-After: 1 when the fault names none, spec-gaps 21)', async () => {
    const unauthenticated = await call('GET', '/me');
    expect([unauthenticated.status, unauthenticated.headers.get('www-authenticate')]).toEqual([
      401,
      'Bearer realm="ledger"',
    ]);
    for (const status of [429, 503]) {
      control.faults.inject({ operation: 'getMe', times: 1, kind: { status } });
      const res = await call('GET', '/me', { token: alex });
      expect([res.status, res.headers.get('retry-after')]).toEqual([status, '1']);
      control.faults.inject({ operation: 'getMe', times: 1, kind: { afterApply: { status } } });
      const lost = await call('GET', '/me', { token: alex });
      expect([lost.status, lost.headers.get('retry-after')]).toEqual([status, '1']);
    }
    control.faults.inject({ operation: 'listAccounts', times: 1, kind: { status: 429, retryAfter: 7 } });
    expect((await call('GET', '/accounts', { token: alex })).headers.get('retry-after')).toBe('7');
    control.faults.inject({
      operation: 'getMe',
      times: 1,
      kind: { status: 401, body: { error: 'Missing bearer token', code: 'missing_token' } },
    });
    const injected = await call('GET', '/me', { token: alex });
    expect([injected.status, injected.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="ledger"']);
  });

  it('"No input ever yields a 5xx": a broad sweep of operations, tokens, ids, queries and bodies', async () => {
    const narrow = await control.createToken({ userId: DEMO_IDS.users.sam, scopes: ['ledger:read'] });
    const snapshotIds = (await control.listSnapshots()).slice(0, 5).map((s) => s.id);
    const accountIds = Object.values(DEMO_IDS.accounts);
    const anyId = fc.oneof(fc.constantFrom(...accountIds, ...snapshotIds), fc.uuid(), fc.string());
    const date = fc.oneof(
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2024-02-29', '2023-02-29', '2024-13-01', '', '2024-1-1'),
      fc.string(),
    );
    const balance = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constant(-0),
      fc.string(),
      fc.constant(null),
    );
    const row = fc.record(
      {
        account_id: fc.oneof(fc.constantFrom(...accountIds), fc.uuid(), fc.string()),
        snapshot_date: date,
        balance,
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.anything(),
      row,
      fc.record({ snapshots: fc.array(fc.oneof(row, fc.anything()), { maxLength: 30 }) }, { requiredKeys: [] }),
      fc.record(
        {
          name: fc.string({ maxLength: 130 }),
          category_id: fc.oneof(fc.constantFrom(...Object.values(DEMO_IDS.categories)), fc.uuid(), fc.string()),
          institution_name: fc.string({ maxLength: 130 }),
          visibility: fc.constantFrom('private', 'shared_read_only', 'shared_full_access', 'public'),
          lifecycle_status: fc.constantFrom('active', 'archived', 'deleted'),
          liquidity_tier: fc.constantFrom('auto', 'cash', 'debt', 'liquid'),
          auto_carry_forward: fc.oneof(fc.boolean(), fc.string()),
          balance,
          snapshot_date: date,
        },
        { requiredKeys: [] },
      ),
    );
    const token = fc.constantFrom(alex, DEMO_TOKENS.sam, narrow.value, undefined, 'plk_short', `plk_${'Z'.repeat(40)}`);
    const query = fc.record({ account_id: fc.option(anyId), from: fc.option(date), to: fc.option(date) }).map((q) =>
      Object.entries(q)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
        .join('&'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...documentOperations),
        token,
        anyId,
        query,
        body,
        fc.boolean(),
        async (op, t, id, q, b, raw) => {
          const path =
            op.path.replace('/api/public/v1', '').replace('{id}', encodeURIComponent(id)) + (q ? `?${q}` : '');
          const sends = ['POST', 'PATCH'].includes(op.method);
          const payload = sends ? (raw ? (JSON.stringify(b) ?? 'undefined') : (b ?? null)) : undefined;
          const res = await call(op.method, path, { token: t, body: payload });
          expect(res.status, `${op.method} ${path}`).toBeLessThan(500);
        },
      ),
      { numRuns: 400, seed: 20261101 },
    );
    expect(control.journal.internalErrors()).toEqual([]);
  });
});
