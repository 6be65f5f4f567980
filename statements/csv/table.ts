// Reading a bank's CSV export with its profile: the table of lines (date, balance, and the amount when there is one),
// the balance a header or footer line states, and every line that holds data but cannot be used, with its reason.
// Pure: no I/O, no network. Which balance closes each day is decided in day-closing.ts. Cells are split by papaparse,
// which works on strings in every runtime (csv-parse needs Node's Buffer and took four times as long on 20 MB).
import Papa from 'papaparse';
import { parseDecimalAmount } from './amounts';
import { datePattern, statementDatePattern, type BankProfile, type Column } from './profile';
import { negate, subtract, ZERO, type Decimal } from '../decimal';
import { StatementFormatError } from '../errors';
import { decodeText } from '../text';

/** One line of the export's table. */
export interface TableLine {
  /** 1-based line number in the file. */
  line: number;
  /** The bank's account label as written (trimmed); '' in a single-account file. */
  label: string;
  /** YYYY-MM-DD */
  date: string;
  /** The balance after this line. */
  balance: Decimal;
  /** The line's signed amount, when the profile names an amount column (an empty cell is 0). */
  amount: Decimal | undefined;
}

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

/** The export could not be read as a whole (no column header, an unclosed quote): nothing in it is used. */
export class ExportFormatError extends StatementFormatError {
  override name = 'StatementFormatError';
}

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
  // One line ending throughout, so csv-parse and this reader count the same lines (it reads a lone CR as its own).
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const physical = body.split('\n');
  let last = physical.length;
  while (last > 0 && physical[last - 1]!.trim() === '') last -= 1;
  const tableEnd = last - profile.footer_lines; // the last line of the table (1-based)

  const hasTable = profile.columns.balance !== undefined;
  const byName = Object.values(profile.columns).some((c) => typeof c === 'string');
  let headerLine: number | undefined;
  let dataFrom = (profile.header_lines ?? 0) + 1;
  if (hasTable && byName) {
    headerLine = profile.header_lines !== undefined ? profile.header_lines + 1 : findHeader(physical, profile, tableEnd);
    dataFrom = headerLine + 1;
  }
  // Lines outside the table: where a statement balance may be written.
  const outside = hasTable
    ? [...range(1, (headerLine ?? dataFrom) - 1), ...range(tableEnd + 1, last)]
    : range(1, last);
  const statement = profile.statement_balance ? readStatement(physical, outside, profile) : undefined;
  if (!hasTable) return { lines: [], statement, rejected: [] };

  const records = readRecords(body, profile, dataFrom, tableEnd);
  let at: Record<keyof BankProfile['columns'], number | undefined>;
  if (headerLine !== undefined) {
    const header = cellsOf(physical[headerLine - 1] ?? '', profile);
    const index = (column: Column | undefined): number | undefined => {
      if (column === undefined || typeof column === 'number') return column;
      const found = header.findIndex((cell) => sameHeader(cell, column));
      if (found < 0) {
        const seen = header.map((cell) => `"${cell}"`).join(', ');
        throw new ExportFormatError(`no column "${column}" in the column header on line ${headerLine} (found ${seen}); check header_lines and columns`);
      }
      return found;
    };
    const c = profile.columns;
    at = { label: index(c.label), date: index(c.date), balance: index(c.balance), amount: index(c.amount), credit: index(c.credit), debit: index(c.debit) };
  } else {
    at = { ...profile.columns } as typeof at;
  }

  const ignore = profile.ignore_lines.map((pattern) => new RegExp(pattern));
  const dates = datePattern(profile)!;
  const lines: TableLine[] = [];
  const rejected: RejectedLine[] = [];
  for (const { record, raw, line } of records) {
    if (record.every((cell) => cell === '') || ignore.some((re) => re.test(raw))) continue;
    const cell = (i: number | undefined) => (i === undefined ? '' : (record[i] ?? ''));
    const cells = { label: cell(at.label), date: cell(at.date), balance: cell(at.balance) };
    const reject = (reason: string) => rejected.push({ line, ...cells, reason });
    if (at.label !== undefined && cells.label === '') {
      reject('no account label');
      continue;
    }
    const date = dates.read(cells.date);
    if (!date.ok) {
      reject(date.reason);
      continue;
    }
    if (cells.balance === '') {
      reject('no balance on this line (pending lines have none)');
      continue;
    }
    const balance = parseDecimalAmount(cells.balance, profile.decimal_separator);
    if (!balance.ok) {
      reject(balance.reason);
      continue;
    }
    const amount = readAmount(at, cell, profile.decimal_separator);
    if (amount !== undefined && !amount.ok) {
      reject(amount.reason);
      continue;
    }
    lines.push({ line, label: cells.label, date: date.value, balance: balance.value, amount: amount?.value });
  }
  return { lines, statement, rejected };
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

