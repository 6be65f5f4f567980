// Contract: the fake, served by ledger-mock, driven by the SDK through `prism proxy openapi.json
// --errors`. Prism checks every request and response against openapi.json and marks a breach in
// the `sl-violations` header; every response here must come back without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient, type LedgerClient } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { checkResponse } from '../../reading/openapi-check';
import { declaredStatuses, recordingFetch, startPrism, type RunningPrism, type SeenResponse } from './support';

const A = DEMO_IDS.accounts;
const CASH = DEMO_IDS.categories.cash;
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const seen: SeenResponse[] = [];
const upstream = createLedgerMockServer({ scenario: 'demo' });
let running: RunningLedgerMockServer;
let prism: RunningPrism;

/** The control surface, called on the upstream directly (never through Prism). */
async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${running.url}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as any;
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const fault = (operation: string, spec: object) => control('POST', '/faults', { operation, times: 1, ...spec });
const newToken = async (userId: string, scopes?: string[]) =>
  (await control('POST', '/tokens', { user_id: userId, ...(scopes ? { scopes } : {}) })).value as string;
/** A client through Prism that records every response; no retries, so each attempt is one response. */
const clientFor = (token: string): LedgerClient =>
  createLedgerClient({ baseUrl: prism.url, token, fetch: recordingFetch(seen), retry: false });
/** The status of a helper call that must fail. */
const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 'resolved',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

let alex: LedgerClient;
let snapshotId: string;

beforeAll(async () => {
  running = await upstream.listen();
  prism = await startPrism(['proxy', 'openapi.json', running.url, '--errors']);
  alex = clientFor(DEMO_TOKENS.alex);
}, 120_000);
afterAll(async () => {
  await prism?.stop();
  await running?.close();
});

/** Valid requests for every operation, as raw typed calls (Prism forwards only valid requests). */
const operations: Record<string, (c: LedgerClient) => Promise<{ response: Response }>> = {
  getMe: (c) => c.GET('/api/public/v1/me'),
  listCategories: (c) => c.GET('/api/public/v1/categories'),
  listAccounts: (c) => c.GET('/api/public/v1/accounts'),
  createAccount: (c) => c.POST('/api/public/v1/accounts', { body: { name: 'Contract', category_id: CASH } }),
  getAccount: (c) => c.GET('/api/public/v1/accounts/{id}', { params: { path: { id: A.everydayChecking } } }),
  updateAccount: (c) =>
    c.PATCH('/api/public/v1/accounts/{id}', {
      params: { path: { id: A.everydayChecking } },
      body: { name: 'Renamed' },
    }),
  listSnapshots: (c) => c.GET('/api/public/v1/snapshots', { params: { query: { account_id: A.everydayChecking } } }),
  upsertSnapshot: (c) =>
    c.POST('/api/public/v1/snapshots', {
      body: { account_id: A.everydayChecking, snapshot_date: '2026-11-02', balance: 1 },
    }),
  bulkUpsertSnapshots: (c) =>
    c.POST('/api/public/v1/snapshots/bulk', {
      body: { snapshots: [{ account_id: A.everydayChecking, snapshot_date: '2026-11-03', balance: 1 }] },
    }),
  getSnapshot: (c) => c.GET('/api/public/v1/snapshots/{id}', { params: { path: { id: snapshotId } } }),
  updateSnapshot: (c) =>
    c.PATCH('/api/public/v1/snapshots/{id}', { params: { path: { id: snapshotId } }, body: { balance: 2 } }),
  deleteSnapshot: (c) => c.DELETE('/api/public/v1/snapshots/{id}', { params: { path: { id: snapshotId } } }),
  getOpenApiDocument: (c) => c.GET('/api/public/v1/openapi.json'),
};
const WRITE_ACCOUNTS = ['createAccount', 'updateAccount'];
const WRITE_SNAPSHOTS = ['upsertSnapshot', 'bulkUpsertSnapshots', 'updateSnapshot', 'deleteSnapshot'];
const WITH_BODY = ['createAccount', 'updateAccount', 'upsertSnapshot', 'bulkUpsertSnapshots', 'updateSnapshot'];

