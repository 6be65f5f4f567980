// OFX amounts and dates as real files write them.
import { calendarDay } from '../dates';
import { parseDecimal, toNumber, type Decimal } from '../decimal';

/**
 * An OFX amount, exactly: `-1119.29`, `+00000005231.36` (Fidelity pads with zeros), `1000`, `.5`, or with a
 * decimal comma (`1234,56`), which some banks send. Grouped thousands (`1,234.56`) are refused.
 */
export function parseOfxDecimal(text: string): Decimal | undefined {
  const t = text.trim();
  if (!/^[+-]?\d*(?:[.,]\d*)?$/.test(t) || !/\d/.test(t)) return undefined;
  return parseDecimal(t.replace(',', '.'));
}

/** parseOfxDecimal as a number. */
export function parseOfxAmount(text: string): number | undefined {
  const value = parseOfxDecimal(text);
  return value === undefined ? undefined : toNumber(value);
}

// YYYYMMDD, then optionally HHMMSS with fractions after `.` or `:` (`093914:014`, `093914.000000`), then an
// optional time zone in brackets (`[-5:EST]`, `[+5.30]`, `[-:EST]`, `[0:GMT]`).
const OFX_DATE = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:[.:]\d{1,6})?)?)?)?\s*(?:\[[^\]]{0,40}\])?$/;

/**
 * The calendar day of an OFX date. The day is the statement's own: a balance "as of 23:59:59 EST on Oct 31" is the
 * Oct 31 balance, though it is Nov 1 in UTC.
 */
export function parseOfxDate(text: string): string | undefined {
  const m = OFX_DATE.exec(text.trim());
  if (!m) return undefined;
  return calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}
