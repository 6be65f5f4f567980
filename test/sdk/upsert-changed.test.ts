// upsertChangedSnapshots: one GET /snapshots per account over its dates, then only new and changed rows written; an
// estimated stored balance counts as changed; equal duplicates once, different ones skipped; a plan writes nothing.
import { describe, expect, it } from 'vitest';
import { createLedgerClient, upsertChangedSnapshots, type BulkRow } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { A, NOT_WRITABLE } from './support';

function setup() {
  const mock = createLedgerMock({ scenario: 'demo' });
  const client = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
  const requests = () => mock.control.journal.entries().map((e) => `${e.method} ${e.operationId}`);
  return { mock, client, requests };
}
const row = (account_id: string, snapshot_date: string, balance: number): BulkRow => ({
  account_id,
  snapshot_date,
  balance,
});

describe('upsertChangedSnapshots', () => {
  it('writes new and changed rows in one bulk call, leaves equal ones alone, and reads each account once', async () => {
    const { mock, client, requests } = setup();
    await mock.control.seedSnapshots([
      { account_id: A.everydayChecking, snapshot_date: '2001-01-01', balance: 10 },
      { account_id: A.everydayChecking, snapshot_date: '2001-01-02', balance: 20 },
      { account_id: A.jointSavings, snapshot_date: '2001-01-03', balance: 30, is_estimated: true },
    ]);
    mock.control.journal.clear();
    const rows = [
      row(A.everydayChecking, '2001-01-01', 10),
      row(A.everydayChecking, '2001-01-02', 25),
      row(A.everydayChecking, '2001-01-05', 1),
      row(A.jointSavings, '2001-01-03', 30),
    ];
    const report = await upsertChangedSnapshots(client, rows);
    expect(report.rows.map((r) => [r.index, r.action, r.stored?.balance])).toEqual([
      [0, 'unchanged', 10],
      [1, 'changed', 20],
      [2, 'new', undefined],
      [3, 'changed', 30], // estimated: the bank's figure confirms it
    ]);
    expect(report.written).toMatchObject({ received: 3, inserted: 1, updated: 2 });
    expect(requests()).toEqual(['GET listSnapshots', 'GET listSnapshots', 'POST bulkUpsertSnapshots']);
    expect(mock.control.journal.entries()[0]!.path).toContain('from=2001-01-01&to=2001-01-05');
    const again = await upsertChangedSnapshots(client, rows);
    expect(again.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(again.written).toBeUndefined();
  });

  it('planOnly compares and writes nothing', async () => {
    const { client, requests } = setup();
    const report = await upsertChangedSnapshots(client, [row(A.everydayChecking, '2001-02-01', 5)], { planOnly: true });
    expect(report).toMatchObject({ rows: [{ action: 'new' }], written: undefined, skipped: [] });
    expect(requests()).toEqual(['GET listSnapshots']);
  });

  it('equal rows of one account and day are written once; different ones are all skipped, each naming the others', async () => {
    const { client } = setup();
    const report = await upsertChangedSnapshots(client, [
      row(A.everydayChecking, '2001-03-01', 7),
      row(A.everydayChecking, '2001-03-01', 7),
      row(A.jointSavings, '2001-03-01', 1),
      row(A.jointSavings, '2001-03-01', 2),
    ]);
    expect(report.rows.map((r) => r.index)).toEqual([0]);
    expect(report.duplicates).toEqual([{ index: 1, same_as: 0 }]);
    expect(report.skipped).toEqual([
      {
        index: 2,
        row: row(A.jointSavings, '2001-03-01', 1),
        reason: `2 different balances for account ${A.jointSavings} on 2001-03-01 (1, 2): none is written`,
        conflict: [2, 3],
      },
      {
        index: 3,
        row: row(A.jointSavings, '2001-03-01', 2),
        reason: expect.stringContaining('none is written'),
        conflict: [2, 3],
      },
    ]);
  });

  it("a bad row is skipped with the bulk helper's reason; a row the ledger refuses is skipped with the ledger's", async () => {
    const { client } = setup();
    const report = await upsertChangedSnapshots(client, [
      row(A.everydayChecking, '2001-02-30', 1),
      row(NOT_WRITABLE[0], '2001-01-01', 1),
      row(A.everydayChecking, '2001-04-01', 1),
    ]);
    expect(report.skipped.map((s) => [s.index, s.reason])).toEqual([
      [0, 'snapshot_date must be a real calendar date in YYYY-MM-DD form'],
      [1, 'the ledger refused it: account not found or not writable'],
    ]);
    expect(report.written).toMatchObject({ inserted: 1 });
  });
});
