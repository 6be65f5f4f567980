// A calendar day from its parts, checked by the SDK's one calendar rule (src/calendar-date.ts: leap years, month
// lengths), so the readers and the bulk helper agree on what a real date is.
import { dayNumber } from '../src/shared/calendar-date';

/** `YYYY-MM-DD` when year, month and day make a real date (years 1000-9999), else undefined. */
export function calendarDay(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return undefined;
  const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return dayNumber(text) === undefined ? undefined : text;
}
