import { describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control } = createTestMock({ scenario: 'demo' });
const alex = DEMO_TOKENS.alex;
const A = DEMO_IDS.accounts;
const row = (snapshot_date: string, balance: number, account_id: string = A.everydayChecking) => ({
  account_id,
  snapshot_date,
  balance,
});
const bulk = (snapshots: unknown, token: string = alex) =>
  call('POST', '/snapshots/bulk', { token, body: { snapshots } });
const daily = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    row(new Date(Date.UTC(2030, 0, 1) + i * 86_400_000).toISOString().slice(0, 10), i),
  );

describe('bulk writes (spec 4, 8; spec-gaps 6, 7, 8, 9)', () => {
  it('"with at most 5,000 rows": 5,000 rows are written', async () => {
    const res = await bulk(daily(5000));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 5000, inserted: 5000, updated: 0, skipped: [], webhooks_attempted: 1 });
  });

  it('"A bulk call over 5,000 rows": 413 too_many_rows, nothing written and no row examined (spec-gaps 7)', async () => {
    const before = (await control.listSnapshots()).length;
    const rows: unknown[] = daily(5001);
    rows[3] = 'not even a row';
    const res = await bulk(rows);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'At most 5000 rows per bulk call; got 5001',
      code: 'too_many_rows',
      detail: [{ path: 'body.snapshots', message: 'must have at most 5000 rows' }],
    });
    expect((await control.listSnapshots()).length).toBe(before);
    expect(control.events.list()).toEqual([]);
  });

  it('"An empty bulk call" is 422 validation_failed (spec-gaps 8); so is a body that is not a bulk request', async () => {
    expect((await bulk([])).body).toMatchObject({
      code: 'validation_failed',
      detail: [{ path: 'body.snapshots', message: 'must have at least 1 row' }],
    });
    expect((await bulk('rows')).body).toMatchObject({
      code: 'validation_failed',
      detail: [{ path: 'body.snapshots', message: 'must be an array of rows' }],
    });
    const extra = await call('POST', '/snapshots/bulk', {
      token: alex,
      body: { snapshots: [row('2026-11-01', 1)], dry_run: true },
    });
    expect(extra.body).toMatchObject({
      code: 'validation_failed',
      detail: [{ path: 'body.dry_run', message: 'is not a known field' }],
    });
    expect((await call('POST', '/snapshots/bulk', { token: alex, body: [row('2026-11-01', 1)] })).body.detail).toEqual([
      { path: 'body', message: 'must be a JSON object' },
    ]);
  });

  it('"When some rows are written and others skipped, the call still returns a success status"; "every row" accounted for', async () => {
    const res = await bulk([
      row('2026-11-01', 1),
      row('2026-02-30', 2),
      row('2026-11-01', 3, A.workplacePension),
      { ...row('2026-11-02', 4), balance: '4' },
      row('2026-10-31', 5),
      'row',
      { ...row('2026-11-03', 6), note: 'x' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      received: 7,
      inserted: 1,
      updated: 1,
      skipped: [
        { index: 1, reason: 'snapshot_date must be a real calendar date in YYYY-MM-DD form' },
        { index: 2, reason: 'account not found or not writable' },
        { index: 3, reason: 'balance must be a finite number' },
        { index: 5, reason: 'row must be a JSON object' },
        { index: 6, reason: 'note is not a known field' },
      ],
      webhooks_attempted: 1,
    });
    expect(res.body.received).toBe(res.body.inserted + res.body.updated + res.body.skipped.length);
  });

  it('"When nothing at all is written, the call returns 422 with the same per-row detail" (BulkNothingWritten)', async () => {
    const before = (await control.listSnapshots()).length;
    const res = await bulk([row('2026-11-01', 1, A.brokerage), row('2026-13-01', 2)], DEMO_TOKENS.sam);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'Nothing was written: every row was skipped',
      code: 'nothing_written',
      detail: [
        { path: 'body.snapshots[0].account_id', message: 'account not found or not writable' },
        {
          path: 'body.snapshots[1].snapshot_date',
          message: 'snapshot_date must be a real calendar date in YYYY-MM-DD form',
        },
      ],
      received: 2,
      inserted: 0,
      updated: 0,
      skipped: [
        { index: 0, reason: 'account not found or not writable' },
        { index: 1, reason: 'snapshot_date must be a real calendar date in YYYY-MM-DD form' },
      ],
      webhooks_attempted: 0,
    });
    expect((await control.listSnapshots()).length).toBe(before);
    expect(control.events.list()).toEqual([]);
  });

  it('"Two rows for the same (account_id, snapshot_date)": applied in order, later wins, counted as updated (spec-gaps 9)', async () => {
    const res = await bulk([row('2026-11-05', 1), row('2026-11-05', 2), row('2026-11-05', 3)]);
    expect(res.body).toMatchObject({ received: 3, inserted: 1, updated: 2, skipped: [] });
    const stored = await control.listSnapshots({ accountId: A.everydayChecking, from: '2026-11-05', to: '2026-11-05' });
    expect(stored.map((s) => s.balance)).toEqual([3]);
    const [entry] = control.events.list();
    expect(entry!.event.data.snapshots.map((s) => [s.id, s.balance, s.action])).toEqual([
      [stored[0]!.id, 1, 'inserted'],
      [stored[0]!.id, 2, 'updated'],
      [stored[0]!.id, 3, 'updated'],
    ]);
  });

  it('"One snapshot.upserted event carries every row written, not one per row"', async () => {
    control.events.clear();
    await bulk([row('2026-11-01', 1), row('2026-11-01', 2, A.jointSavings), row('bad', 0), row('2026-11-02', 3)]);
    const events = control.events.list();
    expect(events).toHaveLength(1);
    expect(events[0]!.event.data.operation).toBe('bulkUpsertSnapshots');
    expect(events[0]!.event.data.snapshots.map((s) => s.balance)).toEqual([1, 2, 3]);
  });

  it('a bulk write confirms every row it writes (is_estimated=false), as POST /snapshots would', async () => {
    await control.seedSnapshots([{ ...row('2026-11-09', 0), is_estimated: true }]);
    const res = await bulk([row('2026-11-09', 9)]);
    expect(res.body).toMatchObject({ inserted: 0, updated: 1 });
    const [stored] = await control.listSnapshots({
      accountId: A.everydayChecking,
      from: '2026-11-09',
      to: '2026-11-09',
    });
    expect(stored).toMatchObject({ balance: 9, is_estimated: false });
  });

  it('a member writes to shared_full_access accounts in bulk; rows for read-only ones are skipped', async () => {
    const res = await bulk([row('2026-11-01', 1, A.jointSavings), row('2026-11-01', 2, A.brokerage)], DEMO_TOKENS.sam);
    expect(res.body).toMatchObject({
      inserted: 1,
      skipped: [{ index: 1, reason: 'account not found or not writable' }],
    });
  });
});
