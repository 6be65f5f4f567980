// Calendar dates as day numbers (days since 1970-01-01, UTC): small integers sort, compare and
// key Maps cheaply, and one cached string per distinct day keeps a million snapshots compact.

import { dayNumber } from '../../src/shared/calendar-date';

const MS_PER_DAY = 86_400_000;
const formatted = new Map<number, string>();
const DENSE_DAYS = 1 << 17;
const denseFormatted: Array<string | undefined> = new Array<string | undefined>(DENSE_DAYS).fill(undefined);

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

/** The last day of each month from the month of `from` through the month of `to`, as `YYYY-MM-DD`. */
export function monthEnds(from: string, to: string): string[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === undefined || end === undefined) throw new RangeError(`not dates: ${from}, ${to}`);
  const first = new Date(start * MS_PER_DAY);
  const out: string[] = [];
  for (let year = first.getUTCFullYear(), month = first.getUTCMonth(); ; month += 1) {
    if (Date.UTC(year, month, 1) / MS_PER_DAY > end) break;
    out.push(formatDay(Math.round(Date.UTC(year, month + 1, 1) / MS_PER_DAY) - 1));
  }
  return out;
}
