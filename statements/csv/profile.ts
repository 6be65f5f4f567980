// A bank profile: how one bank writes its CSV export. Profiles live in mapping.json under `banks.<id>`, either in
// full or as `"profile": "<id>"` naming one of the real layouts in examples/data/bank-profiles.json. No I/O here.
import { fail, type Parsed } from './amounts';
import { compileDateFormat, orderPattern, type DateOrder, type DatePattern } from './dates';
import { unknownFields } from '../../src/shared/suggest';
import { isEncoding } from '../text';

/** A column by its header name, or by its zero-based position when the file has no column header. */
export type Column = string | number;

/** Which columns the export has. Without `balance` the table is not read (the balance is then in a header line). */
export interface Columns {
  /** The bank's name for the account (an IBAN, `Current account`, a currency). Absent: a single-account file. */
  label?: Column;
  date?: Column;
  /** The balance after the line: a running balance, or a day's balance. */
  balance?: Column;
  /** The line's signed amount: with it, the running balance chain sets the order of a day's lines. */
  amount?: Column;
  /** Money in, when the export splits amounts into two columns (use with `debit`). */
  credit?: Column;
  /** Money out, as a positive figure or with a minus: either way it is taken out. */
  debit?: Column;
}

/** A balance stated once for the whole file, in a line above the column header or in the footer. */
export interface StatedBalance {
  /** A regular expression with a `(?<balance>...)` group; a `(?<date>...)` group too, if the date is on that line. */
  balance: string;
  /** A regular expression with a `(?<date>...)` group, when the date is on another line. */
  date?: string;
  /** How that date is written. @default the profile's date_format / date_order */
  date_format?: string;
}

/** How one bank writes its export. */
export interface BankProfile {
  /** A human name, printed in summaries. */
  name: string;
  /** The file's character encoding when it has no byte-order mark (`utf-8`, `windows-1252`, `iso-8859-15`...). @default 'utf-8' */
  encoding: string;
  /** The field delimiter: `,`, `;` or a tab. */
  delimiter: string;
  /** The decimal separator of amounts; the other of `.`/`,` (and spaces, apostrophes) may group thousands. */
  decimal_separator: '.' | ',';
  /** The order of day, month and year (`31/10/2026` is DMY). Give this or `date_format`. */
  date_order?: DateOrder;
  /** An explicit date pattern: `DD.MM.YYYY`, `M/D/YYYY`, `DD MMM YYYY`, `DD.MM.YY` (with `year_pivot`). */
  date_format?: string;
  /** The first year of the hundred a two-digit year stands for (1970: `69` is 2069, `70` is 1970). */
  year_pivot?: number;
  columns: Columns;
  /**
   * Lines above the column header (or above the data, with column numbers), blank ones included. Absent with
   * header names: the column header is the first line that has every named column.
   */
  header_lines?: number;
  /** Lines to ignore at the bottom (`Total`, `Closing balance`...), trailing blank lines not counted. @default 0 */
  footer_lines: number;
  /** Regular expressions: a table line matching one is not data (a section title, a pending line). @default [] */
  ignore_lines: string[];
  statement_balance?: StatedBalance;
  /** Institution name given to accounts created for this bank. @default the profile's `name` */
  institution_name?: string;
}

/** The fields of a profile (of BankProfile): any other field given is refused, as a typo would otherwise be ignored. */
const PROFILE_KEYS = [
  'name',
  'encoding',
  'delimiter',
  'decimal_separator',
  'date_order',
  'date_format',
  'year_pivot',
  'columns',
  'header_lines',
  'footer_lines',
  'ignore_lines',
  'statement_balance',
  'institution_name',
] as const satisfies ReadonlyArray<keyof BankProfile>;

/** The fields of statement_balance (of StatedBalance). */
const STATED_BALANCE_KEYS = ['balance', 'date', 'date_format'] as const satisfies ReadonlyArray<keyof StatedBalance>;

/** The column keys, in the order they are checked and reported. */
export const COLUMN_KEYS = ['label', 'date', 'balance', 'amount', 'credit', 'debit'] as const;

/** The profile's date reader for table lines, if it has a way to read dates. */
export function datePattern(
  profile: Pick<BankProfile, 'date_format' | 'date_order' | 'year_pivot'>,
): DatePattern | undefined {
  if (profile.date_format !== undefined) {
    const compiled = compileDateFormat(profile.date_format, profile.year_pivot);
    return compiled.ok ? compiled.value : undefined;
  }
  return profile.date_order ? orderPattern(profile.date_order) : undefined;
}

