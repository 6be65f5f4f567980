// Calendar dates as day numbers (days since 1970-01-01, UTC): small integers sort, compare and
// key Maps cheaply, and one cached string per distinct day keeps a million snapshots compact.

const MS_PER_DAY = 86_400_000;
const formatted = new Map<number, string>();
const DENSE_DAYS = 1 << 17;
const denseFormatted: Array<string | undefined> = new Array<string | undefined>(DENSE_DAYS).fill(undefined);

/** The day number of a real calendar date in `YYYY-MM-DD` form, or `undefined` if it is not one. */
export function parseDay(text: string): number | undefined {
  // By hand, without a RegExp or a Date: bulk writes parse one date per row.
  if (text.length !== 10 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return daysFromCivil(year, month, day);
}

const ZERO = 48;
const DASH = 45;

// The number written by `count` ASCII digits at `start`, or -1 if any is not a digit.
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// Howard Hinnant's days_from_civil: exact for the proleptic Gregorian calendar (as Date is).
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** `YYYY-MM-DD` for a day number; one shared string per day. */
export function formatDay(day: number): string {
  // Days 0..2^17 (1970-2328) sit in a dense array: cheaper than a Map lookup on a hot path.
  const dense = day >= 0 && day < DENSE_DAYS;
  let text = dense ? denseFormatted[day] : formatted.get(day);
  if (text === undefined) {
    const date = new Date(day * MS_PER_DAY);
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    text = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
    if (dense) denseFormatted[day] = text;
    else formatted.set(day, text);
  }
  return text;
}

/** True for a real calendar date in `YYYY-MM-DD` form (leap years honoured). */
export function isRealDate(text: string): boolean {
  return parseDay(text) !== undefined;
}

/** The last day of each month from the month of `from` through the month of `to`, as `YYYY-MM-DD`. */
export function monthEnds(from: string, to: string): string[] {
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === undefined || end === undefined) throw new RangeError(`not dates: ${from}, ${to}`);
  const first = new Date(start * MS_PER_DAY);
  const out: string[] = [];
  for (let year = first.getUTCFullYear(), month = first.getUTCMonth(); ; month += 1) {
    if (Date.UTC(year, month, 1) / MS_PER_DAY > end) break;
    out.push(formatDay(Math.round(Date.UTC(year, month + 1, 1) / MS_PER_DAY) - 1));
  }
  return out;
}