describe('contract: ledger-mock through prism proxy --errors', { timeout: 60_000 }, () => {
  it('the quickstart and every success status, through the SDK helpers', async () => {
    expect(await alex.me()).toMatchObject({ user_id: DEMO_IDS.users.alex });
    expect((await alex.categories.list()).length).toBeGreaterThan(0);
    expect((await alex.accounts.list()).length).toBeGreaterThan(0);
    const created = await alex.accounts.create({
      name: 'Contract test',
      category_id: CASH,
      institution_name: 'Prism Bank',
      liquidity_tier: 'cash',
    });
    expect(await alex.accounts.get(created.id)).toMatchObject({ name: 'Contract test', auto_carry_forward: false });
    expect(await alex.accounts.update(created.id, { name: 'Renamed', auto_carry_forward: true })).toMatchObject({
      name: 'Renamed',
    });
    expect((await alex.accounts.archive(created.id)).lifecycle_status).toBe('archived');
    expect((await alex.accounts.unarchive(created.id)).lifecycle_status).toBe('active');

    const inserted = await alex.snapshots.upsert({ account_id: created.id, snapshot_date: '2026-11-01', balance: 100 });
    expect(inserted.action).toBe('inserted'); // 201
    expect(
      (await alex.snapshots.upsert({ account_id: created.id, snapshot_date: '2026-11-01', balance: 101 })).action,
    ).toBe('updated'); // 200
    snapshotId = inserted.snapshot.id;
    expect(await alex.snapshots.get(snapshotId)).toMatchObject({ balance: 101 });
    expect(await alex.snapshots.update(snapshotId, { balance: 102 })).toMatchObject({
      balance: 102,
      is_estimated: false,
    });
    expect(await alex.snapshots.list({ account_id: created.id, from: '2026-11-01', to: '2026-11-30' })).toHaveLength(1);

    const bulk = await alex.POST('/api/public/v1/snapshots/bulk', {
      body: {
        snapshots: [
          { account_id: created.id, snapshot_date: '2026-11-02', balance: 1 },
          { account_id: UNKNOWN_ID, snapshot_date: '2026-11-02', balance: 1 },
        ],
      },
    });
    expect([bulk.response.status, bulk.data?.skipped]).toEqual([200, [{ index: 1, reason: expect.any(String) }]]);
    const second = (await alex.snapshots.list({ account_id: created.id, from: '2026-11-02', to: '2026-11-02' }))[0]!;
    expect(await alex.snapshots.delete(second.id)).toEqual({ deleted: true, id: second.id });
    const doc = await alex.GET('/api/public/v1/openapi.json');
    expect([doc.response.status, doc.data?.openapi]).toEqual([200, '3.1.0']);
  });

  it("the rules' error statuses, answered by the fake itself: 400, 401, 402, 404, 422 (incl. bulk nothing_written)", async () => {
    expect(await statusOf(alex.snapshots.list({ from: '2026-11-30', to: '2026-11-01' }))).toBe('400 invalid_query');
    expect(await statusOf(clientFor(`plk_${'x'.repeat(40)}`).me())).toBe('401 invalid_token');
    const revoked = await control('POST', '/tokens', { user_id: DEMO_IDS.users.sam });
    await control('POST', `/tokens/${revoked.id}/revoke`);
    expect(await statusOf(clientFor(revoked.value).me())).toBe('401 token_revoked');

    // A household whose plan has no sharing.
    const household = await control('POST', '/households', { plan: 'household' });
    const kim = await control('POST', '/users', { name: 'Kim', household_id: household.id });
    const kimClient = clientFor(await newToken(kim.id));
    expect(
      await statusOf(kimClient.accounts.create({ name: 'Joint', category_id: CASH, visibility: 'shared_read_only' })),
    ).toBe('402 sharing_not_in_plan');
    const own = await kimClient.accounts.create({ name: 'Own', category_id: CASH });
    expect(await statusOf(kimClient.accounts.update(own.id, { visibility: 'shared_full_access' }))).toBe(
      '402 sharing_not_in_plan',
    );

    expect(await statusOf(alex.accounts.get(UNKNOWN_ID))).toBe('404 not_found');
    expect(await statusOf(alex.accounts.get(A.familyHome))).toBe('404 not_found'); // a vault item
    expect(await statusOf(alex.accounts.update(A.workplacePension, { name: 'Mine' }))).toBe('404 not_found'); // Sam's private account
    expect(await statusOf(alex.snapshots.get('snp_nope'))).toBe('404 not_found');
    expect(await statusOf(alex.snapshots.update('snp_nope', { balance: 1 }))).toBe('404 not_found');
    expect(await statusOf(alex.snapshots.delete('snp_nope'))).toBe('404 not_found');

    expect(await statusOf(alex.accounts.create({ name: 'X', category_id: UNKNOWN_ID }))).toBe('422 category_not_found');
    expect(await statusOf(alex.accounts.update(A.everydayChecking, { category_id: UNKNOWN_ID }))).toBe(
      '422 category_not_found',
    );
    expect(
      await statusOf(alex.snapshots.upsert({ account_id: UNKNOWN_ID, snapshot_date: '2026-11-01', balance: 1 })),
    ).toBe('422 account_not_writable');
    const [first, next] = await alex.snapshots.list({ account_id: A.everydayChecking });
    expect(await statusOf(alex.snapshots.update(first!.id, { snapshot_date: next!.snapshot_date }))).toBe(
      '422 snapshot_date_taken',
    );
    const nothing = await alex.POST('/api/public/v1/snapshots/bulk', {
      body: { snapshots: [{ account_id: UNKNOWN_ID, snapshot_date: '2026-11-01', balance: 1 }] },
    });
    expect(nothing.response.status).toBe(422);
    expect(nothing.error).toMatchObject({ code: 'nothing_written', received: 1, inserted: 0, skipped: [{ index: 0 }] });
  });

  it('401, 402, 403, 429 and 503 on every operation that declares them, 429 and 503 with their required Retry-After', async () => {
    snapshotId = (await alex.snapshots.list({ account_id: A.jointSavings }))[0]!.id;
    const unknown = clientFor(`plk_${'y'.repeat(40)}`);
    const household = await control('POST', '/households', { plan: 'household' });
    const lapsedUser = await control('POST', '/users', { household_id: household.id });
    const lapsed = clientFor(await newToken(lapsedUser.id));
    await control('PUT', `/households/${household.id}/plan`, { plan: 'lapsed' });
    const noRead = clientFor(await newToken(DEMO_IDS.users.alex, ['snapshots:write', 'accounts:write']));
    const readOnly = clientFor(await newToken(DEMO_IDS.users.alex, ['ledger:read']));

    for (const [operationId, call] of Object.entries(operations)) {
      const declared = declaredStatuses().get(operationId)!;
      if (declared.includes('401')) expect((await call(unknown)).response.status, operationId).toBe(401);
      if (declared.includes('402')) expect((await call(lapsed)).response.status, operationId).toBe(402);
      if (declared.includes('403')) {
        const lacking =
          WRITE_ACCOUNTS.includes(operationId) || WRITE_SNAPSHOTS.includes(operationId) ? readOnly : noRead;
        expect((await call(lacking)).response.status, operationId).toBe(403);
      }
      await fault(operationId, { status: 429, retry_after: 2 });
      const limited = await call(alex);
      expect([limited.response.status, limited.response.headers.get('retry-after')], operationId).toEqual([429, '2']);
      await fault(operationId, { status: 503 }); // no retry_after: the fake sends its default (spec-gaps 21)
      const unavailable = await call(alex);
      expect([unavailable.response.status, unavailable.response.headers.get('retry-after')], operationId).toEqual([
        503,
        '1',
      ]);
    }
  });

  it("413 and 400 on every operation with a body, replaying the fake's own answers (Prism never forwards such requests)", async () => {
    const tooLarge = await fetch(`${running.url}/api/public/v1/snapshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
      body: ' '.repeat(8 * 1024 * 1024 + 1),
    });
    const badJson = await fetch(`${running.url}/api/public/v1/snapshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
      body: '{',
    });
    const answers = { 413: await tooLarge.json(), 400: await badJson.json() };
    expect(answers).toEqual({
      413: expect.objectContaining({ code: 'body_too_large' }),
      400: expect.objectContaining({ code: 'invalid_json' }),
    });
    for (const operationId of WITH_BODY) {
      for (const [status, body] of Object.entries(answers)) {
        await fault(operationId, { status: Number(status), body });
        expect((await operations[operationId]!(alex)).response.status, `${operationId} ${status}`).toBe(Number(status));
      }
    }
  });

  it('the `default` response: a well-formed 502 passes', async () => {
    await fault('listAccounts', { status: 502 });
    expect(await statusOf(alex.accounts.list())).toBe('502 bad_gateway');
  });

  it('self-check: a response that breaks the Error schema IS flagged by Prism, so the check is live', async () => {
    await fault('getMe', { status: 503, body: { nope: 1 } });
    const res = await fetch(`${prism.url}/api/public/v1/me`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
    });
    const violations = JSON.parse(res.headers.get('sl-violations') ?? '[]') as Array<{ message: string }>;
    expect(violations.map((v) => v.message)).toContain("Response body must have required property 'error'");
    await res.body?.cancel();
  });

  it('zero violations on every response, every one answered by the fake; coverage summary', async () => {
    const flagged = seen
      .filter((s) => s.violations !== null)
      .map((s) => `${s.method} ${s.path} -> ${s.status}: ${s.violations}`);
    expect(flagged).toEqual([]);
    // Prism answers requests it finds invalid itself (application/problem+json): none may be among them.
    expect(
      seen
        .filter((s) => !s.contentType?.startsWith('application/json'))
        .map((s) => `${s.method} ${s.path} -> ${s.status}`),
    ).toEqual([]);
    // The fake journaled each of them, plus the self-check's and the two direct calls that captured its 413 and 400.
    expect(upstream.mock.control.journal.entries()).toHaveLength(seen.length + 3);

    const covered = new Map<string, Set<string>>();
    for (const s of seen) {
      if (!covered.has(s.operationId!)) covered.set(s.operationId!, new Set());
      covered.get(s.operationId!)!.add(String(s.status));
    }
    const declared = declaredStatuses();
    const missing = [...declared].flatMap(([op, statuses]) =>
      statuses.filter((status) => !covered.get(op)?.has(status)).map((status) => `${op} ${status}`),
    );
    expect(missing).toEqual([]);
    const counts = new Map<number, number>();
    for (const s of seen) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
    const statusCounts = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}x${n}`);
    const pairs = [...declared.values()].reduce((n, statuses) => n + statuses.length, 0);
    const injected = upstream.mock.control.journal.entries().filter((e) => e.fault !== null).length - 1; // less the self-check
    console.log(
      `prism proxy contract: ${seen.length} requests, ${covered.size}/${declared.size} operations, ${pairs}/${pairs} declared (operation, status) pairs + default, ` +
        `statuses ${statusCounts.join(' ')} (${injected} answered by injected faults: 429s and 503s, 400/413 replays, 502), violations 0; self-check flagged 1 of 1`,
    );
  });
});

describe('contract: answers Prism never forwards (it refuses invalid requests itself), checked against openapi.json directly', () => {
  it.each([
    ['401 missing_token', 'GET', '/me', undefined, {}],
    ['400 invalid_json', 'POST', '/snapshots', '{', undefined],
    ['400 invalid_query (malformed date)', 'GET', '/snapshots?from=2026-02-30', undefined, undefined],
    [
      '422 validation_failed',
      'POST',
      '/accounts',
      JSON.stringify({ name: '', category_id: CASH, extra: 1 }),
      undefined,
    ],
    [
      '413 too_many_rows',
      'POST',
      '/snapshots/bulk',
      JSON.stringify({
        snapshots: Array.from({ length: 5001 }, () => ({
          account_id: A.everydayChecking,
          snapshot_date: '2026-11-01',
          balance: 1,
        })),
      }),
      undefined,
    ],
  ])('%s', async (name, method, path, body, headers) => {
    const url = `${running.url}/api/public/v1${path}`;
    const res = await fetch(url, {
      method,
      headers: headers ?? { authorization: `Bearer ${DEMO_TOKENS.alex}` },
      ...(body !== undefined ? { body } : {}),
    });
    const bodyText = await res.text();
    expect(`${res.status} ${JSON.parse(bodyText).code}`).toBe(name.split(' (')[0]);
    expect(
      checkResponse({
        method,
        url,
        baseUrl: running.url,
        status: res.status,
        contentType: res.headers.get('content-type'),
        bodyText,
        headers: res.headers,
      }),
    ).toEqual([]);
  });
});
