// Write only what changed: compare balances with what the ledger holds (one GET /snapshots per account, over the
// rows' dates) and bulk-upsert only the new and changed ones. What every sync needs, so a rerun writes nothing.
import type { LedgerClient } from '../client';
import type { Snapshot } from '../types';
import type { BulkRow, BulkUpsertOptions, BulkUpsertReport } from './types';

/** What a row would do: no balance stored for its day, a different (or estimated) one, or the same. */
export type SnapshotChange = 'new' | 'changed' | 'unchanged';

/** A row compared with the ledger. */
export interface PlannedSnapshot {
  /** Zero-based position in your input. */
  index: number;
  row: BulkRow;
  action: SnapshotChange;
  /** The snapshot stored for that account and day, if any. */
  stored: Snapshot | undefined;
}

/** A row that is not written, and why (a bad row, a conflicting duplicate, or the ledger's refusal). */
export interface SkippedSnapshot {
  /** Zero-based position in your input. */
  index: number;
  row: unknown;
  reason: string;
  /** When rows of one account and day disagree: the input positions of all of them, so you can name each. */
  conflict?: number[];
}

/** A row dropped because an earlier row has the same account, day and balance: it is written once. */
export interface DuplicateSnapshot {
  index: number;
  /** The position of the row that is kept. */
  same_as: number;
}

/** Options of {@link upsertChangedSnapshots}. */
export interface UpsertChangedOptions {
  /** Compare only: read what the ledger holds and say what each row would do, writing nothing. @default false */
  planOnly?: boolean;
  /** Options of the bulk upsert that writes the new and changed rows (chunk size, concurrency, progress). @default {} */
  bulk?: Omit<BulkUpsertOptions, 'signal'>;
  /** Stops between requests. @default undefined */
  signal?: AbortSignal;
}

/** What {@link upsertChangedSnapshots} did, or (plan only) would do. */
export interface UpsertChangedReport {
  /** One per account and day, in input order, with its action. */
  rows: PlannedSnapshot[];
  /** Rows not written, by input position. */
  skipped: SkippedSnapshot[];
  /** Equal rows for one account and day after the first. */
  duplicates: DuplicateSnapshot[];
  /** The bulk upsert's report; undefined for a plan, or when nothing was new or changed. */
  written: BulkUpsertReport | undefined;
}

/**
 * Writes only the balances that are new or changed. Each row is checked locally (as the bulk helper does); rows of
 * one account and day are written once when their balances agree and are all skipped when they differ (no balance is
 * picked over another); then one GET /snapshots per account over its rows' dates says what is stored, and:
 *
 * - no snapshot that day: `new`;
 * - a different balance, or an estimated one (the service's own carry-forward, which the bank's figure confirms):
 *   `changed`;
 * - the same balance (within a millionth): `unchanged`, not sent.
 *
 * New and changed rows go through {@link bulkUpsertSnapshots}; rows the service refuses are listed in `skipped`
 * with its reason. With `planOnly` nothing is written. An account the service answers 404 or 422 for has its rows
 * skipped; any other failure rejects (a `LedgerApiError`, or the bulk helper's `BulkUpsertError`).
 *
 * @example
 * const plan = await upsertChangedSnapshots(client, rows, { planOnly: true });
 * console.log(plan.rows.filter((r) => r.action !== 'unchanged').length, 'to write');
 */
export function upsertChangedSnapshots(client: LedgerClient, rows: Iterable<BulkRow>, options: UpsertChangedOptions = {}): Promise<UpsertChangedReport> {
  // Loaded on first use with the bulk engine, in its chunk: a program that never writes never loads it.
  return import('./bulk-engine').then((engine) => engine.runUpsertChanged(client, rows, options));
}
