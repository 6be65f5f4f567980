// The shapes of a bulk run: its options, its progress, and its report. Wire-like fields stay snake_case.
import type { SnapshotWrite } from '../types';

/** One input row of a bulk upsert: `{ account_id, snapshot_date, balance }`. */
export type BulkRow = SnapshotWrite;

/** The rows of a bulk upsert: an array, any iterable, or an async iterable (read lazily). */
export type BulkRows = Iterable<BulkRow> | AsyncIterable<BulkRow>;

/** Options of {@link bulkUpsertSnapshots}. */
export interface BulkUpsertOptions {
  /** Rows per request, from 1 to the API's limit (`MAX_BULK_ROWS` of openapi.json: 5,000). @default MAX_BULK_ROWS */
  chunkSize?: number;
  /**
   * Chunks in flight at once, 1 to 16. With more than 1, a chunk holding a key (account_id, snapshot_date)
   * that is also in a chunk still in flight waits for that chunk to finish first, so the later row still wins.
   * @default 1 (chunks are sent one after another, in input order)
   */
  concurrency?: number;
  /** Called after each chunk is answered (and once more at the end if local skips came after the last one). @default undefined */
  onProgress?: ((progress: BulkProgress) => void) | undefined;
  /**
   * Stops the run at the next chunk boundary: chunks in flight complete, no new chunk starts, and the call
   * rejects with a `BulkUpsertError` (reason `aborted`) carrying the report so far and the unconfirmed rows.
   * @default undefined
   */
  signal?: AbortSignal | undefined;
}

/** Progress of a bulk run, reported after each chunk. */
export interface BulkProgress {
  /** Rows with a final outcome so far: inserted + updated + skipped. */
  rowsDone: number;
  /** All rows, when the input's length is known (an array); otherwise absent. */
  rowsTotal?: number;
  /** Chunks answered so far. */
  chunksDone: number;
  /** Rows skipped so far (locally or by the service). */
  skipped: number;
}

/** A row that was not written: its position in your input, why, and the row as you gave it. */
export interface BulkSkippedRow {
  /** Zero-based position in your input (not in the chunk). */
  index: number;
  /** Why: a local check (`balance must be a finite number`) or the service's reason (`account not found or not writable`). */
  reason: string;
  /** The row as given; for a row rejected locally it may be anything (that is why it was rejected). */
  row: unknown;
}

/**
 * A row overwritten by a later row with the same (account_id, snapshot_date) in the same run: the service
 * applies rows in order and the later one wins (docs/spec-gaps.md, 9). Both rows are counted in
 * `inserted`/`updated`, as the service counts them.
 */
export interface BulkDuplicate {
  /** Position of the superseded row in your input. */
  index: number;
  /** The superseded row's account_id, snapshot_date and balance (a copy: the run does not keep your rows). */
  row: BulkRow;
  /** Position of the row that overwrote it (the next row with the same key that was written). */
  superseded_by: number;
}

/** The outcome of one chunk (one POST /snapshots/bulk). */
export interface BulkChunkResult {
  /** Zero-based chunk number, in input order. */
  chunk: number;
  /** Input position of the chunk's first row. */
  first_index: number;
  /** Rows sent in the chunk (rows rejected locally are never sent). */
  rows: number;
  /** As the service answered for the attempt that succeeded. */
  inserted: number;
  /** As the service answered for the attempt that succeeded (a retry of an applied chunk reports `updated`). */
  updated: number;
  /** Rows of this chunk the service skipped. */
  skipped: number;
  /** HTTP status: 200, or 422 when the service wrote none of the chunk's rows. */
  status: number;
  /** Attempts the chunk took, retries included. */
  attempts: number;
}

/** What a bulk run did. On a completed run, `inserted + updated + skipped.length === received`. */
export interface BulkUpsertReport {
  /** Rows read from your input. */
  received: number;
  /** Rows that created a snapshot. */
  inserted: number;
  /** Rows that updated an existing snapshot (including rows that updated a row of the same run). */
  updated: number;
  /** Rows not written, sorted by input position. */
  skipped: BulkSkippedRow[];
  /** Sum of `webhooks_attempted` over the chunks. */
  webhooks_attempted: number;
  /** Rows overwritten by a later row of the run with the same key, sorted by input position. */
  duplicates: BulkDuplicate[];
  /** One entry per chunk answered, in chunk order. */
  chunks: BulkChunkResult[];
}

/** A row whose outcome is not confirmed when a run stops: send these again to finish the job. */
export interface BulkPendingRow {
  /** Zero-based position in your input. */
  index: number;
  /** The row as given (the same object). */
  row: BulkRow;
}

/** Why a bulk run stopped early. */
export type BulkUpsertFailureReason =
  /** `options.signal` was aborted. */
  | 'aborted'
  /** A chunk failed for good: retries used up, or a status that is not retried (400, 401, 402, 403, 404, 413...). */
  | 'request_failed'
  /** Reading your input threw. */
  | 'input_failed'
  /** Your `onProgress` threw. */
  | 'progress_failed';
