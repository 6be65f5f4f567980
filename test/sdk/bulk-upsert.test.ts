import { describe, expect, it } from 'vitest';
import {
  bulkUpsertSnapshots,
  BulkUpsertError,
  ClientOptionsError,
  createLedgerClient,
  isBulkUpsertError,
  UnauthorizedError,
  UnexpectedStatusError,
  type BulkProgress,
  type BulkRow,
} from 'personal-ledger-sdk';
import { createTestMock } from '../support/test-mock';
import {
  A,
  alexClient,
  dayText,
  expectFinalState,
  goodRow,
  journalOf,
  keyOf,
  lastWrites,
  NOT_WRITABLE,
  storedBalances,
} from './support';

const { mock, control } = createTestMock({ scenario: 'demo', seed: 'bulk' });
const NOT_WRITABLE_REASON = 'account not found or not writable';

const INVALID: Array<[unknown, string]> = [
  [{ ...goodRow(0), balance: '12.50' }, 'balance must be a finite number'],
  [{ ...goodRow(0), snapshot_date: '2023-02-29' }, 'snapshot_date must be a real calendar date in YYYY-MM-DD form'],
  [{ ...goodRow(0), account_id: 'not-a-uuid' }, 'account_id must be a UUID'],
  [null, 'row must be an object'],
  [{ ...goodRow(0), balance: Number.NaN }, 'balance must be a finite number'],
];

