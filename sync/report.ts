// What a run did, for people (tables) and for scripts (`--json`: one JSON object on stdout, of the shape the
// examples have always printed: rows, skipped, refused).
import { formatMoney, formatTable } from './format';
import type { RefusedFile } from './inputs';
import { say, type Io, type Output } from './io';
import type { PlannedRow, SkippedRow } from './plan';

/** The `--json` report: exactly this object is printed on stdout. */
export interface JsonReport {
  rows: Array<{ account: string; date: string; balance: number; action: PlannedRow['action']; source: string }>;
  skipped: Array<{ source: string; reason: string }>;
  refused: RefusedFile[];
}

/** The report of a run: every planned row, everything skipped, every refused file. */
export function jsonReport(rows: readonly PlannedRow[], skipped: readonly SkippedRow[], refused: readonly RefusedFile[]): JsonReport {
  return {
    rows: rows.map((row) => ({ account: row.target.account, date: row.date, balance: row.balance, action: row.action, source: row.source })),
    skipped: skipped.map(({ source, reason }) => ({ source, reason })),
    refused: refused.map(({ file, reason }) => ({ file, reason })),
  };
}

/** Prints the report as one JSON object, the only thing on stdout in --json mode. */
export function printJson(out: Output, report: JsonReport): void {
  out.write(`${JSON.stringify(report, null, 2)}\n`);
}

/** Where people's output goes: stdout, or stderr when stdout carries the JSON report. */
export function humanIo(io: Io, json: boolean): Io {
  return json ? { ...io, stdout: io.stderr } : io;
}

/** The plan as a table: action, ledger account, date, balance, balance stored, source. */
export function formatPlan(rows: readonly PlannedRow[], limit = 50): string {
  const table = formatTable(
    ['Action', 'Account', 'Date', 'Balance', 'Stored', 'Source'],
    rows.slice(0, limit).map((row) => [
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
  return formatTable(['File', 'Reason'], refused.map((r) => [r.file, r.reason]));
}

/** The closing line of a run whose exit status is 1 although it finished: why, on stderr. Returns whether it is 1. */
export function explainStatus(io: Io, refused: number, skipped: number, strict: boolean): boolean {
  const reasons: string[] = [];
  if (refused > 0) reasons.push(`${refused} ${refused === 1 ? 'file was' : 'files were'} refused`);
  if (strict && skipped > 0) reasons.push(`--strict and ${skipped} ${skipped === 1 ? 'item was' : 'items were'} skipped`);
  if (reasons.length > 0) say(io.stderr, `Exiting with status 1 because ${reasons.join(' and ')} (listed above).`);
  return reasons.length > 0;
}
