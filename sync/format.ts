// Text for people: fixed-width tables, and text from files or servers made safe for a terminal.
export { formatCount, formatMoney, maskAccountNumber, plural } from '../statements/format';

/** The guide to statements, the mapping file and ledger-sync, on GitHub: the npm package does not ship docs/statements.md. */
export const GUIDE_URL = 'https://github.com/personal-ledger/personal-ledger-sdk/blob/main/docs/statements.md';

const MAX_CELL = 48;
/** How much of a cut cell's start is kept; the rest of the 48 characters is its end. */
const CELL_START = 16;

/**
 * Text that came from outside (a file, a server) made safe to print: control characters and terminal escape
 * sequences become spaces, so nothing can move the cursor, recolour or retitle the terminal.
 */
export function printable(text: string): string {
  return text.replace(
    /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[\u0000-\u001f\u007f-\u009f]+/g,
    ' ',
  );
}

/**
 * A fixed-width text table, indented by two spaces. Columns listed in `right` are right-aligned (numbers);
 * cells but the last are cut to 48 characters in the middle, keeping both ends (a file's name ends its path, a
 * source says which statement at its end), and control characters become spaces.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly number[] = [],
): string {
  const last = headers.length - 1;
  const clean = (text: string, column: number) => {
    const one = printable(text);
    return column < last && one.length > MAX_CELL
      ? `${one.slice(0, CELL_START)}…${one.slice(one.length - (MAX_CELL - 1 - CELL_START))}`
      : one;
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
