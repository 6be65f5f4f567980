// Small text helpers for tables and amounts in the examples' output.

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
const count = new Intl.NumberFormat('en-US');

/** A balance for people: `-1,234.50`. */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** A count with thousands separators: `100,000`. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** `1 balance`, `2 balances`. */
export function plural(value: number, word: string, many = `${word}s`): string {
  return `${formatCount(value)} ${value === 1 ? word : many}`;
}

/** An account number with all but its last four characters hidden: `…4242`. */
export function maskAccountNumber(id: string): string {
  return id.length <= 4 ? id : `…${id.slice(-4)}`;
}

const MAX_CELL = 48;

/**
 * A fixed-width text table, indented by two spaces. Columns listed in `right` are right-aligned (numbers);
 * cells but the last are cut to 48 characters, and control characters become spaces.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[], right: readonly number[] = []): string {
  const last = headers.length - 1;
  const clean = (text: string, column: number) => {
    const one = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
    return column < last && one.length > MAX_CELL ? `${one.slice(0, MAX_CELL - 1)}…` : one;
  };
  const cells = [headers, ...rows].map((row) => row.map(clean));
  const widths = headers.map((_, c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  return cells
    .map((row) =>
      `  ${widths
        .map((width, c) => (right.includes(c) ? (row[c] ?? '').padStart(width) : (row[c] ?? '').padEnd(width)))
        .join('  ')}`.trimEnd(),
    )
    .join('\n');
}
