// What a sync did, for people (tables) and for scripts (`--dry-run --json`: one JSON object on stdout).
import type { PlannedRow, RowAction, SkippedLine } from './balance-sync.js';
import { formatTable } from './format.js';
import { say, type Io, type Output } from './io.js';

/** A file that could not be read at all: nothing in it was used. */
export interface RefusedFile {
  /** The path as given on the command line. */
  file: string;
  reason: string;
}

/** The `--json` report: exactly this object is printed on stdout. */
export interface JsonReport {
  rows: Array<{ account: string; date: string; balance: number; action: RowAction; source: string }>;
  skipped: Array<{ source: string; reason: string }>;
  refused: RefusedFile[];
}

/** The report of a dry run: every planned row, every skipped line or statement, every refused file. */
export function jsonReport(rows: readonly PlannedRow[], skipped: readonly SkippedLine[], refused: readonly RefusedFile[]): JsonReport {
  return {
    rows: rows.map((row) => ({ account: row.target.account, date: row.date, balance: row.balance, action: row.action, source: row.source })),
    skipped: [...skipped].sort((a, b) => a.line - b.line).map(({ source, reason }) => ({ source, reason })),
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

/** Refused files as a table. */
export function formatRefused(refused: readonly RefusedFile[]): string {
  return formatTable(['File', 'Reason'], refused.map((r) => [r.file, r.reason]));
}

/** The closing lines of a run whose exit status is 1 although it finished: why, on stderr. */
export function explainStatus(io: Io, refused: number, skipped: number, strict: boolean, what: string): boolean {
  const reasons: string[] = [];
  if (refused > 0) reasons.push(`${refused} ${refused === 1 ? 'file was' : 'files were'} refused`);
  if (strict && skipped > 0) reasons.push(`--strict and ${skipped} ${what}${skipped === 1 ? ' was' : 's were'} skipped`);
  if (reasons.length > 0) say(io.stderr, `Exiting with status 1 because ${reasons.join(' and ')} (listed above).`);
  return reasons.length > 0;
}
