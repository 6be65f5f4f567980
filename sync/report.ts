// What a run did, for people (tables) and for scripts (`--json`: one JSON object on stdout, of the shape the
// examples have always printed: rows, skipped, refused).
import type { BulkProgress, LedgerClient } from 'personal-ledger-sdk';
import type { BalanceKind } from 'personal-ledger-sdk/statements';
import { describeNewAccounts } from './accounts';
import { formatCount, formatMoney, formatTable, plural } from './format';
import type { RefusedFile } from './inputs';
import type { AccountTarget } from './mapping';
import { say, type Io, type Output } from './io';
import { planAndWrite, type BalanceRow, type PlannedRow, type SkippedRow } from './plan';

/** The `--json` report: exactly this object is printed on stdout. */
export interface JsonReport {
  rows: Array<{ account: string; date: string; balance: number; action: PlannedRow['action']; source: string }>;
  skipped: Array<{ source: string; reason: string }>;
  refused: RefusedFile[];
}

/** The report of a run: every planned row, everything skipped, every refused file. */
export function jsonReport(
  rows: readonly PlannedRow[],
  skipped: readonly SkippedRow[],
  refused: readonly RefusedFile[],
): JsonReport {
  return {
    rows: rows.map((row) => ({
      account: row.target.account,
      date: row.date,
      balance: row.balance,
      action: row.action,
      source: row.source,
    })),
    skipped: skipped.map(({ source, reason }) => ({ source, reason })),
    refused: refused.map(({ file, reason }) => ({ file, reason })),
  };
}

/** The `--json` object of a run that failed (exit 1), or was refused (exit 2) once --json was read: what stderr says. */
export interface JsonFailure {
  error: { message: string; exit_code: number };
}

/** The `--json` report of a first run (no --mapping): exactly this object is printed on stdout. */
export interface FirstRunReport {
  /** Every statement read, in file order: where it is, its account and currency, and every balance it states. */
  statements: Array<{
    source: string;
    format: string;
    account: string;
    currency: string | null;
    balances: Array<{ kind: BalanceKind; date: string; balance: number }>;
  }>;
  /** The mapping to start from, as the human output prints it (and --write-mapping saves it). */
  mapping: { accounts: Record<string, AccountTarget> };
  skipped: Array<{ source: string; reason: string }>;
  refused: RefusedFile[];
}

/** Prints the report as one JSON object, the only thing on stdout in --json mode. */
export function printJson(out: Output, report: JsonReport | JsonFailure | FirstRunReport): void {
  out.write(`${JSON.stringify(report, null, 2)}\n`);
}

/** Where people's output goes: stdout, or stderr when stdout carries the JSON report. */
export function humanIo(io: Io, json: boolean): Io {
  return json ? { ...io, stdout: io.stderr } : io;
}

/**
 * Every command's write step: compares the rows with the ledger and writes the new and changed ones (only compares,
 * on a dry run), saying so on `out` with the accounts created and the plan. Returns what `planAndWrite` does.
 */
export async function writeAndReport(
  client: LedgerClient,
  rows: readonly BalanceRow[],
  out: Output,
  options: { dryRun: boolean; signal?: AbortSignal; onProgress?: (progress: BulkProgress) => void },
): Promise<{ planned: PlannedRow[]; skipped: SkippedRow[]; written: number }> {
  if (rows.length === 0) return { planned: [], skipped: [], written: 0 };
  if (options.dryRun) say(out, 'Dry run: comparing with the ledger, writing nothing.');
  const result = await planAndWrite(client, rows, options);
  for (const line of describeNewAccounts(result.accounts)) say(out, line);
  if (result.planned.length > 0) say(out, formatPlan(result.planned));
  return result;
}

/**
 * The run's last line: what was (or, on a dry run, would be) written to `target`, new, changed and up to date;
 * `tail` adds what only one command counts ("; 2 skipped; 1 file refused").
 */
export function summaryLine(
  planned: readonly PlannedRow[],
  written: number,
  dryRun: boolean,
  target: string,
  tail: string,
): string {
  const count = (action: PlannedRow['action']) => planned.filter((r) => r.action === action).length;
  const toWrite = planned.length - count('unchanged');
  const changes = `${formatCount(count('new'))} new, ${formatCount(count('changed'))} changed, ${formatCount(count('unchanged'))} already up to date`;
  if (dryRun)
    return `Summary (dry run): ${plural(toWrite, 'balance')} would be written to ${target} (${changes}); nothing was written${tail}.`;
  if (toWrite === 0 && planned.length > 0)
    return `Nothing to write: all ${plural(planned.length, 'balance')} already up to date${tail}.`;
  return `Summary: wrote ${plural(written, 'balance')} to ${target} (${changes})${tail}.`;
}

/** The plan as a table: action, ledger account, date, balance, balance stored, source. */
export function formatPlan(rows: readonly PlannedRow[], limit = 50): string {
  const table = formatTable(
    ['Action', 'Account', 'Date', 'Balance', 'Stored', 'Source'],
    rows
      .slice(0, limit)
      .map((row) => [
        row.action,
        row.target.account,
        row.date,
        formatMoney(row.balance),
        row.stored ? `${formatMoney(row.stored.balance)}${row.stored.is_estimated ? ' (estimated)' : ''}` : '',
        row.source,
      ]),
    [3, 4],
  );
  return rows.length > limit ? `${table}\n  ... and ${rows.length - limit} more` : table;
}

/** Skipped items as a table. */
export function formatSkipped(skipped: readonly SkippedRow[], limit = 50): string {
  const table = formatTable(
    ['Source', 'Account', 'Date', 'Balance', 'Reason'],
    skipped.slice(0, limit).map((s) => [s.source, s.label, s.date, s.balance, s.reason]),
  );
  return skipped.length > limit ? `${table}\n  ... and ${skipped.length - limit} more` : table;
}

/** Refused files as a table. */
export function formatRefused(refused: readonly RefusedFile[]): string {
  return formatTable(
    ['File', 'Reason'],
    refused.map((r) => [r.file, r.reason]),
  );
}

/** The closing line of a run whose exit status is 1 although it finished: why, on stderr. Returns whether it is 1. */
export function explainStatus(io: Io, refused: number, skipped: number, strict: boolean): boolean {
  const reasons: string[] = [];
  if (refused > 0) reasons.push(`${refused} ${refused === 1 ? 'file was' : 'files were'} refused`);
  if (strict && skipped > 0)
    reasons.push(`--strict and ${skipped} ${skipped === 1 ? 'item was' : 'items were'} skipped`);
  if (reasons.length > 0) say(io.stderr, `Exiting with status 1 because ${reasons.join(' and ')} (listed above).`);
  return reasons.length > 0;
}
