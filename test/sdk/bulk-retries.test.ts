import { describe, expect, it } from 'vitest';
import {
  bulkUpsertSnapshots,
  BulkUpsertError,
  isNetworkError,
  UnexpectedStatusError,
  type BulkRow,
  type RetryInfo,
} from 'personal-ledger-sdk';
import { createTestMock } from '../support/test-mock';
import { alexClient, expectFinalState, goodRow, journalOf, keyOf, lastWrites, storedBalances } from './support';

const { mock, control } = createTestMock({ scenario: 'demo', seed: 'bulk-retries' });
const BULK = 'bulkUpsertSnapshots';
// `retryAfter: 0`: an injected 503 sends Retry-After: 1 unless the fault names a wait (spec-gaps 21); these tests
// are about what is retried, not how long the client waits.
const rowsOf = (count: number, from = 0) => Array.from({ length: count }, (_, i) => goodRow(from + i));

/** How many times each key was written, from the snapshot.upserted events. */
function writesPerKey(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { event } of control.events.list())
    for (const s of event.data.snapshots) counts.set(keyOf(s), (counts.get(keyOf(s)) ?? 0) + 1);
  return counts;
}

describe('bulk upsert with retries (unknown outcome is safe: upserts are keyed by account_id and snapshot_date)', () => {
  it('"503 -> retried": the chunk is sent again, the final stored state is exact and nothing is duplicated', async () => {
    const before = await storedBalances(mock);
    control.faults.inject({ operation: BULK, times: 2, kind: { status: 503, retryAfter: 0 } });
    const rows = rowsOf(30);
    const report = await bulkUpsertSnapshots(alexClient(mock), rows, { chunkSize: 10 });
    expect(journalOf(mock, BULK).map((r) => r.status)).toEqual([503, 503, 200, 200, 200]);
    expect(report.chunks.map((c) => c.attempts)).toEqual([3, 1, 1]);
    expect(report).toMatchObject({ received: 30, inserted: 30, updated: 0, skipped: [] });
    await expectFinalState(mock, before, lastWrites(rows));
    expect([...writesPerKey().values()].every((n) => n === 1)).toBe(true);
  });

  it('"429 with Retry-After: 1 -> retried after the wait the service asked for"', async () => {
    control.faults.inject({ operation: BULK, times: 1, kind: { status: 429, retryAfter: 1 } });
    const retries: RetryInfo[] = [];
    const started = performance.now();
    const report = await bulkUpsertSnapshots(
      alexClient(mock, { retry: { baseDelayMs: 1, maxDelayMs: 5, onRetry: (i) => retries.push(i) } }),
      rowsOf(3),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toMatchObject([
      { method: 'POST', path: '/api/public/v1/snapshots/bulk', retry: 1, status: 429, delayMs: 1000 },
    ]);
    expect(report.chunks[0]).toMatchObject({ attempts: 2, inserted: 3 });
  });

  it('"429 with Retry-After: 0" is retried at once', async () => {
    control.faults.inject({ operation: BULK, times: 2, kind: { status: 429, retryAfter: 0 } });
    const report = await bulkUpsertSnapshots(alexClient(mock), rowsOf(3));
    expect(journalOf(mock, BULK).map((r) => r.status)).toEqual([429, 429, 200]);
    expect(report.inserted).toBe(3);
  });

  it('"network errors -> retried": a request that never reached the service is sent again', async () => {
    const before = await storedBalances(mock);
    control.faults.inject({ operation: BULK, times: 2, kind: { networkError: true } });
    const rows = rowsOf(20);
    const report = await bulkUpsertSnapshots(alexClient(mock), rows, { chunkSize: 10 });
    expect(journalOf(mock, BULK).map((r) => r.status)).toEqual([0, 0, 200, 200]);
    expect(report.inserted).toBe(20);
    await expectFinalState(mock, before, lastWrites(rows));
  });

  it('"a failure after the server applied a chunk" (afterApply): retried safely, no double count in the state; the report mirrors the attempt that succeeded (updated)', async () => {
    const before = await storedBalances(mock);
    control.faults.inject({ operation: BULK, times: 1, kind: { afterApply: 'networkError' } });
    const rows = rowsOf(10);
    const report = await bulkUpsertSnapshots(alexClient(mock), rows, { chunkSize: 5 });
    const requests = journalOf(mock, BULK);
    expect(requests.map((r) => [r.status, r.appliedStatus])).toEqual([
      [0, 200],
      [200, undefined],
      [200, undefined],
    ]);
    // Chunk 0 was applied by the lost attempt; the retry updated the same five keys to the same balances.
    expect(report.chunks.map((c) => [c.inserted, c.updated, c.attempts])).toEqual([
      [0, 5, 2],
      [5, 0, 1],
    ]);
    expect(report).toMatchObject({ received: 10, inserted: 5, updated: 5, skipped: [] });
    await expectFinalState(mock, before, lastWrites(rows));
  });

  it('afterApply with a 503 status: also retried, state exact', async () => {
    const before = await storedBalances(mock);
    control.faults.inject({ operation: BULK, times: 1, kind: { afterApply: { status: 503, retryAfter: 0 } } });
    const rows = rowsOf(4);
    const report = await bulkUpsertSnapshots(alexClient(mock), rows);
    expect(report).toMatchObject({ inserted: 0, updated: 4 });
    await expectFinalState(mock, before, lastWrites(rows));
  });

  it('random 503s and network errors over 12,345 rows: every chunk lands once its retries succeed; state exact', async () => {
    const before = await storedBalances(mock);
    control.faults.inject({ operation: BULK, rate: 0.3, kind: { status: 503, retryAfter: 0 } });
    control.faults.inject({ operation: BULK, rate: 0.3, kind: { afterApply: 'networkError' } });
    const rows = rowsOf(12_345);
    // No budget here: this many failures in a row would (rightly) drain the default one.
    const client = alexClient(mock, { retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetries: 10, budget: false } });
    const report = await bulkUpsertSnapshots(client, rows, { chunkSize: 1000 });
    expect(report.inserted + report.updated).toBe(12_345);
    expect(report.chunks).toHaveLength(13);
    await expectFinalState(mock, before, lastWrites(rows));
  });

  it('"when retries run out, BulkUpsertError carries the report so far and pending"; resuming with pending writes exactly the missing rows', async () => {
    const before = await storedBalances(mock);
    const rows = rowsOf(50);
    const client = alexClient(mock);
    // Chunk 1 (rows 10-19) is applied every time, but every answer is lost: 1 try + 2 retries.
    const error = (await bulkUpsertSnapshots(client, rows, {
      chunkSize: 10,
      onProgress: ({ chunksDone }) => {
        if (chunksDone === 1)
          control.faults.inject({ operation: BULK, times: 3, kind: { afterApply: 'networkError' } });
      },
    }).catch((e: unknown) => e)) as BulkUpsertError;
    expect(error).toBeInstanceOf(BulkUpsertError);
    expect(error.reason).toBe('request_failed');
    expect(isNetworkError(error.cause)).toBe(true);
    expect(error.report).toMatchObject({ received: 50, inserted: 10, updated: 0 });
    expect(error.pending.map((p) => p.index)).toEqual(Array.from({ length: 40 }, (_, i) => 10 + i));
    expect(error.pending.every((p) => p.row === rows[p.index])).toBe(true);

    const resumed = await bulkUpsertSnapshots(
      client,
      error.pending.map((p) => p.row),
      { chunkSize: 10 },
    );
    expect(resumed).toMatchObject({ received: 40, inserted: 30, updated: 10 }); // rows 10-19 were applied by the lost attempts
    await expectFinalState(mock, before, lastWrites(rows));
    // Each key written once, except the retried chunk's: 3 lost attempts + the resumed one.
    const writes = writesPerKey();
    const expected = new Map(rows.map((r, i) => [keyOf(r), i >= 10 && i < 20 ? 4 : 1]));
    expect(writes).toEqual(expected);
  });

  it('a chunk that keeps getting 503: BulkUpsertError with the UnexpectedStatusError as cause, nothing written for it', async () => {
    control.faults.inject({ operation: BULK, kind: { status: 503, retryAfter: 0 } });
    const error = (await bulkUpsertSnapshots(alexClient(mock), rowsOf(3)).catch((e: unknown) => e)) as BulkUpsertError;
    expect(error.cause).toBeInstanceOf(UnexpectedStatusError);
    expect(journalOf(mock, BULK)).toHaveLength(3);
    expect(error.pending).toHaveLength(3);
  });
});

