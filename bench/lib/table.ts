// Plain-text and Markdown tables for the benchmark report.
import type { Summary } from './stats';

/** `median [min..max]` with a fixed number of digits. */
export function fmtSummary(s: Summary, digits = 0): string {
  const f = (v: number) => fmtNumber(v, digits);
  return `${f(s.median)} [${f(s.min)}..${f(s.max)}]`;
}

/** A number with thousands separators. */
export function fmtNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Columns padded to their widest cell, for the terminal. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (c ?? '').padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

/** A GitHub-flavoured Markdown table. */
export function markdownTable(header: string[], rows: string[][]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}
