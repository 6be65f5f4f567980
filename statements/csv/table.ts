// Reading a bank's CSV export with its profile: the table of lines (date, balance, and the amount when there is one),
// the balance a header or footer line states, and every line that holds data but cannot be used, with its reason.
// Pure: no I/O, no network. Which balance closes each day is decided in day-closing.ts. Cells are split by papaparse,
// which works on strings in every runtime (csv-parse needs Node's Buffer and took four times as long on 20 MB).
import Papa from 'papaparse';
import { parseDecimalAmount } from './amounts';
import type { DatePattern } from './dates';
import { datePattern, statementDatePattern, type BankProfile, type Column } from './profile';
import { lineEnd, lineStarts, withLf } from './line-ends';
import { TableLines, type TableLine } from './table-lines';
import { negate, subtract, ZERO, type Decimal } from '../decimal';
import { StatementFormatError } from '../errors';
import { decodeText } from '../text';

export type { TableLine };

/** The balance a header or footer line states for the whole (single-account) file. */
export interface StatementLine {
  line: number;
  date: string;
  balance: Decimal;
}

/** A line that holds data but could not be read, with the raw cells for the report. */
export interface RejectedLine {
  line: number;
  label: string;
  date: string;
  balance: string;
  reason: string;
}

/** What an export contained. */
export interface ParsedExport {
  lines: TableLine[];
  statement: StatementLine | undefined;
  rejected: RejectedLine[];
}

/** What an export contained, its table kept compact (as a read of a large file needs it). */
export interface ExportTable {
  table: TableLines;
  statement: StatementLine | undefined;
  rejected: RejectedLine[];
}

/** The export could not be read as a whole (no column header, an unclosed quote): nothing in it is used. */
export class ExportFormatError extends StatementFormatError {
  override name = 'StatementFormatError';
}

/** Papaparse is given the table about this much at a time (it splits a whole input into lines at once). */
const PIECE_CHARS = 1 << 16;

/** How far down the column header is looked for, when the profile does not say (header_lines). */
const HEADER_SEARCH_LINES = 200;

/** Decodes an export's bytes with the profile's encoding; a byte-order mark (UTF-8, UTF-16) wins and is dropped. */
export function decodeExport(bytes: Uint8Array, profile: Pick<BankProfile, 'encoding'>): string {
  return decodeText(bytes, profile.encoding).text;
}

/**
 * Reads an export's text with a profile: finds the column header (by header_lines, or by the named columns),
 * skips blank lines, lines of empty cells, ignore_lines and the footer, and parses every other line. Lines that
 * cannot be read are returned in `rejected` with their line number and reason, never dropped. Labels are returned as
 * written (trimmed); mapping them is the caller's. Throws ExportFormatError when the file does not fit the profile.
 */
export function parseExport(text: string, profile: BankProfile): ParsedExport {
  const { table, statement, rejected } = readExport(text, profile);
  return { lines: table.toLines(), statement, rejected };
}

