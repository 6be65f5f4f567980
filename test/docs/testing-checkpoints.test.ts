// testing-checkpoints.test.ts
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerTest } from 'personal-ledger-sdk/mocks/vitest';

const account_id = DEMO_IDS.accounts.jointSavings;
const day = (n: number) => new Date(Date.UTC(1950, 0, 1 + n)).toISOString().slice(0, 10);
const history = Array.from({ length: 40_000 }, (_, n) => ({ account_id, snapshot_date: day(n), balance: n }));

describe('with the control API', () => {
  const mock = createLedgerMock({ scenario: 'demo' });
  const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
  // Built once, then brought back before each test: a restore takes milliseconds, rebuilding it far more.
  beforeAll(async () => {
    await mock.control.seedSnapshots(history);
    await mock.control.checkpoint('history');
  });
  beforeEach(() => mock.control.restore('history'));

  it('deletes the first balance', async () => {
    const [first] = await ledger.snapshots.list({ account_id, from: day(0), to: day(0) });
    await ledger.snapshots.delete(first!.id);
    expect(await ledger.snapshots.list({ account_id, from: day(0), to: day(0) })).toEqual([]);
  });

  it('finds it again in the next test, with an empty journal', async () => {
    expect(await ledger.snapshots.list({ account_id, from: day(0), to: day(0) })).toHaveLength(1);
    expect(mock.control.journal.count()).toBe(1);
  });
});

describe('with ledgerTest: setup runs once per file, and each test starts from what it built', () => {
  const test = ledgerTest({ scenario: 'demo', setup: (mock) => mock.control.seedSnapshots(history) });

  test('rewrites the history', async ({ ledger }) => {
    await ledger.snapshots.bulkUpsert(history.map((row) => ({ ...row, balance: -1 })));
  });

  test('finds it as setup left it', async ({ mock }) => {
    const [first] = await mock.control.listSnapshots({ accountId: account_id, from: day(0), to: day(0) });
    expect(first?.balance).toBe(0);
  });
});
