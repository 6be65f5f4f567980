// Dates as banks write them: by a day-month-year order (the old profile field `date_order`), or by an explicit
// pattern such as `DD.MM.YY` or `DD MMM YYYY` (`date_format`). Two-digit years are read only with a stated pivot.
import { calendarDay } from '../dates';
import { fail, type Parsed } from './amounts';

/** The order of day, month and year in a date: `31/10/2026` is DMY. */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** A compiled way to read one bank's dates into `YYYY-MM-DD`. */
export interface DatePattern {
  /** How the dates look, for messages: `DD.MM.YY`. */
  describe: string;
  read(text: string): Parsed<string>;
}

const DATE_SHAPE = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;
const ORDER_HINT: Record<DateOrder, string> = { DMY: 'DD/MM/YYYY', MDY: 'MM/DD/YYYY', YMD: 'YYYY-MM-DD' };

/**
 * Parses a date in the profile's order (`/`, `.` or `-` between parts; a time after it is ignored) into
 * `YYYY-MM-DD`. A date starting with a four-digit year is read as year-month-day whatever the order. Two-digit
 * years are refused: `01/02/03` could be three different days (a `date_format` with `YY` and a pivot reads them).
 */
export function parseDate(text: string, order: DateOrder): Parsed<string> {
  const s = text.trim();
  const m = DATE_SHAPE.exec(s);
  const hint = `"${s}" is not a ${ORDER_HINT[order]} date`;
  if (!m) return fail(s === '' ? 'date is empty' : hint);
  const [a, b, c] = [m[1]!, m[2]!, m[3]!];
  let parts: [number, number, number]; // year, month, day
  if (a.length === 4) parts = [Number(a), Number(b), Number(c)];
  else if (order === 'YMD' || c.length !== 4)
    return fail(c.length === 2 ? `"${s}" has a two-digit year; a four-digit year is needed` : hint);
  else parts = order === 'DMY' ? [Number(c), Number(b), Number(a)] : [Number(c), Number(a), Number(b)];
  return calendarDate(parts, s, ORDER_HINT[order]);
}

/** The old `date_order` field as a DatePattern. */
export function orderPattern(order: DateOrder): DatePattern {
  return { describe: ORDER_HINT[order], read: (text) => parseDate(text, order) };
}

type Part = 'year' | 'year2' | 'month' | 'monthName' | 'day';

/** The tokens of `date_format`, longest first: each is the part it reads and what it matches. */
const TOKENS: ReadonlyArray<{ token: string; part: Part; pattern: string }> = [
  { token: 'YYYY', part: 'year', pattern: '(\\d{4})' },
  { token: 'YY', part: 'year2', pattern: '(\\d{2})' },
  { token: 'MMM', part: 'monthName', pattern: '([A-Za-z]{3,9})' },
  { token: 'MM', part: 'month', pattern: '(\\d{2})' },
  { token: 'M', part: 'month', pattern: '(\\d{1,2})' },
  { token: 'DD', part: 'day', pattern: '(\\d{2})' },
  { token: 'D', part: 'day', pattern: '(\\d{1,2})' },
];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
// A time after the date (`10:11:12`, `07:02 AM`) is not part of the day.
const TIME = '(?:[ T]\\d{1,2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?(?:\\s*[AaPp][Mm])?)?';

/**
 * Compiles a `date_format` such as `DD.MM.YYYY`, `M/D/YYYY`, `DD MMM YYYY` (English month names, `Jan` or
 * `January`) or `DD.MM.YY`. Other characters match themselves; a time after the date is ignored. A two-digit year
 * `YY` needs `pivot`, the first year of the hundred it stands for: with 1970, `69` is 2069 and `70` is 1970.
 */
export function compileDateFormat(format: string, pivot: number | undefined): Parsed<DatePattern> {
  const parts: Part[] = [];
  let source = '';
  for (let i = 0; i < format.length; ) {
    const token = TOKENS.find((t) => format.startsWith(t.token, i));
    if (token) {
      parts.push(token.part);
      source += token.pattern;
      i += token.token.length;
    } else {
      source += /\s/.test(format[i]!) ? '\\s+' : format[i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      i += 1;
    }
  }
  const count = (...of: Part[]) => parts.filter((p) => of.includes(p)).length;
  if (count('year', 'year2') !== 1 || count('month', 'monthName') !== 1 || count('day') !== 1) {
    return fail(`"${format}" must hold one year (YYYY or YY), one month (MM, M or MMM) and one day (DD or D)`);
  }
  if (parts.includes('year2') && (pivot === undefined || !Number.isInteger(pivot) || pivot < 1000 || pivot > 9899)) {
    return fail(
      `"${format}" has a two-digit year (YY): year_pivot must say which hundred years it means, such as 1970`,
    );
  }
  const shape = new RegExp(`^${source}${TIME}$`);
  const read = (text: string): Parsed<string> => {
    const s = text.trim();
    if (s === '') return fail('date is empty');
    const m = shape.exec(s);
    if (!m) return fail(`"${s}" is not a ${format} date`);
    const value: Record<'year' | 'month' | 'day', number> = { year: 0, month: 0, day: 0 };
    for (const [i, part] of parts.entries()) {
      const raw = m[i + 1]!;
      if (part === 'year2') value.year = pivot! + ((Number(raw) - (pivot! % 100) + 100) % 100);
      else if (part === 'monthName') {
        const month = MONTHS.findIndex((name) => raw.length >= 3 && name.startsWith(raw.toLowerCase()));
        if (month < 0) return fail(`"${s}": "${raw}" is not an English month name`);
        value.month = month + 1;
      } else value[part] = Number(raw);
    }
    return calendarDate([value.year, value.month, value.day], s, format);
  };
  return { ok: true, value: { describe: format, read } };
}

function calendarDate([year, month, day]: [number, number, number], text: string, hint: string): Parsed<string> {
  const date = calendarDay(year, month, day);
  return date === undefined ? fail(`"${text}" is not a real calendar date (${hint})`) : { ok: true, value: date };
}
