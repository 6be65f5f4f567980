import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { demoServerForThisFile } from './support';

const { url } = demoServerForThisFile();

/** Calls the control surface (or, with a path under /api, the API) and parses the JSON answer. */
async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${url()}${path}`, {
    method,
    headers: {
      ...(body !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}), // as /__mock requires of a change
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any };
}

describe('control surface /__mock over HTTP', () => {
  it('GET /__mock lists every route', async () => {
    const { status, body } = await call('GET', '/__mock');
    expect(status).toBe(200);
    expect(body.routes.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /__mock/tokens',
        'POST /__mock/faults',
        'GET /__mock/state',
        'PUT /__mock/clock',
        'GET /__mock/events',
      ]),
    );
  });

  it('token round trip: create (value once) -> use -> revoke -> 401 token_revoked; listed without the value', async () => {
    const created = await call('POST', '/__mock/tokens', { user_id: DEMO_IDS.users.sam, name: 'ci' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      value: expect.stringMatching(/^plk_[0-9A-Za-z]{40}$/),
      prefix: created.body.value.slice(0, 8),
    });
    const me = await call('GET', '/api/public/v1/me', undefined, created.body.value);
    expect(me.body).toMatchObject({ user_id: DEMO_IDS.users.sam, token_id: created.body.id });

    const revoked = await call('POST', `/__mock/tokens/${created.body.id}/revoke`);
    expect(revoked.body).toMatchObject({ id: created.body.id, status: 'revoked' });
    const refused = await call('GET', '/api/public/v1/me', undefined, created.body.value);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('token_revoked');

    const list = await call('GET', '/__mock/tokens');
    expect(JSON.stringify(list.body)).not.toContain(created.body.value);
    expect(list.body.find((t: { id: string }) => t.id === created.body.id)).toMatchObject({
      status: 'revoked',
      prefix: created.body.prefix,
    });
  });

  it('expire a token -> 401 token_expired; scopes limit the token -> 403', async () => {
    const readOnly = await call('POST', '/__mock/tokens', { user_id: DEMO_IDS.users.alex, scopes: ['ledger:read'] });
    const write = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance: 1 },
      readOnly.body.value,
    );
    expect([write.status, write.body.code]).toEqual([403, 'insufficient_scope']);
    await call('POST', `/__mock/tokens/${readOnly.body.id}/expire`);
    expect((await call('GET', '/api/public/v1/me', undefined, readOnly.body.value)).body.code).toBe('token_expired');
  });

  it('faults: inject a 503 -> 503 with that body; list; clear; 429 with Retry-After', async () => {
    const injected = await call('POST', '/__mock/faults', { operation: 'getMe', status: 503, body: { nope: 1 } });
    expect(injected.status).toBe(201);
    const hit = await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex);
    expect([hit.status, hit.body]).toEqual([503, { nope: 1 }]);
    expect((await call('GET', '/__mock/faults')).body).toEqual([
      expect.objectContaining({ id: injected.body.id, operation: 'getMe' }),
    ]);
    await call('DELETE', `/__mock/faults/${injected.body.id}`);
    expect((await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex)).status).toBe(200);

    await call('POST', '/__mock/faults', { status: 429, retry_after: 2, times: 1 });
    const limited = await call('GET', '/api/public/v1/accounts', undefined, DEMO_TOKENS.alex);
    expect([limited.status, limited.headers.get('retry-after'), limited.body.code]).toEqual([429, '2', 'rate_limited']);
    expect((await call('GET', '/__mock/faults')).body).toEqual([]);

    await call('POST', '/__mock/faults', { latency_ms: 1 });
    await call('DELETE', '/__mock/faults');
    expect((await call('GET', '/__mock/faults')).body).toEqual([]);
  });

  it.each([
    [
      'an unknown operation, naming the near miss',
      { operation: 'listAcounts', status: 500 },
      /operation: "listAcounts" is not an operation of openapi\.json \(did you mean listAccounts\?\)/,
    ],
    ['no kind', {}, /\(fault\): give exactly one kind of: latency_ms, status .*; none was given/],
    ['a status that is not a failure', { status: 204 }, /status: must be a 4xx or 5xx status/],
    ['a status that is not HTTP', { status: 99 }, /status: must be a 4xx or 5xx status/],
    ['a negative latency', { latency_ms: -5 }, /latency_ms: must be a number of milliseconds within 0\.\.60000/],
    ['a rate over 1', { status: 500, rate: 2 }, /rate: must be a number within 0\.\.1/],
    ['a field spelled as in code', { status: 429, retryAfter: 2 }, /retryAfter: is not a field of a fault/],
    [
      'an after_apply spelled as in code',
      { after_apply: 'networkError' },
      /after_apply: must be "network_error" or a status fault/,
    ],
  ])(
    'POST /__mock/faults refuses %s with 400 invalid_fault (the same check as faults.inject), and nothing is injected',
    async (_name, body, message) => {
      const res = await call('POST', '/__mock/faults', body);
      expect([res.status, res.body.code]).toEqual([400, 'invalid_fault']);
      expect(res.body.error).toMatch(message);
      expect((await call('GET', '/__mock/faults')).body).toEqual([]);
    },
  );

  it('GET /__mock/state dumps the state with no token values or hashes', async () => {
    await call('POST', '/__mock/tokens', { user_id: DEMO_IDS.users.alex });
    const { status, body } = await call('GET', '/__mock/state');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([
      'now',
      'households',
      'users',
      'categories',
      'accounts',
      'tokens',
      'webhooks',
      'snapshots',
      'events',
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/plk_[0-9A-Za-z]{40}/);
    expect(text).not.toContain('"hash"');
    expect(body.tokens).toHaveLength(3);
  });

  it('households, plans, users, moves, categories, accounts and snapshot seeds', async () => {
    const household = await call('POST', '/__mock/households', { name: 'Solo', plan: 'household' });
    expect(household.status).toBe(201);
    const user = await call('POST', '/__mock/users', { name: 'Kim', household_id: household.body.id });
    const category = await call('POST', '/__mock/categories', { name: 'Savings', user_id: user.body.id });
    const account = await call('POST', '/__mock/accounts', {
      user_id: user.body.id,
      name: 'Pot',
      category_id: category.body.id,
    });
    expect(account.body).toMatchObject({ owner_user_id: user.body.id, visibility: 'private', liquidity_tier: 'auto' });
    const patched = await call('PATCH', `/__mock/accounts/${account.body.id}`, { auto_carry_forward: true });
    expect(patched.body.auto_carry_forward).toBe(true);
    const seeded = await call('POST', '/__mock/snapshots/seed', {
      snapshots: [{ account_id: account.body.id, snapshot_date: '2026-10-31', balance: 5 }],
    });
    expect(seeded.body).toEqual({ inserted: 1, updated: 0 });
    const carried = await call('POST', '/__mock/carry-forward', { date: '2026-11-01' });
    expect(carried.body.snapshots).toContainEqual(
      expect.objectContaining({ account_id: account.body.id, balance: 5, is_estimated: true }),
    );
    const listed = await call('GET', `/__mock/snapshots?account_id=${account.body.id}&from=2026-11-01`);
    expect(listed.body).toHaveLength(1);

    const token = await call('POST', '/__mock/tokens', { user_id: user.body.id });
    const shared = await call(
      'POST',
      '/api/public/v1/accounts',
      { name: 'Joint', category_id: category.body.id, visibility: 'shared_read_only' },
      token.body.value,
    );
    expect([shared.status, shared.body.code]).toEqual([402, 'sharing_not_in_plan']);
    await call('PUT', `/__mock/households/${household.body.id}/plan`, { plan: 'lapsed' });
    expect((await call('GET', '/api/public/v1/me', undefined, token.body.value)).body.code).toBe('plan_required');

    const moved = await call('POST', `/__mock/users/${user.body.id}/move`, { household_id: null });
    expect(moved.body.household_id).not.toBe(household.body.id);
    const households = await call('GET', '/__mock/households');
    expect(households.body.find((h: { id: string }) => h.id === moved.body.household_id).plan).toBe('free');
    const refused = await call('POST', '/__mock/tokens', { user_id: user.body.id });
    expect([refused.status, refused.body.code]).toEqual([402, 'plan_required']);
  });

  it('clock: get, set, advance; frozen says whether it stands still', async () => {
    expect((await call('GET', '/__mock/clock')).body).toEqual({ now: '2026-11-01T09:00:00.000Z', frozen: true });
    expect((await call('PUT', '/__mock/clock', { now: '2026-12-01T00:00:00Z' })).body).toEqual({
      now: '2026-12-01T00:00:00.000Z',
      frozen: true,
    });
    expect((await call('POST', '/__mock/clock/advance', { days: 1, ms: 1000 })).body).toEqual({
      now: '2026-12-02T00:00:01.000Z',
      frozen: true,
    });
  });

  it('clock: PUT {frozen: false} lets it run on, {frozen: true} stops it, {now, frozen} does both; GET answers what PUT takes', async () => {
    const running = await call('PUT', '/__mock/clock', { frozen: false });
    expect(running.body).toMatchObject({ frozen: false });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const ran = Date.parse((await call('GET', '/__mock/clock')).body.now) - Date.parse(running.body.now);
    expect(ran).toBeGreaterThanOrEqual(25);
    expect((await call('PUT', '/__mock/clock', { now: '2030-01-01T00:00:00Z' })).body.frozen).toBe(false); // now alone keeps the mode
    expect((await call('PUT', '/__mock/clock', { now: '2030-01-01T00:00:00Z', frozen: true })).body).toEqual({
      now: '2030-01-01T00:00:00.000Z',
      frozen: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const read = (await call('GET', '/__mock/clock')).body;
    expect(read).toEqual({ now: '2030-01-01T00:00:00.000Z', frozen: true });
    expect((await call('PUT', '/__mock/clock', read)).body).toEqual(read);
    expect((await call('PUT', '/__mock/clock', {})).status).toBe(422);
  });

  it('scenario load: a shipped one by name, or a scenario object; reset goes back to the starting one', async () => {
    expect((await call('POST', '/__mock/scenario', { name: 'empty' })).status).toBe(200);
    expect((await call('GET', '/__mock/users')).body).toEqual([]);
    const loaded = await call('POST', '/__mock/scenario', {
      households: [{ id: 'h', plan: 'household' }],
      users: [{ id: 'u', household_id: 'h' }],
    });
    expect(loaded.status).toBe(200);
    expect((await call('GET', '/__mock/users')).body.map((u: { id: string }) => u.id)).toEqual(['u']);
    await call('POST', '/__mock/reset');
    expect((await call('GET', '/__mock/users')).body).toHaveLength(2);
  });

  it('scenario load: {"name":"dmeo"} is refused (400 unknown_scenario, listing the shipped names) and changes nothing; so is one that cannot load whole', async () => {
    const refused = await call('POST', '/__mock/scenario', { name: 'dmeo' });
    expect([refused.status, refused.body.code]).toEqual([400, 'unknown_scenario']);
    expect(refused.body.error).toMatch(/did you mean demo\?.*demo, empty/);
    expect((await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex)).status).toBe(200);
    const dangling = await call('POST', '/__mock/scenario', { users: [{ id: 'u1', household_id: 'nope' }] });
    expect([dangling.status, dangling.body.code]).toEqual([400, 'invalid_scenario']);
    expect((await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex)).status).toBe(200);
    expect((await call('GET', '/__mock/users')).body).toHaveLength(2);
    await call('POST', '/__mock/scenario', { name: 'empty' });
    expect((await call('POST', '/__mock/scenario', { name: 'demo' })).body).toEqual({ ok: true, scenario: 'demo' });
    expect((await call('GET', '/__mock/users')).body).toHaveLength(2);
  });

  it('scenario load: an empty body (curl -d @file when the file cannot be read) is refused 400 and changes nothing; {} loads the empty state as in code', async () => {
    for (const body of [undefined, '', ' \n']) {
      const refused = await call('POST', '/__mock/scenario', body);
      expect([refused.status, refused.body.code]).toEqual([400, 'invalid_scenario']);
      expect(refused.body.error).toMatch(/body is empty, so nothing was changed.*\{"name":"empty"\}/);
      expect((await call('GET', '/__mock/users')).body).toHaveLength(2);
    }
    expect((await call('POST', '/__mock/scenario', {})).status).toBe(200);
    expect((await call('GET', '/__mock/users')).body).toEqual([]);
  });

  it('journal and events can be read and cleared', async () => {
    await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex);
    expect((await call('GET', '/__mock/journal')).body).toEqual([
      expect.objectContaining({ operation_id: 'getMe', status: 200, token_id: DEMO_IDS.tokens.alex }),
    ]);
    expect((await call('DELETE', '/__mock/journal')).status).toBe(200);
    expect((await call('GET', '/__mock/journal')).body).toEqual([]);
    expect((await call('DELETE', '/__mock/events')).status).toBe(200);
  });

  it.each([
    ['bad JSON', 'POST', '/__mock/tokens', '{ nope', 400, 'invalid_json'],
    ['an unknown key', 'POST', '/__mock/tokens', { user_id: DEMO_IDS.users.alex, scope: [] }, 422, 'validation_failed'],
    ['a missing field', 'POST', '/__mock/webhooks', {}, 422, 'validation_failed'],
    ['two fault kinds', 'POST', '/__mock/faults', { status: 503, latency_ms: 5 }, 400, 'invalid_fault'],
    ['a bad plan', 'PUT', `/__mock/households/${DEMO_IDS.household}/plan`, { plan: 'gold' }, 422, 'validation_failed'],
    ['an unknown user', 'POST', '/__mock/tokens', { user_id: 'nobody' }, 404, 'not_found'],
    ['an unknown token', 'POST', '/__mock/tokens/nope/revoke', undefined, 404, 'not_found'],
    ['an unknown fault', 'DELETE', '/__mock/faults/fault_99', undefined, 404, 'not_found'],
    ['an invalid scenario', 'POST', '/__mock/scenario', { househods: [] }, 400, 'invalid_scenario'],
    ['a bad date', 'GET', '/__mock/snapshots?from=2026-02-30', undefined, 400, 'invalid_date'],
    ['an unknown route', 'GET', '/__mock/nope', undefined, 404, 'route_not_found'],
    ['a wrong method', 'DELETE', '/__mock/state', undefined, 405, 'method_not_allowed'],
  ])('refuses %s with a clear JSON error', async (_name, method, path, body, status, code) => {
    const res = await call(method, path, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, error: expect.any(String) });
    expect(res.body.error.length).toBeGreaterThan(10);
  });
});