describe('bulk upsert: lazy input and concurrency', () => {
  it('"async iterable input is read lazily": when each chunk is sent, the generator has been read exactly up to that chunk', async () => {
    let read = 0;
    async function* rows() {
      for (let i = 0; i < 1000; i += 1) {
        read += 1;
        yield goodRow(i);
      }
    }
    const readAtRequest: number[] = [];
    const client = alexClient(mock);
    client.use({ onRequest: () => void readAtRequest.push(read) });
    const report = await bulkUpsertSnapshots(client, rows(), { chunkSize: 100 });
    expect(readAtRequest).toEqual(Array.from({ length: 10 }, (_, k) => (k + 1) * 100));
    expect(report.received).toBe(1000);
  });

  it("with an async iterable, rows not yet read stay in the caller's iterator when a run stops", async () => {
    const controller = new AbortController();
    async function* generate() {
      for (let i = 0; i < 100; i += 1) yield goodRow(i);
    }
    const rows = generate();
    const error = (await bulkUpsertSnapshots(alexClient(mock), rows, {
      chunkSize: 10,
      signal: controller.signal,
      onProgress: ({ chunksDone }) => chunksDone === 2 && controller.abort(),
    }).catch((e: unknown) => e)) as BulkUpsertError;
    expect(error.reason).toBe('aborted');
    expect(error.report.received).toBe(20);
    expect(error.pending).toEqual([]);
    const next = await rows.next();
    expect(next.value).toEqual(goodRow(20));
  });

  it('"concurrency > 1 gives the same final state and report counts as sequential", with many keys repeated across chunks', async () => {
    // 600 rows over 150 keys: each key appears 4 times, in different chunks.
    const rows: BulkRow[] = Array.from({ length: 600 }, (_, i) => ({ ...goodRow(i % 150), balance: i }));
    const run = async (concurrency: number) => {
      await control.reset();
      control.faults.inject({ operation: BULK, rate: 0.5, kind: { latencyMs: 15 } }); // shuffle completion order
      let inFlight = 0;
      let most = 0;
      const client = alexClient(mock);
      client.use({
        onRequest: () => void (most = Math.max(most, ++inFlight)),
        onResponse: () => void (inFlight -= 1),
      });
      const report = await bulkUpsertSnapshots(client, rows, { chunkSize: 40, concurrency });
      return { report, state: await storedBalances(mock), most };
    };
    const sequential = await run(1);
    const parallel = await run(4);
    expect(sequential.most).toBe(1);
    expect(parallel.most).toBeGreaterThan(1);
    expect(parallel.state).toEqual(sequential.state);
    const counts = (r: typeof sequential.report) => [
      r.received,
      r.inserted,
      r.updated,
      r.skipped.length,
      r.duplicates.length,
      r.chunks.length,
    ];
    expect(counts(parallel.report)).toEqual(counts(sequential.report));
    expect(parallel.report.duplicates).toEqual(sequential.report.duplicates);
    expect(sequential.state.get(keyOf(rows[0]!))).toBe(450); // the last of rows 0, 150, 300, 450
  });

  it('with concurrency, a chunk holding a key of a chunk still in flight waits for it: the later row wins even when the earlier chunk is slow', async () => {
    const key = { account_id: goodRow(0).account_id, snapshot_date: goodRow(0).snapshot_date };
    const rows: BulkRow[] = [{ ...key, balance: 1 }, goodRow(1), { ...key, balance: 2 }, goodRow(3)];
    control.faults.inject({ operation: BULK, times: 1, kind: { latencyMs: 80 } }); // chunk 0 is slow
    const report = await bulkUpsertSnapshots(alexClient(mock), rows, { chunkSize: 2, concurrency: 4 });
    expect((await storedBalances(mock)).get(keyOf(key))).toBe(2);
    expect(report.duplicates).toEqual([{ index: 0, row: { ...key, balance: 1 }, superseded_by: 2 }]);
  });

  it('"bounded concurrency": never more than `concurrency` chunks in flight', async () => {
    control.faults.inject({ operation: BULK, kind: { latencyMs: 10 } });
    let inFlight = 0;
    let most = 0;
    const client = alexClient(mock);
    client.use({ onRequest: () => void (most = Math.max(most, ++inFlight)), onResponse: () => void (inFlight -= 1) });
    await bulkUpsertSnapshots(client, rowsOf(100), { chunkSize: 10, concurrency: 3 });
    expect(most).toBe(3);
  });
});
