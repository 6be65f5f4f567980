import { describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS, MockControlError, type Scenario } from 'personal-ledger-sdk/mocks';
import demo from '../../mocks/scenarios/demo.json' with { type: 'json' };
import { createTestMock } from '../support/test-mock';

const { call, control } = createTestMock({ scenario: 'demo', seed: 'control-tests' });
const alex = DEMO_TOKENS.alex;
const A = DEMO_IDS.accounts;
const write = (balance = 1, snapshot_date = '2026-11-01') => ({
  account_id: A.everydayChecking,
  snapshot_date,
  balance,
});

describe('createLedgerMock and the control API', () => {
  it('defaults: baseUrl https://ledger.test and an empty state', async () => {
    const empty = createLedgerMock();
    expect(empty.baseUrl).toBe('https://ledger.test');
    const dump = await empty.control.dump();
    expect([dump.households, dump.users, dump.accounts, dump.tokens, dump.snapshots]).toEqual([[], [], [], [], []]);
    expect(createLedgerMock({ baseUrl: 'http://localhost:4010/' }).baseUrl).toBe('http://localhost:4010');
  });

  it('a seed makes ids and token values deterministic', async () => {
    const build = async (seed: string) => {
      const m = createLedgerMock({ seed });
      const user = await m.control.createUser({ name: 'Kim' });
      const token = await m.control.createToken({ userId: user.id });
      return [user.id, user.household_id, token.id, token.value];
    };
    expect(await build('a')).toEqual(await build('a'));
    expect(await build('a')).not.toEqual(await build('b'));
  });

  it('a bad scenario is refused at once with MockControlError 400', () => {
    expect(() =>
      createLedgerMock({ scenario: { households: [{ id: 'h', plan: 'gold' }] } as unknown as Scenario }),
    ).toThrow(MockControlError);
    expect(() => createLedgerMock({ scenario: { acounts: [] } as unknown as Scenario })).toThrow(/acounts/);
  });

  it('the demo scenario: a household_sharing household, Alex and Sam, a year of month-end snapshots, known tokens', async () => {
    const dump = await control.dump();
    expect(dump.households).toEqual([expect.objectContaining({ id: DEMO_IDS.household, plan: 'household_sharing' })]);
    expect(dump.users.map((u) => u.name)).toEqual(['Alex', 'Sam']);
    const standard = dump.accounts.filter((a) => a.kind === 'standard');
    expect(new Set(standard.map((a) => a.visibility))).toEqual(
      new Set(['private', 'shared_read_only', 'shared_full_access']),
    );
    expect(standard.some((a) => a.lifecycle_status === 'archived')).toBe(true);
    expect(dump.accounts.filter((a) => a.kind === 'vault')).toHaveLength(1);
    for (const account of standard) {
      const dates = dump.snapshots.filter((s) => s.account_id === account.id).map((s) => s.snapshot_date);
      expect(dates).toHaveLength(12);
      expect([dates[0], dates[11]]).toEqual(['2025-11-30', '2026-10-31']);
    }
    expect(dump.categories.filter((c) => c.owner_user_id === null).length).toBeGreaterThan(2);
    expect(dump.webhooks).toHaveLength(1);
    expect(dump.now).toBe('2026-11-01T09:00:00.000Z');
    for (const token of [alex, DEMO_TOKENS.sam]) expect((await call('GET', '/me', { token })).status).toBe(200);
  });

  it('DEMO_TOKENS and DEMO_IDS name the values pinned in scenarios/demo.json', () => {
    expect(demo.tokens.map((t) => t.value)).toEqual([DEMO_TOKENS.alex, DEMO_TOKENS.sam]);
    expect(demo.tokens.map((t) => t.id)).toEqual([DEMO_IDS.tokens.alex, DEMO_IDS.tokens.sam]);
    expect(demo.users.map((u) => u.id)).toEqual([DEMO_IDS.users.alex, DEMO_IDS.users.sam]);
    expect(demo.accounts.map((a) => a.id).sort()).toEqual(Object.values(DEMO_IDS.accounts).sort());
    expect(demo.categories.map((c) => c.id).sort()).toEqual(Object.values(DEMO_IDS.categories).sort());
    expect(demo.webhooks.map((w) => w.id)).toEqual([DEMO_IDS.webhooks.alex]);
  });

  it("clock: frozen at the scenario's now; set and advance move it; events and last-used times read it", async () => {
    expect(control.clock.now().toISOString()).toBe('2026-11-01T09:00:00.000Z');
    control.clock.advance(90_000);
    expect(control.clock.now().toISOString()).toBe('2026-11-01T09:01:30.000Z');
    control.clock.set(new Date('2027-01-01T00:00:00Z'));
    await call('POST', '/snapshots', { token: alex, body: write() });
    expect(control.events.list()[0]!.event.created_at).toBe('2027-01-01T00:00:00.000Z');
    expect(control.journal.entries().at(-1)!.at).toBe('2027-01-01T00:00:00.000Z');
    const running = createLedgerMock();
    expect(Math.abs(running.control.clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('reset(): back to the starting scenario and clock, with an empty journal and no faults', async () => {
    await call('POST', '/snapshots', { token: alex, body: write() });
    await control.createUser({ name: 'Extra' });
    control.clock.advance(1_000_000);
    control.faults.inject({ kind: { status: 503 } });
    await control.reset();
    const dump = await control.dump();
    expect(dump.users.map((u) => u.name)).toEqual(['Alex', 'Sam']);
    expect(dump.snapshots.some((s) => s.snapshot_date === '2026-11-01')).toBe(false);
    expect(control.journal.entries()).toEqual([]);
    expect(control.faults.list()).toEqual([]);
    expect(control.events.list()).toEqual([]);
    expect(dump.now).toBe('2026-11-01T09:00:00.000Z');
  });

  it('loadScenario() replaces the state; snapshot_series can generate daily rows', async () => {
    await control.loadScenario({
      now: '2030-01-01T00:00:00Z',
      households: [{ id: 'h1', plan: 'household' }],
      users: [{ id: 'u1', name: 'Lee', household_id: 'h1' }],
      categories: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Cash', type: 'asset' }],
      accounts: [
        {
          id: '22222222-2222-4222-8222-222222222222',
          owner_user_id: 'u1',
          name: 'Wallet',
          category_id: '11111111-1111-4111-8111-111111111111',
        },
      ],
      snapshot_series: [
        {
          account_id: '22222222-2222-4222-8222-222222222222',
          every: 'day',
          from: '2029-12-30',
          to: '2030-01-02',
          start_balance: 10,
          step: 0.1,
        },
      ],
      tokens: [{ id: 't1', user_id: 'u1', value: `plk_${'L'.repeat(40)}` }],
    });
    const rows = await control.listSnapshots();
    expect(rows.map((r) => [r.snapshot_date, r.balance])).toEqual([
      ['2029-12-30', 10],
      ['2029-12-31', 10.1],
      ['2030-01-01', 10.2],
      ['2030-01-02', 10.3],
    ]);
    expect((await call('GET', '/accounts', { token: `plk_${'L'.repeat(40)}` })).body.accounts).toHaveLength(1);
    expect((await call('GET', '/me', { token: alex })).status).toBe(401);
    expect(control.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('createUser without a household gets a new one (@default household_sharing); unknown ids are MockControlError 404', async () => {
    const user = await control.createUser({ name: 'Noor' });
    const household = (await control.listHouseholds()).find((h) => h.id === user.household_id)!;
    expect(household.plan).toBe('household_sharing');
    await expect(control.moveUser('nobody', null)).rejects.toMatchObject({ status: 404 });
    await expect(control.setPlan('nowhere', 'free')).rejects.toMatchObject({ status: 404 });
    await expect(control.revokeToken('none')).rejects.toMatchObject({ status: 404 });
    await expect(control.createAccount({ userId: user.id, name: 'x', categoryId: 'none' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('createAccount makes accounts for any user, any visibility, vault items too; updateAccount changes them', async () => {
    const account = await control.createAccount({
      userId: DEMO_IDS.users.sam,
      name: 'Sam shared',
      categoryId: DEMO_IDS.categories.cash,
      visibility: 'shared_read_only',
      autoCarryForward: true,
    });
    expect((await call('GET', `/accounts/${account.id}`, { token: alex })).body).toMatchObject({
      auto_carry_forward: true,
      visibility: 'shared_read_only',
    });
    await control.updateAccount(account.id, { visibility: 'private' });
    expect((await call('GET', `/accounts/${account.id}`, { token: alex })).status).toBe(404);
  });

  it('seedSnapshots writes many rows at once, estimated ones allowed, and nothing if any row is bad', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      account_id: A.painting,
      snapshot_date: new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      balance: i,
      is_estimated: i % 2 === 0,
    }));
    expect(await control.seedSnapshots(rows)).toEqual({ inserted: 1000, updated: 0 });
    const first = (await call('GET', `/snapshots?account_id=${A.painting}&to=2010-01-01`, { token: alex })).body
      .snapshots;
    expect(first).toEqual([expect.objectContaining({ balance: 0, is_estimated: true })]);
    const before = (await control.listSnapshots()).length;
    await expect(control.seedSnapshots([write(1, '2040-01-01'), write(1, '2040-02-30')])).rejects.toMatchObject({
      status: 400,
    });
    expect((await control.listSnapshots()).length).toBe(before);
    expect(control.events.list()).toEqual([]);
  });

  it('"Carry-forward" (spec-gaps 27): estimated copies of the latest earlier balance, never overwriting, no event', async () => {
    // Painting has auto_carry_forward in the demo; Everyday checking gets it here, with a balance on the date already.
    await control.updateAccount(A.everydayChecking, { autoCarryForward: true });
    await control.seedSnapshots([write(77, '2026-11-15')]);
    const written = await control.carryForward('2026-11-15');
    expect(written).toEqual([
      expect.objectContaining({
        account_id: A.painting,
        snapshot_date: '2026-11-15',
        balance: 5000,
        is_estimated: true,
      }),
    ]);
    expect((await control.listSnapshots({ accountId: A.everydayChecking, from: '2026-11-15' }))[0]!.balance).toBe(77);
    expect(await control.carryForward('2026-11-15')).toEqual([]);
    expect(await control.carryForward('2020-01-01')).toEqual([]); // nothing earlier to carry
    expect(control.events.list()).toEqual([]);
  });

  it('the default deliverer records each attempt as "recorded", without network', async () => {
    const res = await call('POST', '/snapshots', { token: alex, body: write() });
    expect(res.body.webhooks_attempted).toBe(1);
    expect(control.events.list()[0]!.deliveries).toEqual([
      { subscription_id: DEMO_IDS.webhooks.alex, url: 'https://hooks.example.test/ledger', outcome: 'recorded' },
    ]);
  });

  it('the request journal: method, path, operationId, status, token id, duration, fault; clear()', async () => {
    await call('GET', '/accounts?x=1', { token: alex });
    await call('GET', '/nowhere', { token: alex });
    const [first, second] = control.journal.entries();
    expect(first).toMatchObject({
      seq: 1,
      method: 'GET',
      path: '/api/public/v1/accounts?x=1',
      operationId: 'listAccounts',
      status: 200,
      tokenId: DEMO_IDS.tokens.alex,
      fault: null,
    });
    expect(first!.durationMs).toBeGreaterThanOrEqual(0);
    expect(second).toMatchObject({ operationId: null, status: 404 });
    control.journal.clear();
    expect(control.journal.entries()).toEqual([]);
  });
});

describe('fault injection', () => {
  it('{ status, retryAfter }: answered without running the operation; times limits it', async () => {
    control.faults.inject({ operation: 'upsertSnapshot', times: 2, kind: { status: 429, retryAfter: 3 } });
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/snapshots', { token: alex, body: write() });
      expect([res.status, res.body.code, res.headers.get('retry-after')]).toEqual([429, 'rate_limited', '3']);
    }
    expect((await control.listSnapshots({ accountId: A.everydayChecking, from: '2026-11-01' })).length).toBe(0);
    expect((await call('POST', '/snapshots', { token: alex, body: write() })).status).toBe(201);
    expect(control.journal.entries().map((e) => e.fault)).toEqual(['status 429', 'status 429', null]);
  });

  it('only the named operation is hit; "*" hits every one; clear() removes them', async () => {
    control.faults.inject({ operation: 'getMe', kind: { status: 503 } });
    expect((await call('GET', '/accounts', { token: alex })).status).toBe(200);
    expect((await call('GET', '/me', { token: alex })).body.code).toBe('unavailable');
    control.faults.clear();
    control.faults.inject({ operation: '*', kind: { status: 500, body: { error: 'boom', code: 'boom' } } });
    expect((await call('GET', '/categories', { token: alex })).body).toEqual({ error: 'boom', code: 'boom' });
    control.faults.clear();
    expect((await call('GET', '/me', { token: alex })).status).toBe(200);
  });

  it('{ networkError: true }: fetch rejects and nothing is applied', async () => {
    control.faults.inject({ operation: 'upsertSnapshot', times: 1, kind: { networkError: true } });
    await expect(call('POST', '/snapshots', { token: alex, body: write() })).rejects.toThrow();
    expect((await control.listSnapshots({ accountId: A.everydayChecking, from: '2026-11-01' })).length).toBe(0);
    expect(control.journal.entries().at(-1)).toMatchObject({ status: 0, fault: 'networkError' });
  });

  it('{ afterApply: "networkError" }: "the write was applied but the response was lost"', async () => {
    control.faults.inject({ operation: 'upsertSnapshot', times: 1, kind: { afterApply: 'networkError' } });
    await expect(call('POST', '/snapshots', { token: alex, body: write(5) })).rejects.toThrow();
    expect((await control.listSnapshots({ accountId: A.everydayChecking, from: '2026-11-01' }))[0]).toMatchObject({
      balance: 5,
    });
    expect(control.events.list()).toHaveLength(1);
    expect(control.journal.entries().at(-1)).toMatchObject({
      status: 0,
      appliedStatus: 201,
      fault: 'afterApply networkError',
    });
    // The retry is idempotent: it updates.
    expect((await call('POST', '/snapshots', { token: alex, body: write(5) })).body.action).toBe('updated');
  });

  it('{ afterApply: { status } }: applied, then answered with the failure', async () => {
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { afterApply: { status: 504 } } });
    const res = await call('POST', '/accounts', {
      token: alex,
      body: { name: 'Lost reply', category_id: DEMO_IDS.categories.cash },
    });
    expect([res.status, res.body.code]).toEqual([504, 'gateway_timeout']);
    expect((await control.listAccounts()).filter((a) => a.name === 'Lost reply')).toHaveLength(1);
  });

  it('{ latencyMs }: the answer comes late but normally', async () => {
    control.faults.inject({ operation: 'getMe', times: 1, kind: { latencyMs: 50 } });
    const started = Date.now();
    expect((await call('GET', '/me', { token: alex })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(control.journal.entries().at(-1)).toMatchObject({ fault: 'latency 50ms' });
    expect(control.journal.entries().at(-1)!.durationMs).toBeGreaterThanOrEqual(45);
  });

  it('{ rate }: a seeded PRNG decides, so the same seed hits the same requests', async () => {
    const pattern = async () => {
      const m = createLedgerMock({ scenario: 'demo', seed: 42 });
      m.control.faults.inject({ operation: 'getOpenApiDocument', rate: 0.5, kind: { status: 503 } });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await m.fetch(`${m.baseUrl}/api/public/v1/openapi.json`);
        statuses.push(response.status);
      }
      return statuses;
    };
    const first = await pattern();
    expect(await pattern()).toEqual(first);
    const hits = first.filter((s) => s === 503).length;
    expect(hits).toBeGreaterThan(5);
    expect(hits).toBeLessThan(35);
  });
});