/** The records of lines `from` to `to` (1-based), each with its cells (trimmed), its text, and the line it starts on. */
function readRecords(body: string, profile: BankProfile, from: number, to: number): Array<{ record: string[]; raw: string; line: number }> {
  if (to < from) return [];
  const start = offsetOfLine(body, from);
  const end = offsetOfLine(body, to + 1);
  const region = body.slice(start, end < 0 ? body.length : end);
  const records: Array<{ record: string[]; raw: string; line: number }> = [];
  let line = from;
  let previous = 0;
  let broken: { line: number; message: string } | undefined;
  Papa.parse<string[]>(region, {
    delimiter: profile.delimiter,
    newline: '\n',
    step: (result, parser) => {
      const text = region.slice(previous, result.meta.cursor);
      previous = result.meta.cursor;
      const quote = result.errors.find((e) => e.type === 'Quotes');
      if (quote) {
        broken = { line, message: quote.code === 'MissingQuotes' ? 'a quoted cell is never closed' : 'a quote is misplaced in a cell' };
        parser.abort();
        return;
      }
      const raw = text.endsWith('\n') ? text.slice(0, -1) : text;
      if (raw.trim() !== '') records.push({ record: result.data.map((cell) => cell.trim()), raw, line });
      line += countNewlines(text);
    },
  });
  if (broken) throw new ExportFormatError(`not readable as ${profile.name} CSV (line ${broken.line}): ${broken.message}`);
  return records;
}

/** Where line `n` (1-based) starts in `text`, or -1 past the end. */
function offsetOfLine(text: string, n: number): number {
  let at = 0;
  for (let i = 1; i < n; i++) {
    at = text.indexOf('\n', at);
    if (at < 0) return -1;
    at += 1;
  }
  return at;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/** The first line (1-based) whose cells include every named column. */
function findHeader(physical: readonly string[], profile: BankProfile, tableEnd: number): number {
  const names = Object.values(profile.columns).filter((c): c is string => typeof c === 'string');
  const limit = Math.min(tableEnd, HEADER_SEARCH_LINES);
  for (let i = 0; i < limit; i++) {
    const line = physical[i]!;
    if (line.trim() === '') continue;
    const cells = cellsOf(line, profile);
    if (names.every((name) => cells.some((cell) => sameHeader(cell, name)))) return i + 1;
  }
  const wanted = names.map((n) => `"${n}"`).join(', ');
  throw new ExportFormatError(`no column header: none of the first ${limit} lines has the columns ${wanted}; check columns (and header_lines)`);
}

function cellsOf(line: string, profile: BankProfile): string[] {
  const [cells] = Papa.parse<string[]>(line, { delimiter: profile.delimiter, newline: '\n' }).data;
  return (cells ?? []).map((cell) => cell.trim());
}

/** Finds the statement balance (and its date) in the lines outside the table. Throws if the profile's pattern finds none. */
function readStatement(physical: readonly string[], outside: readonly number[], profile: BankProfile): StatementLine {
  const spec = profile.statement_balance!;
  const where = `statement_balance of ${profile.name}`;
  // Patterns see the line without its double quotes: `"Kontostand vom 09.12.2025:";"4.093,32 €"` is matched as
  // `Kontostand vom 09.12.2025:;4.093,32 €`.
  const find = (re: RegExp) => {
    for (const n of outside) {
      const m = re.exec(physical[n - 1]!.replace(/"/g, '').trim());
      if (m?.groups) return { m, line: n };
    }
    return undefined;
  };
  const found = find(new RegExp(spec.balance));
  if (!found) throw new ExportFormatError(`no line above the column header or in the footer matches ${where}.balance /${spec.balance}/`);
  const dated = found.m.groups!.date !== undefined ? found : spec.date ? find(new RegExp(spec.date)) : undefined;
  if (!dated) throw new ExportFormatError(`no line matches ${where}.date /${spec.date}/ (the date of the balance on line ${found.line})`);
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
