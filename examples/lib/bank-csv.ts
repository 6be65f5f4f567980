// Pure parsing of bank balance exports: amounts, dates and bank profiles. No I/O, no network.
import { parse } from 'csv-parse/sync';

/** How one bank writes its balance export. Lives in mapping.json under `banks.<id>`. */
export interface BankProfile {
  /** A human name, printed in summaries. */
  name: string;
  /** The file's character encoding (any WHATWG label: `utf-8`, `windows-1252`, `iso-8859-15`...). @default 'utf-8' */
  encoding: string;
  /** The field delimiter: `,`, `;` or a tab. */
  delimiter: string;
  /** The decimal separator of amounts; the other of `.`/`,` (and spaces, apostrophes) may group thousands. */
  decimal_separator: '.' | ',';
  /** The order of day, month and year in dates (`31/10/2026` is DMY, `10/31/2026` MDY). */
  date_order: DateOrder;
  /**
   * Which columns hold the account label, the date and the balance: header names (the first line after the
   * ignored header lines is then the column header) or zero-based positions (the file has no column header).
   */
  columns: { label: string | number; date: string | number; balance: string | number };
  /** Lines to ignore at the top (bank name, export date...), blank ones included. @default 0 */
  header_lines: number;
  /** Lines to ignore at the bottom (`Total`, `Closing balance`...), trailing blank lines not counted. @default 0 */
  footer_lines: number;
  /** Institution name given to accounts created for this bank. @default the profile's `name` */
  institution_name?: string;
}

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** A parse outcome: the value, or why the text is not one. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One balance line of an export. */
export interface BalanceLine {
  /** 1-based line number in the file. */
  line: number;
  label: string;
  /** YYYY-MM-DD */
  date: string;
  balance: number;
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
  rows: BalanceLine[];
  rejected: RejectedLine[];
}

