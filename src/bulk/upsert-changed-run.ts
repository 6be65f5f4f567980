// The work of upsertChangedSnapshots, in a module of its own so the client's entry loads it only when it is called.
import type { LedgerClient } from '../client';
import { isLedgerApiError } from '../errors/guards';
import type { Snapshot } from '../types';
import type { BulkRow, BulkUpsertReport } from './types';
import type { DuplicateSnapshot, PlannedSnapshot, SkippedSnapshot, SnapshotChange, UpsertChangedOptions, UpsertChangedReport } from './upsert-changed';
import { checkRow } from './validate-row';

/** The work of upsertChangedSnapshots (see there). */
export async function runUpsertChanged(client: LedgerClient, rows: Iterable<BulkRow>, options: UpsertChangedOptions): Promise<UpsertChangedReport> {
  const skipped: SkippedSnapshot[] = [];
  const duplicates: DuplicateSnapshot[] = [];
  const byDay = new Map<string, Array<{ index: number; row: BulkRow }>>();
  let index = 0;
  for (const row of rows) {
    const check = checkRow(row);
    if (typeof check === 'string') skipped.push({ index, row, reason: check });
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
    const action: SnapshotChange = !current ? 'new' : current.is_estimated || !sameBalance(current.balance, row.balance) ? 'changed' : 'unchanged';
    planned.push({ index: i, row, action, stored: current });
  }
  const toWrite = planned.filter((p) => p.action !== 'unchanged');
  let written: BulkUpsertReport | undefined;
  if (!options.planOnly && toWrite.length > 0) {
    written = await client.snapshots.bulkUpsert(toWrite.map((p) => p.row), { ...options.bulk, signal: options.signal });
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
    ranges.set(row.account_id, range ? { from: date < range.from ? date : range.from, to: date > range.to ? date : range.to } : { from: date, to: date });
  }
  const stored = new Map<string, Map<string, Snapshot>>();
  for (const [accountId, { from, to }] of ranges) {
    try {
      const snapshots = await client.snapshots.list({ account_id: accountId, from, to }, { signal });
      stored.set(accountId, new Map(snapshots.filter((s) => s.account_id === accountId).map((s) => [s.snapshot_date, s])));
    } catch (error) {
      if (!isLedgerApiError(error, 404) && !isLedgerApiError(error, 422)) throw error;
      const reason = `the ledger answered ${error.status} for its snapshots: ${error.message}`;
      skipped.push(...kept.filter((k) => k.row.account_id === accountId).map((k) => ({ index: k.index, row: k.row, reason })));
    }
  }
  return stored;
}

// Balances come from decimal text on both sides; anything closer than a millionth is the same figure.
function sameBalance(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-6;
}