/** parseExport with the table's lines kept compact: each line is stored as papaparse meets it, never as an object. */
export function readExport(text: string, profile: BankProfile): ExportTable {
  // Lines end with LF, CRLF or a lone CR (line-ends.ts); papaparse is given each piece of the table with LF throughout.
  // The text is never copied whole to change them: a 20 MB export would then be in memory twice.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Where each line starts: lines are sliced when needed, never all held as strings (a 20 MB export has 130,000).
  const starts = lineStarts(body);
  const lineAt = (n: number): string =>
    body.slice(starts[n - 1] ?? body.length, n < starts.length ? lineEnd(body, starts[n]!) : body.length);
  let last = starts.length;
  while (last > 0 && lineAt(last).trim() === '') last -= 1;
  const tableEnd = last - profile.footer_lines; // the last line of the table (1-based)

  const hasTable = profile.columns.balance !== undefined;
  const byName = Object.values(profile.columns).some((c) => typeof c === 'string');
  let headerLine: number | undefined;
  let dataFrom = (profile.header_lines ?? 0) + 1;
  if (hasTable && byName) {
    headerLine = profile.header_lines !== undefined ? profile.header_lines + 1 : findHeader(lineAt, profile, tableEnd);
    dataFrom = headerLine + 1;
  }
  // Lines outside the table: where a statement balance may be written.
  const outside = hasTable ? [...range(1, (headerLine ?? dataFrom) - 1), ...range(tableEnd + 1, last)] : range(1, last);
  const statement = profile.statement_balance ? readStatement(lineAt, outside, profile) : undefined;
  const table = new TableLines();
  if (!hasTable) return { table, statement, rejected: [] };

  let at: Record<keyof BankProfile['columns'], number | undefined>;
  if (headerLine !== undefined) {
    const header = cellsOf(lineAt(headerLine), profile);
    const index = (column: Column | undefined): number | undefined => {
      if (column === undefined || typeof column === 'number') return column;
      const found = header.findIndex((cell) => sameHeader(cell, column));
      if (found < 0) {
        const seen = header.map((cell) => `"${cell}"`).join(', ');
        throw new ExportFormatError(
          `no column "${column}" in the column header on line ${headerLine} (found ${seen}); check header_lines and columns`,
        );
      }
      return found;
    };
    const c = profile.columns;
    at = {
      label: index(c.label),
      date: index(c.date),
      balance: index(c.balance),
      amount: index(c.amount),
      credit: index(c.credit),
      debit: index(c.debit),
    };
  } else {
    at = { ...profile.columns } as typeof at;
  }

  const ignore = profile.ignore_lines.map((pattern) => new RegExp(pattern));
  const dates = datePattern(profile)!;
  // Labels and dates repeat from line to line: each is read once and its one string shared (less garbage, less memory).
  const seenDates = new Map<string, ReturnType<DatePattern['read']>>();
  const seenLabels = new Map<string, string>();
  const rejected: RejectedLine[] = [];
  const cell = (record: readonly string[], i: number | undefined) => (i === undefined ? '' : (record[i] ?? '').trim());
  // Each record is read as papaparse meets it: no array of all records.
  readRecords(body, starts, profile, dataFrom, tableEnd, ignore.length > 0, (record, raw, line) => {
    if (!record.some((c) => c.trim() !== '') || (raw !== undefined && ignore.some((re) => re.test(raw)))) return;
    const labelText = cell(record, at.label);
    let label = seenLabels.get(labelText);
    if (label === undefined) {
      label = own(labelText);
      seenLabels.set(labelText, label);
    }
    const dateText = cell(record, at.date);
    const balanceText = cell(record, at.balance);
    const reject = (reason: string) => rejected.push({ line, label, date: dateText, balance: balanceText, reason });
    if (at.label !== undefined && label === '') return reject('no account label');
    let date = seenDates.get(dateText);
    if (!date) {
      date = dates.read(dateText);
      seenDates.set(dateText, date);
    }
    if (!date.ok) return reject(date.reason);
    if (balanceText === '') return reject('no balance on this line (pending lines have none)');
    const balance = parseDecimalAmount(balanceText, profile.decimal_separator);
    if (!balance.ok) return reject(balance.reason);
    const amount = readAmount(at, (i) => cell(record, i), profile.decimal_separator);
    if (amount !== undefined && !amount.ok) return reject(amount.reason);
    table.add(line, label, date.value, balance.value, amount?.value);
  });
  return { table, statement, rejected };
}

/**
 * A string of its own: a cell is a slice of the whole file's text, and a label kept in the results would keep all of
 * it alive (20 MB for a 20 MB export) long after the read.
 */
function own(text: string): string {
  return text.length < 13 ? text : [...text].join('');
}

/** The line's amount: the amount column, or credit minus debit. An empty cell is 0 (a line with no movement). */
function readAmount(
  at: Record<'amount' | 'credit' | 'debit', number | undefined>,
  cell: (i: number | undefined) => string,
  decimal: '.' | ',',
): { ok: true; value: Decimal } | { ok: false; reason: string } | undefined {
  const read = (i: number | undefined, what: string) => {
    const text = cell(i);
    if (text.trim() === '') return { ok: true as const, value: ZERO };
    const parsed = parseDecimalAmount(text, decimal);
    return parsed.ok ? parsed : { ok: false as const, reason: `${what}: ${parsed.reason}` };
  };
  if (at.amount !== undefined) return read(at.amount, 'amount');
  if (at.credit === undefined || at.debit === undefined) return undefined;
  const credit = read(at.credit, 'credit');
  const debit = read(at.debit, 'debit');
  if (!credit.ok) return credit;
  if (!debit.ok) return debit;
  const out = debit.value.units < 0n ? negate(debit.value) : debit.value;
  return { ok: true, value: subtract(credit.value, out) };
}

/**
 * Calls `onRecord` with the cells, the text (only `withRaw`: ignore_lines need it) and the first line of each record
 * of lines `from` to `to` (1-based). Papaparse is given the table a piece at a time, each piece cut at a line start
 * and with LF line ends; a quoted cell still open at the end of a piece is read again with the next, longer piece.
 */
