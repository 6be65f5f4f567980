// Plain-text views of a bulk report, for logs and command-line tools.
import type { BulkUpsertReport } from './types';

/** Options of {@link formatSkippedRows}. */
export interface FormatSkippedRowsOptions {
  /** The most rows listed; the rest are counted in a last line. @default 20 */
  limit?: number;
}

/** One reason and how many rows it skipped. */
export interface SkippedReasonCount {
  reason: string;
  count: number;
}

const COLUMNS = ['Row', 'Account', 'Date', 'Balance', 'Reason'] as const;
const MAX_CELL = 40;
const numbers = new Intl.NumberFormat('en-US');

/**
 * The skipped rows as a fixed-width table: input row index, account, date, balance and reason, in input order.
 *
 * @example
 * console.log(formatSkippedRows(report, { limit: 10 }));
 * //   Row  Account                               Date        Balance  Reason
 * //     3  7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f  2024-02-30  10       snapshot_date must be a real calendar date in YYYY-MM-DD form
 */
export function formatSkippedRows(
  report: Pick<BulkUpsertReport, 'skipped'>,
  options: FormatSkippedRowsOptions = {},
): string {
  const { skipped } = report;
  if (skipped.length === 0) return 'No rows skipped.';
  const shown = skipped.slice(0, Math.max(0, Math.floor(options.limit ?? 20)));
  const table: string[][] = [
    [...COLUMNS],
    ...shown.map(({ index, reason, row }) => {
      // A row that is not an object is shown whole, in the Account column.
      const fields = (typeof row === 'object' && row !== null ? row : { account_id: row }) as Record<string, unknown>;
      const { balance } = fields;
      return [
        String(index),
        cell(fields.account_id),
        cell(fields.snapshot_date),
        cell(typeof balance === 'string' ? JSON.stringify(balance) : balance),
        oneLine(reason),
      ];
    }),
  ];
  const widths = COLUMNS.map((_, c) => table.reduce((width, cells) => Math.max(width, cells[c]!.length), 0));
  // Row numbers right-aligned, the reason (last) unpadded.
  const lines = table.map((cells) =>
    cells
      .map((text, c) => (c === 0 ? text.padStart(widths[0]!) : c < 4 ? text.padEnd(widths[c]!) : text))
      .join('  ')
      .trimEnd(),
  );
  if (skipped.length > shown.length)
    lines.push(`... and ${numbers.format(skipped.length - shown.length)} more skipped rows`);
  return lines.join('\n');
}

/** How many rows each reason skipped, most frequent first (ties by reason). */
export function groupSkippedByReason(report: Pick<BulkUpsertReport, 'skipped'>): SkippedReasonCount[] {
  const counts = new Map<string, number>();
  for (const { reason } of report.skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}

/**
 * A one-line summary of a report.
 *
 * @example
 * formatBulkSummary(report);
 * // '12,345 rows: 12,000 inserted, 200 updated, 145 skipped; 3 duplicates superseded; 3 chunks; 3 webhooks attempted'
 */
export function formatBulkSummary(report: BulkUpsertReport): string {
  const n = (value: number) => numbers.format(value);
  const plural = (value: number, word: string) => `${n(value)} ${word}${value === 1 ? '' : 's'}`;
  return (
    `${plural(report.received, 'row')}: ${n(report.inserted)} inserted, ${n(report.updated)} updated, ` +
    `${n(report.skipped.length)} skipped; ${plural(report.duplicates.length, 'duplicate')} superseded; ` +
    `${plural(report.chunks.length, 'chunk')}; ${plural(report.webhooks_attempted, 'webhook')} attempted`
  );
}

// A value as table text: strings as they are, numbers as written, anything else as JSON; one line, capped.
function cell(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'string'
        ? value
        : typeof value === 'number'
          ? Object.is(value, -0)
            ? '-0'
            : String(value)
          : value === undefined
            ? ''
            : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value); // a BigInt, or a cycle
  }
  text = oneLine(text);
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}