describe('bulkUpsertSnapshots: chunking, index mapping and counts', () => {
  it('"chunks of at most 5,000 rows": 12,345 rows with some invalid and some for unknown accounts take exactly 3 requests; skipped indexes are input positions; counts add up', async () => {
    const client = alexClient(mock);
    const before = await storedBalances(mock);
    const expectedSkips = new Map<number, string>();
    const rows: unknown[] = Array.from({ length: 12_345 }, (_, i) => {
      if (i % 97 === 5) {
        const [row, reason] = INVALID[((i / 97) % INVALID.length) | 0]!;
        expectedSkips.set(i, reason);
        return row;
      }
      if (i % 101 === 7) {
        expectedSkips.set(i, NOT_WRITABLE_REASON);
        return { ...goodRow(i), account_id: NOT_WRITABLE[i % NOT_WRITABLE.length]! };
      }
      return goodRow(i);
    });

    const report = await bulkUpsertSnapshots(client, rows as BulkRow[]);

    const requests = journalOf(mock, 'bulkUpsertSnapshots');
    expect(requests.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(report.received).toBe(12_345);
    expect(report.inserted + report.updated + report.skipped.length).toBe(report.received);
    expect(report.skipped.map((s) => [s.index, s.reason])).toEqual([...expectedSkips].sort((a, b) => a[0] - b[0]));
    for (const skip of report.skipped) expect(skip.row).toBe(rows[skip.index]);
    expect(report.chunks.map((c) => c.rows)).toEqual([
      5000,
      5000,
      12_345 - 5000 * 2 - [...expectedSkips.values()].filter((r) => r !== NOT_WRITABLE_REASON).length,
    ]);
    expect(report.chunks.map((c) => c.chunk)).toEqual([0, 1, 2]);
    expect(report.chunks[1]!.first_index).toBeGreaterThan(5000); // local skips in chunk 0's range were never sent
    expect(report.webhooks_attempted).toBe(3); // Alex has one subscription; one event per call
    expect(report.duplicates).toEqual([]);
    await expectFinalState(mock, before, lastWrites(rows));
  });

  it('"a bad row is reported in skipped with a reason and never sent": leap years, strings, NaN, Infinity, non-objects', async () => {
    const client = alexClient(mock);
    const row = (snapshot_date: string, balance: unknown = 1, account_id: unknown = A.everydayChecking) => ({
      account_id,
      snapshot_date,
      balance,
    });
    const rows: unknown[] = [
      row('2024-02-29'), // leap year: good
      row('2000-02-29'), // divisible by 400: good
      row('1900-02-29'), // divisible by 100: not a leap year
      row('2023-02-29'),
      row('2024-13-01'),
      row('2024-1-1'),
      row('2024-04-31'),
      row('2024-05-01', '12.50'),
      row('2024-05-01', Number.POSITIVE_INFINITY),
      row('2024-05-01', Number.NaN),
      row('2024-05-01', 1, ''),
      row('2024-05-01', 1, 'acc-1'),
      { snapshot_date: '2024-05-01', balance: 1 },
      { account_id: A.everydayChecking, balance: 1 },
      { account_id: A.everydayChecking, snapshot_date: '2024-05-01' },
      null,
      [A.everydayChecking, '2024-05-01', 1],
      'row',
      row('2024-05-02', -0), // -0 is a finite number: good
    ];
    const report = await bulkUpsertSnapshots(client, rows as BulkRow[]);
    expect(report.skipped.map((s) => [s.index, s.reason])).toEqual([
      [2, 'snapshot_date must be a real calendar date in YYYY-MM-DD form'],
      [3, 'snapshot_date must be a real calendar date in YYYY-MM-DD form'],
      [4, 'snapshot_date must be a real calendar date in YYYY-MM-DD form'],
      [5, 'snapshot_date must be a real calendar date in YYYY-MM-DD form'],
      [6, 'snapshot_date must be a real calendar date in YYYY-MM-DD form'],
      [7, 'balance must be a finite number'],
      [8, 'balance must be a finite number'],
      [9, 'balance must be a finite number'],
      [10, 'account_id must be a UUID'],
      [11, 'account_id must be a UUID'],
      [12, 'account_id is required'],
      [13, 'snapshot_date is required'],
      [14, 'balance is required'],
      [15, 'row must be an object'],
      [16, 'row must be an object'],
      [17, 'row must be an object'],
    ]);
    expect(report.chunks).toEqual([
      { chunk: 0, first_index: 0, rows: 3, inserted: 3, updated: 0, skipped: 0, status: 200, attempts: 1 },
    ]);
    const stored = await storedBalances(mock);
    expect(stored.get(`${A.everydayChecking}|2024-02-29`)).toBe(1);
    expect(stored.get(`${A.everydayChecking}|2000-02-29`)).toBe(1);
    expect(stored.get(`${A.everydayChecking}|2024-05-02`)).toBe(0);
  });

  it('every row invalid: no request at all, every row skipped', async () => {
    const report = await bulkUpsertSnapshots(alexClient(mock), [null, 'x'] as unknown as BulkRow[]);
    expect(journalOf(mock, 'bulkUpsertSnapshots')).toEqual([]);
    expect(report).toMatchObject({ received: 2, inserted: 0, updated: 0, chunks: [], webhooks_attempted: 0 });
    expect(report.skipped).toHaveLength(2);
  });

  it('no rows: an empty report and no request', async () => {
    const report = await bulkUpsertSnapshots(alexClient(mock), []);
    expect(report).toEqual({
      received: 0,
      inserted: 0,
      updated: 0,
      skipped: [],
      webhooks_attempted: 0,
      duplicates: [],
      chunks: [],
    });
    expect(journalOf(mock, 'bulkUpsertSnapshots')).toEqual([]);
  });

  it('"a chunk answered 422 (nothing_written) is a chunk whose rows are all skipped", with the service\'s reasons, not a thrown error', async () => {
    const rows = [
      goodRow(0),
      goodRow(1),
      { ...goodRow(2), account_id: NOT_WRITABLE[0] },
      { ...goodRow(3), account_id: NOT_WRITABLE[1] },
      goodRow(4),
    ];
    const report = await bulkUpsertSnapshots(alexClient(mock), rows, { chunkSize: 2 });
    expect(journalOf(mock, 'bulkUpsertSnapshots').map((r) => r.status)).toEqual([200, 422, 200]);
    expect(report.chunks.map((c) => [c.status, c.rows, c.skipped])).toEqual([
      [200, 2, 0],
      [422, 2, 2],
      [200, 1, 0],
    ]);
    expect(report.skipped).toEqual([
      { index: 2, reason: NOT_WRITABLE_REASON, row: rows[2] },
      { index: 3, reason: NOT_WRITABLE_REASON, row: rows[3] },
    ]);
    expect(report).toMatchObject({ received: 5, inserted: 3, updated: 0, webhooks_attempted: 2 });
  });

  it('a 422 without `skipped` skips every row of the chunk with the error message as reason', async () => {
    control.faults.inject({
      operation: 'bulkUpsertSnapshots',
      times: 1,
      kind: { status: 422, body: { error: 'Validation failed', code: 'validation_failed' } },
    });
    const report = await bulkUpsertSnapshots(alexClient(mock), [goodRow(0), goodRow(1)]);
    expect(report.skipped.map((s) => [s.index, s.reason])).toEqual([
      [0, 'Validation failed'],
      [1, 'Validation failed'],
    ]);
    expect(report.inserted + report.updated + report.skipped.length).toBe(2);
  });
});

describe('bulkUpsertSnapshots: duplicates (spec-gaps 9: applied in order, later wins)', () => {
  it('a key repeated across chunk boundaries: the last row is stored, each superseded row is listed with the row that superseded it', async () => {
    const key = { account_id: A.jointSavings, snapshot_date: '2003-03-03' };
    const rows: BulkRow[] = [
      goodRow(0),
      { ...key, balance: 1 },
      goodRow(2),
      goodRow(3),
      { ...key, balance: 2 },
      goodRow(5),
      goodRow(6),
      { ...key, balance: 3 },
    ];
    const report = await bulkUpsertSnapshots(alexClient(mock), rows, { chunkSize: 3 });
    expect(report.duplicates).toEqual([
      { index: 1, row: { ...key, balance: 1 }, superseded_by: 4 },
      { index: 4, row: { ...key, balance: 2 }, superseded_by: 7 },
    ]);
    expect(report).toMatchObject({ received: 8, inserted: 6, updated: 2 }); // each row counted once, as the service counts it
    expect((await storedBalances(mock)).get(keyOf(key))).toBe(3);
  });

  it('a superseding row the service skipped supersedes nothing; the next written row does', async () => {
    const key = { account_id: A.jointSavings, snapshot_date: '2003-03-03' };
    const rows: BulkRow[] = [
      { ...key, balance: 1 },
      { ...key, balance: 2 },
      { ...key, balance: 3 },
    ];
    // The second chunk (row 1) is answered with a 422 naming its row: skipped, so row 2 supersedes row 0.
    const report = await bulkUpsertSnapshots(alexClient(mock), rows, {
      chunkSize: 1,
      onProgress: ({ chunksDone }) => {
        if (chunksDone === 1) {
          control.faults.inject({
            operation: 'bulkUpsertSnapshots',
            times: 1,
            kind: {
              status: 422,
              body: {
                error: 'Nothing was written',
                code: 'nothing_written',
                received: 1,
                inserted: 0,
                updated: 0,
                skipped: [{ index: 0, reason: 'held' }],
                webhooks_attempted: 0,
              },
            },
          });
        }
      },
    });
    expect(report.skipped.map((s) => [s.index, s.reason])).toEqual([[1, 'held']]);
    expect(report.duplicates).toEqual([{ index: 0, row: { ...key, balance: 1 }, superseded_by: 2 }]);
  });
});

describe('bulkUpsertSnapshots: progress, abort, failures', () => {
  it('"onProgress({ rowsDone, rowsTotal?, chunksDone, skipped }) after each chunk": rowsTotal for an array, none for an iterable', async () => {
    const rows = [goodRow(0), null as unknown as BulkRow, goodRow(2), goodRow(3), goodRow(4)];
    const seen: BulkProgress[] = [];
    await bulkUpsertSnapshots(alexClient(mock), rows, { chunkSize: 2, onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([
      { rowsDone: 3, rowsTotal: 5, chunksDone: 1, skipped: 1 },
      { rowsDone: 5, rowsTotal: 5, chunksDone: 2, skipped: 1 },
    ]);
    const fromSet: BulkProgress[] = [];
    await bulkUpsertSnapshots(alexClient(mock), new Set([goodRow(10)]), { onProgress: (p) => fromSet.push(p) });
    expect(fromSet).toEqual([{ rowsDone: 1, chunksDone: 1, skipped: 0 }]);
  });

  it('"an AbortSignal stops at the next chunk boundary": the chunk in flight completes, no new chunk starts, the call rejects with reason aborted and the rows not confirmed', async () => {
    const client = alexClient(mock);
    const controller = new AbortController();
    let sent = 0;
    client.use({
      onRequest() {
        sent += 1;
        if (sent === 2) controller.abort(); // while chunk 2 is in flight
      },
    });
    const rows = Array.from({ length: 50 }, (_, i) => goodRow(i));
    const error = await bulkUpsertSnapshots(client, rows, { chunkSize: 10, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BulkUpsertError);
    expect(isBulkUpsertError(error)).toBe(true);
    const { reason, report, pending } = error as BulkUpsertError;
    expect(reason).toBe('aborted');
    expect((error as Error).cause).toBe(controller.signal.reason);
    expect(journalOf(mock, 'bulkUpsertSnapshots').map((r) => r.status)).toEqual([200, 200]); // chunk 2 completed
    expect(report.chunks.map((c) => c.chunk)).toEqual([0, 1]);
    expect(report).toMatchObject({ received: 50, inserted: 20, updated: 0 });
    expect(pending.map((p) => p.index)).toEqual(Array.from({ length: 30 }, (_, i) => 20 + i)); // the rest of the array
    expect(pending[0]!.row).toBe(rows[20]);
    expect(report.inserted + report.updated + report.skipped.length + pending.length).toBe(report.received);
  });

  it('a signal aborted before the call: nothing is sent, every good row is pending', async () => {
    const rows = [goodRow(0), goodRow(1)];
    const error = (await bulkUpsertSnapshots(alexClient(mock), rows, { signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    )) as BulkUpsertError;
    expect(error.reason).toBe('aborted');
    expect(error.pending.map((p) => p.row)).toEqual(rows);
    expect(journalOf(mock, 'bulkUpsertSnapshots')).toEqual([]);
  });

  it('"other errors (401, 413...) stop the run with a typed BulkUpsertError that carries the report so far"', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => goodRow(i));
    const error = (await bulkUpsertSnapshots(alexClient(mock), rows, {
      chunkSize: 2,
      onProgress: ({ chunksDone }) => {
        if (chunksDone === 1) {
          control.faults.inject({
            operation: 'bulkUpsertSnapshots',
            times: 1,
            kind: { status: 413, body: { error: 'At most 5000 rows per bulk call; got 5001', code: 'too_many_rows' } },
          });
        }
      },
    }).catch((e: unknown) => e)) as BulkUpsertError;
    expect(error).toBeInstanceOf(BulkUpsertError);
    expect(error.reason).toBe('request_failed');
    expect(error.cause).toBeInstanceOf(UnexpectedStatusError);
    expect((error.cause as UnexpectedStatusError).status).toBe(413);
    expect(error.report).toMatchObject({ received: 6, inserted: 2 });
    expect(error.pending.map((p) => p.index)).toEqual([2, 3, 4, 5]);
    expect(journalOf(mock, 'bulkUpsertSnapshots')).toHaveLength(2); // 413 is not retried

    const unauthorized = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: 'plk_unknownTokenValue0000000000000000000000',
    });
    const denied = (await bulkUpsertSnapshots(unauthorized, rows).catch((e: unknown) => e)) as BulkUpsertError;
    expect(denied.cause).toBeInstanceOf(UnauthorizedError);
    expect(denied.pending).toHaveLength(6);
    expect(JSON.stringify(denied.toJSON())).not.toContain('plk_unknownTokenValue');
  });

  it('an error thrown by onProgress or by the input stops the run (progress_failed, input_failed)', async () => {
    const boom = new Error('progress boom');
    const stopped = (await bulkUpsertSnapshots(alexClient(mock), [goodRow(0), goodRow(1)], {
      chunkSize: 1,
      onProgress: () => {
        throw boom;
      },
    }).catch((e: unknown) => e)) as BulkUpsertError;
    expect([stopped.reason, stopped.cause, stopped.pending.map((p) => p.index)]).toEqual([
      'progress_failed',
      boom,
      [1],
    ]);

    const broken = new Error('bad CSV line 3');
    async function* rows() {
      yield goodRow(0);
      yield goodRow(1);
      throw broken;
    }
    const failed = (await bulkUpsertSnapshots(alexClient(mock), rows(), { chunkSize: 1 }).catch(
      (e: unknown) => e,
    )) as BulkUpsertError;
    expect([failed.reason, failed.cause]).toEqual(['input_failed', broken]);
    expect(failed.report.received).toBe(2);
    expect(failed.report.inserted + failed.report.updated + failed.pending.length).toBe(2);
  });

  it.each([
    [{ chunkSize: 5001 }, /chunkSize` must be a whole number from 1 to 5000/],
    [{ chunkSize: 0 }, /chunkSize/],
    [{ chunkSize: 2.5 }, /chunkSize/],
    [{ concurrency: 0 }, /concurrency` must be a whole number from 1 to 16/],
    [{ onProgress: 'x' }, /onProgress/],
  ])('a bad option %o is a ClientOptionsError before anything is read or sent', async (options, message) => {
    let read = 0;
    function* rows() {
      read += 1;
      yield goodRow(0);
    }
    const error = await bulkUpsertSnapshots(alexClient(mock), rows(), options as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientOptionsError);
    expect((error as Error).message).toMatch(message);
    expect(read).toBe(0);
  });

  it('rows that are not iterable are a ClientOptionsError', async () => {
    await expect(bulkUpsertSnapshots(alexClient(mock), 'rows' as never)).rejects.toBeInstanceOf(ClientOptionsError);
    await expect(bulkUpsertSnapshots(alexClient(mock), 42 as never)).rejects.toBeInstanceOf(ClientOptionsError);
  });

  it('client.snapshots.bulkUpsert is the same helper', async () => {
    const report = await alexClient(mock).snapshots.bulkUpsert([
      { account_id: A.painting, snapshot_date: dayText(1), balance: 9 },
    ]);
    expect(report).toMatchObject({ received: 1, inserted: 1 });
  });
});