function readRecords(
  body: string,
  starts: readonly number[],
  profile: BankProfile,
  from: number,
  to: number,
  withRaw: boolean,
  onRecord: (record: string[], raw: string | undefined, line: number) => void,
): void {
  if (to < from || from > starts.length) return;
  const end = to < starts.length ? starts[to]! : body.length;
  let at = starts[from - 1]!;
  let next = from; // the first line starting after `at`
  let line = from;
  let carried = ''; // a record that a piece ended inside of (LF line ends already)
  let size = PIECE_CHARS;
  let broken: { line: number; message: string } | undefined;
  while (at < end) {
    while (next < starts.length && starts[next]! <= at + size) next += 1;
    const cut = Math.min(next < starts.length ? starts[next]! : body.length, end);
    const piece = carried + withLf(body.slice(at, cut));
    const last = cut >= end;
    at = cut;
    let previous = 0;
    let open: number | undefined;
    Papa.parse<string[]>(piece, {
      delimiter: profile.delimiter,
      newline: '\n',
      step: (result, parser) => {
        const stop = result.meta.cursor;
        const quote = result.errors.find((e) => e.type === 'Quotes');
        if (quote && quote.code === 'MissingQuotes' && !last) {
          open = previous; // the cell may close in the next piece
          parser.abort();
          return;
        }
        if (quote) {
          broken = {
            line,
            message:
              quote.code === 'MissingQuotes' ? 'a quoted cell is never closed' : 'a quote is misplaced in a cell',
          };
          parser.abort();
          return;
        }
        const newlines = countNewlines(piece, previous, stop);
        const raw = withRaw ? piece.slice(previous, piece.charCodeAt(stop - 1) === 10 ? stop - 1 : stop) : undefined;
        if (stop - previous > newlines) onRecord(result.data, raw, line); // a line of spaces is passed over by the caller
        line += newlines;
        previous = stop;
      },
    });
    if (broken)
      throw new ExportFormatError(`not readable as ${profile.name} CSV (line ${broken.line}): ${broken.message}`);
    carried = open === undefined ? '' : piece.slice(open);
    // Twice as much each time a record goes on: a quote never closed costs a linear read, not one per piece.
    size = Math.max(PIECE_CHARS, 2 * carried.length);
  }
}

/** How many line ends `text` has between `from` and `to`. */
function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/** The first line (1-based) whose cells include every named column. */
function findHeader(lineAt: (n: number) => string, profile: BankProfile, tableEnd: number): number {
  const names = Object.values(profile.columns).filter((c): c is string => typeof c === 'string');
  const limit = Math.min(tableEnd, HEADER_SEARCH_LINES);
  for (let i = 0; i < limit; i++) {
    const line = lineAt(i + 1);
    if (line.trim() === '') continue;
    const cells = cellsOf(line, profile);
    if (names.every((name) => cells.some((cell) => sameHeader(cell, name)))) return i + 1;
  }
  const wanted = names.map((n) => `"${n}"`).join(', ');
  throw new ExportFormatError(
    `no column header: none of the first ${limit} lines has the columns ${wanted}; check columns (and header_lines)`,
  );
}

function cellsOf(line: string, profile: BankProfile): string[] {
  const [cells] = Papa.parse<string[]>(line, { delimiter: profile.delimiter, newline: '\n' }).data;
  return (cells ?? []).map((cell) => cell.trim());
}

/** Finds the statement balance (and its date) in the lines outside the table. Throws if the profile's pattern finds none. */
function readStatement(lineAt: (n: number) => string, outside: readonly number[], profile: BankProfile): StatementLine {
  const spec = profile.statement_balance!;
  const where = `statement_balance of ${profile.name}`;
  // Patterns see the line without its double quotes: `"Kontostand vom 09.12.2025:";"4.093,32 €"` is matched as
  // `Kontostand vom 09.12.2025:;4.093,32 €`.
  const find = (re: RegExp) => {
    for (const n of outside) {
      const m = re.exec(lineAt(n).replace(/"/g, '').trim());
      if (m?.groups) return { m, line: n };
    }
    return undefined;
  };
  const found = find(new RegExp(spec.balance));
  if (!found)
    throw new ExportFormatError(
      `no line above the column header or in the footer matches ${where}.balance /${spec.balance}/`,
    );
  const dated = found.m.groups!.date !== undefined ? found : spec.date ? find(new RegExp(spec.date)) : undefined;
  if (!dated)
    throw new ExportFormatError(
      `no line matches ${where}.date /${spec.date}/ (the date of the balance on line ${found.line})`,
    );
  const balance = parseDecimalAmount(found.m.groups!.balance ?? '', profile.decimal_separator);
  if (!balance.ok) throw new ExportFormatError(`line ${found.line}: the statement balance ${balance.reason}`);
  const date = statementDatePattern(profile)!.read(dated.m.groups!.date ?? '');
  if (!date.ok) throw new ExportFormatError(`line ${dated.line}: the statement balance's date ${date.reason}`);
  return { line: found.line, date: date.value, balance: balance.value };
}

/** Header names match ignoring case and repeated spaces (`Ledger  balance` = `ledger balance`). */
function sameHeader(cell: string, name: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(cell) === norm(name);
}

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