/** The date reader of the statement balance line: its own date_format, else the profile's. */
export function statementDatePattern(profile: BankProfile): DatePattern | undefined {
  const own = profile.statement_balance?.date_format;
  return own !== undefined ? datePattern({ date_format: own, year_pivot: profile.year_pivot }) : datePattern(profile);
}

/**
 * Checks a profile from mapping.json and fills its defaults. Returns the profile, or the problems found, each
 * naming the field (`banks.first-bank-us.delimiter must be ...`). A field that is not a profile's is refused.
 *
 * @param besides fields the caller allows beside the format and has set aside (a mapping's own), named when a
 *   refused field is close to one @default []
 * @param knownEncoding whether this runtime reads an encoding label @default isEncoding (this runtime's TextDecoder)
 */
export function checkProfile(
  raw: unknown,
  where: string,
  besides: readonly string[] = [],
  knownEncoding: (label: string) => boolean = isEncoding,
): Parsed<BankProfile> {
  const problems: string[] = [];
  const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (p !== raw) problems.push(`${where} must be an object`);
  problems.push(...unknownFields(p, [...PROFILE_KEYS, ...besides], where, 'a bank profile'));
  const text = (key: string, fallback?: string): string => {
    const v = p[key] ?? fallback;
    if (typeof v !== 'string' || v === '') problems.push(`${where}.${key} must be a non-empty string`);
    return typeof v === 'string' ? v : '';
  };
  const count = (key: string): number | undefined => {
    const v = p[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
      problems.push(`${where}.${key} must be a whole number, 0 or more`);
    return typeof v === 'number' ? v : 0;
  };
  const name = text('name');
  const encoding = text('encoding', 'utf-8');
  if (encoding && !knownEncoding(encoding))
    problems.push(`${where}.encoding "${encoding}" is not an encoding this Node.js knows`);
  const delimiter = text('delimiter');
  if (delimiter && !/^[^\s"\d.]$|^\t$/.test(delimiter))
    problems.push(`${where}.delimiter must be one character such as "," ";" or a tab`);
  const decimal = p.decimal_separator;
  if (decimal !== '.' && decimal !== ',') problems.push(`${where}.decimal_separator must be "." or ","`);

  const dates = checkDates(p, where, problems);
  const columns = checkColumns(p.columns, where, problems);
  const statement = checkStatementBalance(p.statement_balance, where, problems);
  if (!statement && (columns.date === undefined || columns.balance === undefined)) {
    problems.push(
      `${where}.columns needs date and balance (or give statement_balance, for a balance stated once in the file)`,
    );
  }
  const needsDates = columns.balance !== undefined || (statement !== undefined && statement.date_format === undefined);
  if (needsDates && dates.date_order === undefined && dates.date_format === undefined) {
    problems.push(`${where} needs date_format (such as "DD.MM.YYYY") or date_order ("DMY", "MDY" or "YMD")`);
  }
  if (statement?.date_format !== undefined) {
    const compiled = compileDateFormat(statement.date_format, dates.year_pivot);
    if (!compiled.ok) problems.push(`${where}.statement_balance.date_format ${compiled.reason}`);
  }
  const ignore = p.ignore_lines ?? [];
  if (!Array.isArray(ignore)) problems.push(`${where}.ignore_lines must be a list of regular expressions`);
  else
    ignore.forEach((pattern, i) => {
      isPattern(pattern, `${where}.ignore_lines[${i}]`, problems);
    });
  const institution = p.institution_name;
  if (institution !== undefined && (typeof institution !== 'string' || institution === '')) {
    problems.push(`${where}.institution_name must be a non-empty string`);
  }
  const header_lines = count('header_lines');
  const footer_lines = count('footer_lines') ?? 0;
  if (problems.length > 0) return fail(problems.join('\n'));
  return {
    ok: true,
    value: {
      name,
      encoding,
      delimiter,
      decimal_separator: decimal as '.' | ',',
      ...dates,
      columns,
      ...(header_lines !== undefined ? { header_lines } : {}),
      footer_lines,
      ignore_lines: ignore as string[],
      ...(statement ? { statement_balance: statement } : {}),
      ...(typeof institution === 'string' ? { institution_name: institution } : {}),
    },
  };
}

function checkDates(
  p: Record<string, unknown>,
  where: string,
  problems: string[],
): Pick<BankProfile, 'date_order' | 'date_format' | 'year_pivot'> {
  const { date_order: order, date_format: format, year_pivot: pivot } = p;
  const out: Pick<BankProfile, 'date_order' | 'date_format' | 'year_pivot'> = {};
  if (order !== undefined && format !== undefined)
    problems.push(`${where} has both date_order and date_format: give one`);
  if (order !== undefined) {
    if (order !== 'DMY' && order !== 'MDY' && order !== 'YMD')
      problems.push(`${where}.date_order must be "DMY", "MDY" or "YMD"`);
    else out.date_order = order;
  }
  if (pivot !== undefined) {
    if (typeof pivot !== 'number' || !Number.isInteger(pivot))
      problems.push(`${where}.year_pivot must be a year such as 1970`);
    else out.year_pivot = pivot;
  }
  if (format !== undefined) {
    const compiled =
      typeof format === 'string'
        ? compileDateFormat(format, out.year_pivot)
        : fail('must be a date pattern such as "DD.MM.YYYY"');
    if (!compiled.ok) problems.push(`${where}.date_format ${compiled.reason}`);
    else out.date_format = format as string;
  }
  return out;
}

function checkColumns(raw: unknown, where: string, problems: string[]): Columns {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push(`${where}.columns must be an object`);
    return {};
  }
  const given = raw as Record<string, unknown>;
  const columns: Columns = {};
  const kinds = new Set<string>();
  problems.push(...unknownFields(given, COLUMN_KEYS, `${where}.columns`, 'columns'));
  for (const key of COLUMN_KEYS) {
    const v = given[key];
    if (v === undefined) continue;
    const isName = typeof v === 'string' && v.trim() !== '';
    const isIndex = typeof v === 'number' && Number.isInteger(v) && v >= 0;
    if (!isName && !isIndex)
      problems.push(`${where}.columns.${key} must be a column header name or a zero-based column number`);
    else {
      kinds.add(typeof v);
      columns[key] = v as Column;
    }
  }
  if (kinds.size > 1) problems.push(`${where}.columns must be all header names or all column numbers`);
  if ((columns.credit === undefined) !== (columns.debit === undefined))
    problems.push(`${where}.columns.credit and columns.debit go together`);
  if (columns.amount !== undefined && columns.credit !== undefined)
    problems.push(`${where}.columns has amount and credit/debit: give one`);
  return columns;
}

function checkStatementBalance(raw: unknown, where: string, problems: string[]): StatedBalance | undefined {
  if (raw === undefined) return undefined;
  const at = `${where}.statement_balance`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push(`${at} must be an object`);
    return undefined;
  }
  const s = raw as Record<string, unknown>;
  const before = problems.length;
  problems.push(...unknownFields(s, STATED_BALANCE_KEYS, at, 'statement_balance'));
  if (!isPattern(s.balance, `${at}.balance`, problems) || !(s.balance as string).includes('(?<balance>')) {
    if (problems.length === before) problems.push(`${at}.balance must have a (?<balance>...) group`);
  }
  const dateOnBalanceLine = typeof s.balance === 'string' && s.balance.includes('(?<date>');
  if (s.date !== undefined) {
    if (isPattern(s.date, `${at}.date`, problems) && !(s.date as string).includes('(?<date>'))
      problems.push(`${at}.date must have a (?<date>...) group`);
  } else if (!dateOnBalanceLine)
    problems.push(`${at} needs the balance's date: a (?<date>...) group in balance, or a date pattern`);
  if (s.date_format !== undefined && typeof s.date_format !== 'string')
    problems.push(`${at}.date_format must be a date pattern such as "DD.MM.YYYY"`);
  if (problems.length > before) return undefined;
  return {
    balance: s.balance as string,
    ...(s.date !== undefined ? { date: s.date as string } : {}),
    ...(s.date_format !== undefined ? { date_format: s.date_format as string } : {}),
  };
}

function isPattern(value: unknown, where: string, problems: string[]): boolean {
  if (typeof value !== 'string' || value === '') {
    problems.push(`${where} must be a regular expression`);
    return false;
  }
  try {
    new RegExp(value);
    return true;
  } catch (error) {
    problems.push(`${where} is not a regular expression: ${(error as Error).message}`);
    return false;
  }
}

/** Account labels match ignoring case and repeated spaces, as bank exports are not consistent about either. */
export function labelKey(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}
