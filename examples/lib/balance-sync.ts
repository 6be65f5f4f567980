// Compares balances read from a bank file with what the ledger already holds, and writes only the difference.
import type { BulkUpsertReport, LedgerClient, Snapshot } from 'personal-ledger-sdk';
import { accountIdOf, accountKey, type ResolvedAccount } from './ledger-accounts.js';
import type { AccountTarget } from './mapping.js';
import { formatMoney, formatTable } from './format.js';

/** One balance from a file, already mapped to a ledger account. */
export interface BalanceRow {
  /** Where it came from: the file's line number (CSV), or the statement's number (OFX). */
  line: number;
  /** The file and the line or statement, for reports: `export.csv line 8`, `june.ofx statement 2`. */
  source: string;
  /** The bank's label for the account, as written. */
  label: string;
  target: AccountTarget;
  /** YYYY-MM-DD */
  date: string;
  balance: number;
}

/** A line that is not written, and why: for the skipped-rows table. */
export interface SkippedLine {
  line: number;
  /** The file and the line(s) or statement, for reports. */
  source: string;
  label: string;
  date: string;
  balance: string;
  reason: string;
}

/** `new`: no balance stored for that day; `changed`: a different (or estimated) one; `unchanged`: the same. */
export type RowAction = 'new' | 'changed' | 'unchanged';

export interface PlannedRow extends BalanceRow {
  action: RowAction;
  /** Absent when the account is still to be created (dry run). */
  accountId: string | undefined;
  /** The balance stored for that day, if any. */
  stored: Snapshot | undefined;
}

export interface SyncPlan {
  rows: PlannedRow[];
  skipped: SkippedLine[];
}

/**
 * Plans a sync: rows for unusable accounts are skipped with the reason; rows for the same ledger account and day
 * are one balance when they agree, and are all skipped when they differ (no balance is picked over another);
 * every other row is compared with the balance the ledger holds, read with one GET /snapshots per account over that
 * account's date range.
 */
export async function planSync(
  client: LedgerClient,
  rows: readonly BalanceRow[],
  accounts: ReadonlyMap<string, ResolvedAccount>,
  signal?: AbortSignal,
): Promise<SyncPlan> {
  const skipped: SkippedLine[] = [];
  const byDay = new Map<string, BalanceRow[]>();
  for (const row of rows) {
    const account = accounts.get(accountKey(row.target.account));
    if (!account || account.state === 'unavailable') {
      skipped.push(skip(row, account?.state === 'unavailable' ? account.reason : `ledger account "${row.target.account}" not resolved`));
      continue;
    }
    const key = `${accountKey(row.target.account)}\u0000${row.date}`;
    const same = byDay.get(key);
    if (same) same.push(row);
    else byDay.set(key, [row]);
  }
  const latest = new Map<string, BalanceRow>();
  for (const [key, same] of byDay) {
    if (same.every((r) => sameBalance(r.balance, same[0]!.balance))) latest.set(key, same.at(-1)!);
    else {
      const reason = `${same.length} different balances for "${same[0]!.target.account}" on ${same[0]!.date} (${same.map((r) => `${formatMoney(r.balance)} from ${r.source}`).join(', ')}): none is written`;
      skipped.push(...same.map((r) => skip(r, reason)));
    }
  }
  const kept = [...latest.values()].sort((a, b) => a.line - b.line);

  const stored = new Map<string, Snapshot>(); // by account_id + date
  const ranges = new Map<string, { from: string; to: string }>();
  for (const row of kept) {
    const id = accountIdOf(accounts.get(accountKey(row.target.account)));
    if (id === undefined) continue;
    const range = ranges.get(id);
    ranges.set(id, range ? { from: min(range.from, row.date), to: max(range.to, row.date) } : { from: row.date, to: row.date });
  }
  for (const [accountId, { from, to }] of ranges) {
    for (const snapshot of await client.snapshots.list({ account_id: accountId, from, to }, { signal })) {
      stored.set(`${snapshot.account_id}\u0000${snapshot.snapshot_date}`, snapshot);
    }
  }
  const planned = kept.map((row): PlannedRow => {
    const accountId = accountIdOf(accounts.get(accountKey(row.target.account)));
    const current = accountId === undefined ? undefined : stored.get(`${accountId}\u0000${row.date}`);
    // An estimated balance (carried forward by the service) is confirmed by writing the bank's figure.
    const action: RowAction = !current ? 'new' : current.is_estimated || !sameBalance(current.balance, row.balance) ? 'changed' : 'unchanged';
    return { ...row, action, accountId, stored: current };
  });
  return { rows: planned, skipped };
}

/** Rows a real run sends: new and changed ones. */
export function rowsToWrite(plan: SyncPlan): PlannedRow[] {
  return plan.rows.filter((row) => row.action !== 'unchanged');
}

/**
 * Sends the new and changed rows with the SDK's bulk helper, and lists the rows the service skipped (by line).
 * Throws BulkUpsertError if a request fails for good; upserts are keyed by account and day, so running the
 * file again is safe.
 */
export async function writePlan(
  client: LedgerClient,
  plan: SyncPlan,
  signal?: AbortSignal,
): Promise<{ report: BulkUpsertReport; skipped: SkippedLine[] }> {
  const rows = rowsToWrite(plan);
  const report = await client.snapshots.bulkUpsert(
    rows.map((row) => ({ account_id: row.accountId!, snapshot_date: row.date, balance: row.balance })),
    { signal },
  );
  const skipped = report.skipped.map(({ index, reason }) => skip(rows[index]!, `the ledger refused it: ${reason}`));
  return { report, skipped };
}

/** Counts of a plan, for summaries. */
export function countActions(plan: SyncPlan): Record<RowAction, number> {
  const counts: Record<RowAction, number> = { new: 0, changed: 0, unchanged: 0 };
  for (const row of plan.rows) counts[row.action] += 1;
  return counts;
}

/** The plan as a table: action, ledger account, date, balance from the file, balance stored, line. */
export function formatPlan(rows: readonly PlannedRow[], limit = 50): string {
  const table = formatTable(
    ['Action', 'Account', 'Date', 'Balance', 'Stored', 'Line'],
    rows.slice(0, limit).map((row) => [
      row.action,
      row.target.account,
      row.date,
      formatMoney(row.balance),
      row.stored ? `${formatMoney(row.stored.balance)}${row.stored.is_estimated ? ' (estimated)' : ''}` : '',
      String(row.line),
    ]),
    [3, 4, 5],
  );
  return rows.length > limit ? `${table}\n  ... and ${rows.length - limit} more` : table;
}

/** Skipped lines as a table, by line number. */
export function formatSkipped(skipped: readonly SkippedLine[], limit = 50): string {
  const sorted = [...skipped].sort((a, b) => a.line - b.line);
  const table = formatTable(
    ['Line', 'Label', 'Date', 'Balance', 'Reason'],
    sorted.slice(0, limit).map((s) => [String(s.line), s.label, s.date, s.balance, s.reason]),
    [0],
  );
  return sorted.length > limit ? `${table}\n  ... and ${sorted.length - limit} more` : table;
}

function skip(row: BalanceRow, reason: string): SkippedLine {
  return { line: row.line, source: row.source, label: row.label, date: row.date, balance: formatMoney(row.balance), reason };
}

/** The balance to write for a target: the bank's figure, or its negation when the mapping says so (negate_balance). */
export function signedBalance(target: AccountTarget, balance: number): number {
  return target.negate_balance && balance !== 0 ? -balance : balance;
}

// Balances come from decimal text on both sides; anything closer than a millionth is the same figure.
function sameBalance(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-6;
}

const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);
