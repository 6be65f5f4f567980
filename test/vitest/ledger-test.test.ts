// ledgerTest(options) from personal-ledger-sdk/mocks/vitest, used as a test suite uses it: each test gets its own
// fake (`mock`) and a client of it (`ledger`); with `setup`, one fake per file, restored before each test. The tests
// of a describe run in order, so a later test sees what an earlier one left (or, as here, that it left nothing).
import { describe, expect } from 'vitest';
import { DEMO_IDS, type Scenario } from 'personal-ledger-sdk/mocks';
import { ledgerTest, SETUP_CHECKPOINT } from 'personal-ledger-sdk/mocks/vitest';

describe('ledgerTest({ scenario: "demo" }): a new fake and a client per test', () => {
  const test = ledgerTest({ scenario: 'demo' });
  const seen = new Set<object>();

  test("the client is Alex (the demo scenario's first token) and talks to this test's fake", async ({
    mock,
    ledger,
  }) => {
    seen.add(mock);
    expect(await ledger.me()).toMatchObject({ user_id: DEMO_IDS.users.alex, token_id: DEMO_IDS.tokens.alex });
    await ledger.accounts.create({ name: 'Left behind', category_id: DEMO_IDS.categories.cash });
    expect(mock).toHaveReceived('createAccount', { times: 1, status: 201 });
  });

  test('the next test has a fake of its own: no account left behind, an empty journal', async ({ mock, ledger }) => {
    expect(seen.has(mock)).toBe(false);
    expect(mock).not.toHaveReceived('*');
    expect((await ledger.accounts.list()).map((a) => a.name)).not.toContain('Left behind');
  });

  test('a test that uses only the fake gets no client, and no token is made for one', async ({ mock }) => {
    expect((await mock.control.listTokens()).map((t) => t.id).sort()).toEqual(
      [DEMO_IDS.tokens.alex, DEMO_IDS.tokens.sam].sort(),
    );
  });
});

describe('ledgerTest: the token of the client', () => {
  const scenario: Scenario = {
    households: [{ id: 'h1', plan: 'household' }],
    users: [
      { id: 'u1', name: 'Revoked Rae', household_id: 'h1' },
      { id: 'u2', name: 'Active Ari', household_id: 'h1' },
    ],
    tokens: [
      { id: 't1', user_id: 'u1', value: `plk_${'R'.repeat(40)}`, revoked_at: '2026-01-01T00:00:00Z' },
      { id: 't2', user_id: 'u2', value: `plk_${'A'.repeat(40)}` },
    ],
  };

  ledgerTest({ scenario })('a scenario of your own: its first active token', async ({ ledger }) => {
    expect(await ledger.me()).toMatchObject({ user_id: 'u2', token_id: 't2' });
  });

  ledgerTest({ scenario: 'empty' })(
    'a scenario with no token: a new user and a token with every scope',
    async ({ mock, ledger }) => {
      const me = await ledger.me();
      expect((await mock.control.listUsers()).map((u) => [u.id, u.name])).toEqual([[me.user_id, 'ledgerTest']]);
      expect((await mock.control.listTokens())[0]?.scopes).toEqual([
        'ledger:read',
        'snapshots:write',
        'accounts:write',
      ]);
    },
  );

  ledgerTest({
    scenario: 'demo',
    token: async (mock) =>
      (await mock.control.createToken({ userId: DEMO_IDS.users.sam, scopes: ['ledger:read'] })).value,
    client: { retry: false },
  })('a token made by a function of the fake, and client options', async ({ mock, ledger }) => {
    expect(await ledger.me()).toMatchObject({ user_id: DEMO_IDS.users.sam });
    await expect(
      ledger.snapshots.upsert({ account_id: DEMO_IDS.accounts.creditCard, snapshot_date: '2026-11-01', balance: 1 }),
    ).rejects.toMatchObject({ status: 403 });
    expect(mock).toHaveReceived('upsertSnapshot', { times: 1, status: 403, code: 'insufficient_scope' });
  });
});

describe('ledgerTest({ setup }): built once per file, restored before each test', () => {
  let setups = 0;
  const test = ledgerTest({
    scenario: 'demo',
    setup: async (mock) => {
      setups++;
      const rows = Array.from({ length: 2000 }, (_, d) => ({
        account_id: DEMO_IDS.accounts.jointSavings,
        snapshot_date: new Date(Date.UTC(2020, 0, 1) + d * 86_400_000).toISOString().slice(0, 10),
        balance: d,
      }));
      await mock.control.seedSnapshots(rows);
    },
  });
  const daily = (mock: { control: { listSnapshots(q: object): Promise<unknown[]> } }) =>
    mock.control.listSnapshots({ accountId: DEMO_IDS.accounts.jointSavings, from: '2020-01-01', to: '2025-06-23' });

  test('the first test sees the state setup built, and changes it', async ({ mock, ledger }) => {
    expect(await daily(mock)).toHaveLength(2000);
    await ledger.snapshots.bulkUpsert([
      { account_id: DEMO_IDS.accounts.jointSavings, snapshot_date: '2030-01-01', balance: 1 },
    ]);
    await mock.control.createUser({ name: 'Kim' });
    mock.control.faults.inject({ operation: 'getMe', kind: { status: 500 } });
  });

  test('the next sees the state setup built again, an empty journal and no faults; setup ran once', async ({
    mock,
    ledger,
  }) => {
    expect(setups).toBe(1);
    expect(await daily(mock)).toHaveLength(2000);
    expect(await mock.control.listSnapshots({ accountId: DEMO_IDS.accounts.jointSavings, from: '2030-01-01' })).toEqual(
      [],
    );
    expect((await mock.control.listUsers()).map((u) => u.name)).not.toContain('Kim');
    expect(mock).not.toHaveReceived('*');
    expect(mock.control.listCheckpoints().map((c) => c.name)).toEqual([SETUP_CHECKPOINT]);
    await expect(ledger.me()).resolves.toMatchObject({ user_id: DEMO_IDS.users.alex });
  });
});