const NEGATIVE_FORMS = 'a leading or trailing minus, or parentheses';
// Beyond 15 significant digits a double no longer holds every decimal exactly.
const MAX_DIGITS = 15;
const GROUPING = /[\s\u00a0\u202f']/g;
const CURRENCY_BEFORE = /^(?:[$€£¥]|[A-Z]{3}\b)\s*/;
const CURRENCY_AFTER = /\s*(?:[$€£¥]|\b[A-Z]{3})$/;

/**
 * Parses a bank amount: `1.234,56`, `1,234.56`, `1 234,56`, `(1.234,56)`, `1234,56-`, `-$1,234.56`, `EUR 12,00`.
 * Thousands groups must have three digits, so an amount written with the other bank's separators is refused
 * rather than read a thousand times too big or small.
 */
export function parseAmount(text: string, decimalSeparator: '.' | ','): Parsed<number> {
  const written = text.trim();
  // U+2212 is the typographic minus some banks use; a currency may sit inside or outside the sign.
  let s = withoutCurrency(written.replace(/\u2212/g, '-'));
  if (s === '') return fail('balance is empty');
  const sign = [/^\((.*)\)$/s, /^-(.*)$/s, /^(.*)-$/s].filter((form) => form.test(s));
  if (sign.length > 1) return fail(`"${written}" has more than one sign (minus or parentheses)`);
  const negative = sign.length === 1;
  s = withoutCurrency(negative ? s.replace(sign[0]!, '$1') : s.replace(/^\+/, ''));
  if (/[-+()]/.test(s)) return fail(`"${written}" has more than one sign (minus or parentheses)`);
  const [whole = '', fraction, extra] = s.split(decimalSeparator);
  if (extra !== undefined) return fail(`"${written}" has more than one decimal separator "${decimalSeparator}"`);
  const group = decimalSeparator === ',' ? '.' : ',';
  const groups = whole.replace(GROUPING, group).split(group);
  const wellGrouped = groups.every((g, i) => (i > 0 ? /^\d{3}$/.test(g) : groups.length > 1 ? /^\d{1,3}$/.test(g) : /^\d+$/.test(g)));
  if (!wellGrouped || (fraction !== undefined && !/^\d+$/.test(fraction))) return fail(notAmount(written, decimalSeparator));
  const digits = groups.join('');
  if (digits.replace(/^0+/, '').length + (fraction?.length ?? 0) > MAX_DIGITS) {
    return fail(`"${written}" has more than ${MAX_DIGITS} digits`);
  }
  const value = Number(`${digits}.${fraction ?? '0'}`);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

function withoutCurrency(s: string): string {
  return s.trim().replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '').trim();
}

function notAmount(text: string, decimalSeparator: '.' | ','): string {
  const example = decimalSeparator === ',' ? '1.234,56' : '1,234.56';
  return `"${text.trim()}" is not an amount like ${example} (negative: ${NEGATIVE_FORMS})`;
}

const DATE_SHAPE = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;
const ORDER_HINT: Record<DateOrder, string> = { DMY: 'DD/MM/YYYY', MDY: 'MM/DD/YYYY', YMD: 'YYYY-MM-DD' };

/**
 * Parses a date in the profile's order (`/`, `.` or `-` between parts; a time after it is ignored) into
 * `YYYY-MM-DD`. A date starting with a four-digit year is read as year-month-day whatever the order. Two-digit
 * years are refused: `01/02/03` could be three different days.
 */
export function parseDate(text: string, order: DateOrder): Parsed<string> {
  const s = text.trim();
  const m = DATE_SHAPE.exec(s);
  const hint = `"${s}" is not a ${ORDER_HINT[order]} date`;
  if (!m) return fail(s === '' ? 'date is empty' : hint);
  const [a, b, c] = [m[1]!, m[2]!, m[3]!];
  let parts: [string, string, string]; // year, month, day
  if (a.length === 4) parts = [a, b, c];
  else if (order === 'YMD' || c.length !== 4) return fail(c.length === 2 ? `"${s}" has a two-digit year; a four-digit year is needed` : hint);
  else parts = order === 'DMY' ? [c, b, a] : [c, a, b];
  const [year, month, day] = parts.map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return fail(`"${s}" is not a real calendar date (${ORDER_HINT[order]})`);
  return { ok: true, value: `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

/**
 * Checks a profile from mapping.json and fills its defaults. Returns the profile, or the problems found, each
 * naming the field (`banks.first-bank-us.delimiter must be ...`).
 */
export function checkProfile(raw: unknown, where: string): Parsed<BankProfile> {
  const problems: string[] = [];
  const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (p !== raw) problems.push(`${where} must be an object`);
  const text = (key: string, fallback?: string): string => {
    const v = p[key] ?? fallback;
    if (typeof v !== 'string' || v === '') problems.push(`${where}.${key} must be a non-empty string`);
    return typeof v === 'string' ? v : '';
  };
  const count = (key: string): number => {
    const v = p[key] ?? 0;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) problems.push(`${where}.${key} must be a whole number, 0 or more`);
    return typeof v === 'number' ? v : 0;
  };
  const name = text('name');
  const encoding = text('encoding', 'utf-8');
  if (encoding && !isEncoding(encoding)) problems.push(`${where}.encoding "${encoding}" is not an encoding this Node.js knows`);
  const delimiter = text('delimiter');
  if (delimiter && !/^[^\s"\d.]$|^\t$/.test(delimiter)) problems.push(`${where}.delimiter must be one character such as "," ";" or a tab`);
  const decimal = p.decimal_separator;
  if (decimal !== '.' && decimal !== ',') problems.push(`${where}.decimal_separator must be "." or ","`);
  const order = p.date_order;
  if (order !== 'DMY' && order !== 'MDY' && order !== 'YMD') problems.push(`${where}.date_order must be "DMY", "MDY" or "YMD"`);
  const columns = (typeof p.columns === 'object' && p.columns !== null ? p.columns : {}) as Record<string, unknown>;
  const kinds = new Set<string>();
  for (const key of ['label', 'date', 'balance'] as const) {
    const v = columns[key];
    const isName = typeof v === 'string' && v.trim() !== '';
    const isIndex = typeof v === 'number' && Number.isInteger(v) && v >= 0;
    if (!isName && !isIndex) problems.push(`${where}.columns.${key} must be a column header name or a zero-based column number`);
    else kinds.add(typeof v);
  }
  if (kinds.size > 1) problems.push(`${where}.columns must be all header names or all column numbers`);
  const institution = p.institution_name;
  if (institution !== undefined && (typeof institution !== 'string' || institution === '')) {
    problems.push(`${where}.institution_name must be a non-empty string`);
  }
  const header_lines = count('header_lines');
  const footer_lines = count('footer_lines');
  if (problems.length > 0) return { ok: false, reason: problems.join('\n') };
  return {
    ok: true,
    value: {
      name,
      encoding,
      delimiter,
      decimal_separator: decimal as '.' | ',',
      date_order: order as DateOrder,
      columns: columns as BankProfile['columns'],
      header_lines,
      footer_lines,
      ...(typeof institution === 'string' ? { institution_name: institution } : {}),
    },
  };
}

function isEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/** Decodes an export's bytes with the profile's encoding; a UTF-8 byte-order mark is dropped. */
export function decodeExport(bytes: Uint8Array, profile: Pick<BankProfile, 'encoding'>): string {
  return new TextDecoder(profile.encoding).decode(bytes).replace(/^\uFEFF/, '');
}

/** The export could not be read as a whole (a missing column, an unclosed quote): nothing in it is used. */
export class ExportFormatError extends Error {
  override name = 'ExportFormatError';
}

/**
 * Reads an export's text with a profile: skips the header and footer lines, blank lines and lines with only
 * empty cells, and parses every other line. Lines that cannot be read are returned in `rejected` with their
 * line number and reason, never dropped. Labels are returned as written (trimmed); mapping them is the caller's.
 * Throws ExportFormatError when the file does not fit the profile at all.
 */
export function parseExport(text: string, profile: BankProfile): ParsedExport {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r\n|\n|\r/);
  let last = lines.length;
  while (last > 0 && lines[last - 1]!.trim() === '') last -= 1;
  const fromLine = profile.header_lines + 1;
  const toLine = last - profile.footer_lines;
  if (toLine < fromLine) return { rows: [], rejected: [] };

  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(body, {
      delimiter: profile.delimiter,
      from_line: fromLine,
      to_line: toLine,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    const where = typeof (error as { lines?: unknown }).lines === 'number' ? ` (line ${(error as { lines: number }).lines})` : '';
    throw new ExportFormatError(`not readable as ${profile.name} CSV${where}: ${(error as Error).message}`);
  }
  records = records.filter(({ record }) => record.some((cell) => cell !== ''));

  const byName = typeof profile.columns.label === 'string';
  const header = byName ? records.shift() : undefined;
  const index = (column: string | number): number => {
    if (typeof column === 'number') return column;
    const found = header!.record.findIndex((cell) => sameHeader(cell, column));
    if (found < 0) {
      const seen = header!.record.map((cell) => `"${cell}"`).join(', ');
      throw new ExportFormatError(`no column "${column}" in the column header on line ${header!.info.lines} (found ${seen}); check header_lines and columns`);
    }
    return found;
  };
  if (byName && !header) return { rows: [], rejected: [] };
  const at = { label: index(profile.columns.label), date: index(profile.columns.date), balance: index(profile.columns.balance) };

  const rows: BalanceLine[] = [];
  const rejected: RejectedLine[] = [];
  for (const { record, info } of records) {
    const cells = { label: record[at.label] ?? '', date: record[at.date] ?? '', balance: record[at.balance] ?? '' };
    const reject = (reason: string) => rejected.push({ line: info.lines, ...cells, reason });
    if (cells.label === '') {
      reject('no account label');
      continue;
    }
    const date = parseDate(cells.date, profile.date_order);
    if (!date.ok) {
      reject(date.reason);
      continue;
    }
    const balance = parseAmount(cells.balance, profile.decimal_separator);
    if (!balance.ok) {
      reject(balance.reason);
      continue;
    }
    rows.push({ line: info.lines, label: cells.label, date: date.value, balance: balance.value });
  }
  return { rows, rejected };
}

/** Header names match ignoring case and repeated spaces (`Ledger  balance` = `ledger balance`). */
function sameHeader(cell: string, name: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(cell) === norm(name);
}

/** Account labels match ignoring case and repeated spaces, as bank exports are not consistent about either. */
export function labelKey(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}
