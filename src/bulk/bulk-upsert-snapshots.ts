import type { LedgerClient } from '../client';
import type { BulkRows, BulkUpsertOptions, BulkUpsertReport } from './types';

/**
 * Upserts any number of snapshot rows through POST /snapshots/bulk (the same as `client.snapshots.bulkUpsert`).
 *
 * - Rows may be an array, any iterable, or an async iterable, read lazily: at most `concurrency` chunks of
 *   rows are held at a time.
 * - Each row is checked locally first (an object; `account_id` a UUID; `snapshot_date` a real `YYYY-MM-DD`
 *   date; `balance` a finite number). A bad row is reported in `skipped` with a reason and never sent.
 * - Rows go in chunks of at most `chunkSize` (5,000, the API's limit). Each skipped row's `index` is its
 *   position in your input, with the row attached. A chunk answered 422 (nothing written) is a chunk whose
 *   rows are all skipped, not an error.
 * - Rows sharing (account_id, snapshot_date) are applied in input order, the later one winning, also across
 *   chunks (with `concurrency > 1` a chunk waits for any chunk in flight that holds an earlier row of one of
 *   its keys). Superseded rows are listed in `duplicates`.
 * - The client retries a chunk as its `retry` option says (network errors, timeouts and the statuses of
 *   `retry.statusCodes`, by default `RETRY_DEFAULTS.statusCodes`: not every 5xx, 501 is not among them): safe,
 *   since upserts are keyed. For a chunk retried after the service applied it, the report shows what the successful
 *   attempt said (its rows as `updated`).
 * - A failure that is not retried, used-up retries, an abort (`signal`, honoured between chunks), or an error
 *   from your input or `onProgress` rejects with `BulkUpsertError`: its `report` says what was confirmed and
 *   `pending` lists the rows to send again (`bulkUpsertSnapshots(client, err.pending.map((p) => p.row))`).
 *   A sync input (an array) is listed to its end, so `pending` covers all of it; with an async iterable, rows
 *   not yet read stay in your iterator.
 * - Caveat: an attempt that timed out may still be applied by the service after its retry; if a later chunk
 *   wrote the same key in between, the late attempt's older balance would win. Keep `timeoutMs` well above
 *   the service's response time for bulk writes (the 30 s default is).
 *
 * Resolves to the report: `inserted + updated + skipped.length === received`.
 *
 * @example
 * const report = await bulkUpsertSnapshots(client, rows, { onProgress: (p) => console.log(p.rowsDone) });
 * if (report.skipped.length > 0) console.log(formatSkippedRows(report));
 */
export function bulkUpsertSnapshots(
  client: LedgerClient,
  rows: BulkRows,
  options?: BulkUpsertOptions,
): Promise<BulkUpsertReport> {
  return client.snapshots.bulkUpsert(rows, options);
}
