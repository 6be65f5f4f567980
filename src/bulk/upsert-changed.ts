// Write only what changed: compare balances with what the ledger holds (one GET /snapshots per account, over the
// rows' dates) and bulk-upsert only the new and changed ones. What every sync needs, so a rerun writes nothing.
import type { LedgerClient } from '../client';
import { isLedgerApiError } from '../errors/guards';
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
export function upsertChangedSnapshots(
  client: LedgerClient,
  rows: Iterable<BulkRow>,
  options: UpsertChangedOptions = {},
): Promise<UpsertChangedReport> {
  return runUpsertChanged(client, rows, options);
}

/** The work of upsertChangedSnapshots (see there). */
async function runUpsertChanged(
  client: LedgerClient,
  rows: Iterable<BulkRow>,
  options: UpsertChangedOptions,
): Promise<UpsertChangedReport> {
  // The row check is the engine's, loaded with it (writing loads it anyway): a static import would make the check a
  // chunk that a bundler splitting code loads at start beside the entry, shared with the engine (src/bulk/context.ts).
  const { rowProblem } = await import('./bulk-engine');
  const skipped: SkippedSnapshot[] = [];
  const duplicates: DuplicateSnapshot[] = [];
  const byDay = new Map<string, Array<{ index: number; row: BulkRow }>>();
  let index = 0;
  for (const row of rows) {
    const problem = rowProblem(row);
    if (problem !== undefined) skipped.push({ index, row, reason: problem });
    else {
      const key = `${row.account_id}\u0000${row.snapshot_date}`;
      const same = byDay.get(key);
      if (same) same.push({ index, row });
      else byDay.set(key, [{ index, row }]);
    }
    index += 1;
  }
  const kept: Array<{ index: number; row: BulkRow }> = [];
  for (const same of byDay.values()) {
    const first = same[0]!;
    if (same.every((s) => sameBalance(s.row.balance, first.row.balance))) {
      kept.push(first);
      duplicates.push(...same.slice(1).map((s) => ({ index: s.index, same_as: first.index })));
    } else {
      const reason = `${same.length} different balances for account ${first.row.account_id} on ${first.row.snapshot_date} (${same.map((s) => s.row.balance).join(', ')}): none is written`;
      const conflict = same.map((s) => s.index);
      skipped.push(...same.map((s) => ({ index: s.index, row: s.row, reason, conflict })));
    }
  }
  kept.sort((a, b) => a.index - b.index);

  const stored = await storedSnapshots(client, kept, skipped, options.signal);
  const planned: PlannedSnapshot[] = [];
  for (const { index: i, row } of kept) {
    const account = stored.get(row.account_id);
    if (account === undefined) continue; // its rows were skipped with the service's answer
    const current = account.get(row.snapshot_date);
    const action: SnapshotChange = !current
      ? 'new'
      : current.is_estimated || !sameBalance(current.balance, row.balance)
        ? 'changed'
        : 'unchanged';
    planned.push({ index: i, row, action, stored: current });
  }
  const toWrite = planned.filter((p) => p.action !== 'unchanged');
  let written: BulkUpsertReport | undefined;
  if (!options.planOnly && toWrite.length > 0) {
    written = await client.snapshots.bulkUpsert(
      toWrite.map((p) => p.row),
      { ...options.bulk, signal: options.signal },
    );
    for (const s of written.skipped) {
      const p = toWrite[s.index]!;
      skipped.push({ index: p.index, row: p.row, reason: `the ledger refused it: ${s.reason}` });
    }
  }
  skipped.sort((a, b) => a.index - b.index);
  duplicates.sort((a, b) => a.index - b.index);
  return { rows: planned, skipped, duplicates, written };
}

/** The stored snapshots of each account over its rows' dates, by account and date. */
async function storedSnapshots(
  client: LedgerClient,
  kept: ReadonlyArray<{ index: number; row: BulkRow }>,
  skipped: SkippedSnapshot[],
  signal: AbortSignal | undefined,
): Promise<Map<string, Map<string, Snapshot>>> {
  const ranges = new Map<string, { from: string; to: string }>();
  for (const { row } of kept) {
    const range = ranges.get(row.account_id);
    const date = row.snapshot_date;
    // ISO dates compare as strings (Math.min would make them NaN).
    const from = range && range.from < date ? range.from : date;
    const to = range && range.to > date ? range.to : date;
    ranges.set(row.account_id, { from, to });
  }
  const stored = new Map<string, Map<string, Snapshot>>();
  for (const [accountId, { from, to }] of ranges) {
    try {
      const snapshots = await client.snapshots.list({ account_id: accountId, from, to }, { signal });
      stored.set(
        accountId,
        new Map(snapshots.filter((s) => s.account_id === accountId).map((s) => [s.snapshot_date, s])),
      );
    } catch (error) {
      if (!isLedgerApiError(error, 404) && !isLedgerApiError(error, 422)) throw error;
      const reason = `the ledger answered ${error.status} for its snapshots: ${error.message}`;
      skipped.push(
        ...kept.filter((k) => k.row.account_id === accountId).map((k) => ({ index: k.index, row: k.row, reason })),
      );
    }
  }
  return stored;
}

// Balances come from decimal text on both sides; anything closer than a millionth is the same figure.
function sameBalance(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-6;
}
