// One vocabulary on /__mock: snake_case everywhere, and what the surface returns is what it accepts.
// Each test GETs records, empties the fake, POSTs them back as they came, and GETs the same records again.
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from 'personal-ledger-sdk/mocks';
import { demoServerForThisFile } from './support';
import demo from '../../mocks/scenarios/demo.json' with { type: 'json' };

const { url } = demoServerForThisFile();

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${url()}/__mock${path}`, {
    method,
    ...(method !== 'GET' ? { headers: { 'content-type': 'application/json' } } : {}), // as /__mock requires of a change
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** POSTs every record to `path`, expecting 201 for each. */
async function postAll(path: string, records: unknown[]) {
  for (const record of records) {
    const res = await call('POST', path, record);
    expect(res, `POST /__mock${path} ${JSON.stringify(record)}`).toMatchObject({ status: 201 });
  }
}

const empty = () => call('POST', '/scenario', { name: 'empty' });

describe('/__mock: GET a record, POST it back', () => {
  it('households, users, categories (owner_user_id), accounts (owner_user_id, created_at) and webhooks come back as they were', async () => {
    const listed: Record<string, unknown[]> = {};
    for (const kind of ['households', 'users', 'categories', 'accounts', 'webhooks'])
      listed[kind] = (await call('GET', `/${kind}`)).body;
    expect(listed.accounts![0]).toHaveProperty('owner_user_id');
    await empty();
    for (const kind of ['households', 'users', 'categories', 'accounts', 'webhooks'])
      await postAll(`/${kind}`, listed[kind]!);
    for (const kind of ['households', 'users', 'categories', 'accounts', 'webhooks'])
      expect((await call('GET', `/${kind}`)).body, kind).toEqual(listed[kind]);
  });

  it("snapshots: GET /__mock/snapshots posts back to /__mock/snapshots/seed (the fake assigns ids, so a row's id is ignored)", async () => {
    const listed: Array<Record<string, unknown>> = (
      await call('GET', `/snapshots?account_id=${DEMO_IDS.accounts.everydayChecking}`)
    ).body;
    const seeded = await call('POST', '/snapshots/seed', {
      snapshots: listed.map((row) => ({ ...row, balance: (row.balance as number) + 1 })),
    });
    expect(seeded.body).toEqual({ inserted: 0, updated: listed.length });
    const after: Array<Record<string, unknown>> = (
      await call('GET', `/snapshots?account_id=${DEMO_IDS.accounts.everydayChecking}`)
    ).body;
    expect(after).toEqual(listed.map((row) => ({ ...row, balance: (row.balance as number) + 1 })));
  });

  it('faults: listed in snake_case with null for unlimited, and posted back (id and hits left kept) they list the same', async () => {
    const specs = [
      {
        operation: 'listAccounts',
        status: 429,
        retry_after: 2,
        body: { error: 'slow down', code: 'rate_limited' },
        times: 3,
      },
      { operation: 'getMe', latency_ms: 5, rate: 0.5 },
      { network_error: true, times: 1 },
      { operation: 'upsertSnapshot', after_apply: 'network_error' },
      { operation: 'createAccount', after_apply: { status: 504, retry_after: 'Wed, 21 Oct 2026 07:28:00 GMT' } },
    ];
    await postAll('/faults', specs);
    await fetch(`${url()}/api/public/v1/accounts`); // uses one of the 429's three hits (401 is not answered: the fault comes first)
    const listed = (await call('GET', '/faults')).body;
    expect(listed[0]).toEqual({
      id: expect.any(String),
      operation: 'listAccounts',
      times: 3,
      remaining: 2,
      rate: 1,
      status: 429,
      retry_after: 2,
      body: { error: 'slow down', code: 'rate_limited' },
    });
    expect(listed[1]).toMatchObject({ operation: 'getMe', times: null, remaining: null, rate: 0.5, latency_ms: 5 });
    expect(JSON.stringify(listed)).not.toMatch(/retryAfter|networkError|afterApply|latencyMs/);
    await call('DELETE', '/faults');
    await postAll('/faults', listed);
    expect((await call('GET', '/faults')).body).toEqual(listed);
    expect(await call('POST', '/faults', listed[0])).toMatchObject({ status: 409, body: { code: 'duplicate_id' } });
  });

  it('the clock: PUT /__mock/clock takes what GET answers', async () => {
    const read = (await call('GET', '/clock')).body;
    await call('PUT', '/clock', { now: '2031-01-01T00:00:00Z', frozen: false });
    expect((await call('PUT', '/clock', read)).body).toEqual(read);
  });

  it("a scenario file's households, users, categories, accounts and webhooks POST as they are written", async () => {
    await empty();
    for (const kind of ['households', 'users', 'categories', 'accounts', 'webhooks'] as const)
      await postAll(`/${kind}`, demo[kind]);
    expect((await call('GET', '/accounts')).body.map((a: { id: string }) => a.id)).toEqual(
      demo.accounts.map((a) => a.id),
    );
  });

  it('the journal is snake_case, as the rest of /__mock', async () => {
    await fetch(`${url()}/api/public/v1/me`);
    const [entry] = (await call('GET', '/journal')).body;
    expect(Object.keys(entry)).toEqual([
      'seq',
      'at',
      'method',
      'path',
      'operation_id',
      'status',
      'token_id',
      'duration_ms',
      'fault',
      'code',
      'reason',
    ]);
  });
});

describe('/__mock: owner_user_id, and user_id as its old name', () => {
  it('POST /__mock/accounts and /__mock/categories still take user_id (deprecated), but not both names', async () => {
    const category = await call('POST', '/categories', { name: 'Old style', user_id: DEMO_IDS.users.alex });
    expect(category.body).toMatchObject({ owner_user_id: DEMO_IDS.users.alex });
    const account = await call('POST', '/accounts', {
      user_id: DEMO_IDS.users.alex,
      name: 'Pot',
      category_id: category.body.id,
    });
    expect(account).toMatchObject({ status: 201, body: { owner_user_id: DEMO_IDS.users.alex } });
    const both = await call('POST', '/accounts', {
      owner_user_id: DEMO_IDS.users.alex,
      user_id: DEMO_IDS.users.sam,
      name: 'Pot',
      category_id: category.body.id,
    });
    expect(both).toMatchObject({
      status: 422,
      body: {
        code: 'validation_failed',
        detail: [{ path: 'body.user_id', message: 'give owner_user_id only (user_id is its old name)' }],
      },
    });
    const neither = await call('POST', '/accounts', { name: 'Pot', category_id: category.body.id });
    expect(neither).toMatchObject({ status: 422, body: { detail: [{ path: 'body.owner_user_id' }] } });
  });
});
