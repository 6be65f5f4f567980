// The values inside MT940 fields: amounts (the decimal comma, or the single decimal point some banks' older exports
// write), YYMMDD dates, balances (:60F: C261031EUR1234,56) and statement lines (:61:), with the day each entry was
// booked. Scanned by hand or with anchored patterns whose parts cannot overlap: nothing backtracks.
import { dayNumber } from '../../src/shared/calendar-date';
import { balanceKind } from '../balance-kinds';
import { calendarDay } from '../dates';
import { negate, parseDecimal, toPlain, type Decimal } from '../decimal';
import type { StatementBalance } from '../types';

// :60F: C 261031 EUR 1234,56 - D/C mark, YYMMDD, currency, amount (some banks leave out `,` for whole amounts: `500`
// is 500; some write `.` instead: amountOf decides).
const BALANCE = /^([CD])(\d{2})(\d{2})(\d{2})([A-Z]{3})([\d,.]+)\s*$/;

/**
 * A SWIFT amount: `1234,56`, `1234,`, `,5`, `500`, or with a single `.` where there is no `,` (`000000002145.00`,
 * `115351.`). Undefined when it has no digit; a reason (the separators it has) when the decimal mark is ambiguous.
 */
function amountOf(text: string): Decimal | string | undefined {
  const comma = text.indexOf(',');
  const point = text.indexOf('.');
  if (comma >= 0 && point >= 0) return 'both a decimal comma and a decimal point';
  const mark = comma >= 0 ? comma : point;
  if (mark < 0) return parseDecimal(text);
  if (text.indexOf(text[mark]!, mark + 1) >= 0)
    return mark === comma ? 'more than one comma' : 'more than one decimal point';
  return parseDecimal(`${text.slice(0, mark)}.${text.slice(mark + 1)}`);
}

/** Why an ambiguous amount is refused, for a reason. */
function ambiguous(text: string, why: string): string {
  return `has the amount ${text}, with ${why}: which one marks the decimals is not guessed`;
}

/** YYMMDD: SWIFT years 80-99 are 1980-1999, 00-79 are 2000-2079. */
function dateOf(yy: number, mm: number, dd: number): string | undefined {
  return calendarDay(yy >= 80 ? 1900 + yy : 2000 + yy, mm, dd);
}

/** A balance field's value (its first line), or why it cannot be read (to follow `:62F:C2610…`). */
export function readBalance(text: string, line: number, kind: StatementBalance['kind']): StatementBalance | string {
  const m = BALANCE.exec(text.trim());
  const unknown = `so the ${balanceKind(kind).description} is unknown`;
  if (!m) return `is not a balance like C261031EUR1234,56 (D/C mark, YYMMDD, currency, amount), ${unknown}`;
  const date = dateOf(Number(m[2]), Number(m[3]), Number(m[4]));
  if (date === undefined) return `has a date that is not a real calendar date (${m[2]}${m[3]}${m[4]}, YYMMDD)`;
  const amount = amountOf(m[6]!);
  if (typeof amount === 'string') return `${ambiguous(m[6]!, amount)}, ${unknown}`;
  if (amount === undefined) return `has no amount, ${unknown}`;
  return {
    kind,
    date,
    amount: toPlain(m[1] === 'D' && amount.units !== 0n ? negate(amount) : amount),
    currency: m[5]!,
    location: `line ${line}`,
    line,
  };
}

/** A :61: statement line, as far as the add-up check and the history need it. */
export interface EntryLine {
  /** Signed: C and RD (a reversed debit) add, D and RC (a reversed credit) take away; EC/ED are MT942's. */
  amount: Decimal;
  /** The value date's digits, YYMMDD. */
  valueDate: string;
  /** The entry (booking) date's digits, MMDD, when the line gives them (not left out, not blank). */
  entryDate: string | undefined;
}

/** True for the char code of an ASCII digit. */
export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Reads a :61: value: value date YYMMDD, [entry date MMDD, or four blanks as a US bank writes], mark (C, D, RC, RD;
 * EC/ED in MT942), [funds code], [a line break, as savings banks write], amount. The rest (type, references) is not
 * needed. Returns why when it cannot be read.
 */
export function readEntry(value: string): EntryLine | string {
  const unreadable = 'cannot be read (value date, D/C mark, amount)';
  for (let i = 0; i < 6; i += 1) if (!isDigit(value.charCodeAt(i))) return unreadable;
  let at = 6;
  let entryDate: string | undefined;
  if (
    isDigit(value.charCodeAt(6)) &&
    isDigit(value.charCodeAt(7)) &&
    isDigit(value.charCodeAt(8)) &&
    isDigit(value.charCodeAt(9))
  ) {
    entryDate = value.slice(6, 10);
    at = 10;
  } else if (value.startsWith('    ', 6)) at = 10;
  let credit: boolean;
  const first = value[at];
  const second = value[at + 1];
  if ((first === 'R' || first === 'E') && (second === 'C' || second === 'D')) {
    credit = first === 'R' ? second === 'D' : second === 'C'; // a reversed debit (RD) adds, a reversed credit takes away
    at += 2;
  } else if (first === 'C' || first === 'D') {
    credit = first === 'C';
    at += 1;
  } else return unreadable;
  const code = value.charCodeAt(at);
  if (code >= 65 && code <= 90) at += 1; // the funds code: the currency's third letter
  if (value.charCodeAt(at) === 10) at += 1;
  const from = at;
  while (isDigit(value.charCodeAt(at)) || value.charCodeAt(at) === 44 || value.charCodeAt(at) === 46) at += 1; // digits , .
  const text = value.slice(from, at);
  const amount = amountOf(text);
  if (typeof amount === 'string') return ambiguous(text, amount);
  if (amount === undefined) return unreadable;
  return { amount: credit ? amount : negate(amount), valueDate: value.slice(0, 6), entryDate };
}

/**
 * The day an entry was booked, `YYYY-MM-DD`: its entry date (MMDD) in the year, of the value date's and the two
 * beside it, that puts it nearest the value date (value 2024-12-31, entry 0102: 2025-01-02), else its value date.
 * Returns `{ problem }` when that day is not a real date: it is never guessed.
 */
export function bookingDay(entry: EntryLine): { date: string } | { problem: string } {
  const yy = Number(entry.valueDate.slice(0, 2));
  const value = dateOf(yy, Number(entry.valueDate.slice(2, 4)), Number(entry.valueDate.slice(4, 6)));
  if (value === undefined)
    return { problem: `has a value date that is not a real calendar date (${entry.valueDate}, YYMMDD)` };
  if (entry.entryDate === undefined) return { date: value };
  const month = Number(entry.entryDate.slice(0, 2));
  const day = Number(entry.entryDate.slice(2, 4));
  const notReal = `has an entry date that is not a real date (${entry.entryDate}, MMDD)`;
  if (month < 1 || month > 12 || day < 1 || day > 31) return { problem: notReal };
  // Each candidate year's distance from the value date, counted from the first of the month so that a 31st or a
  // 29th of February still has one; the nearest year then must hold that day.
  const valueDay = dayNumber(value)!;
  const year = Number(value.slice(0, 4));
  let best = year;
  let bestDistance = Infinity;
  for (const candidate of [year, year - 1, year + 1]) {
    const distance = Math.abs(dayNumber(`${candidate}-${entry.entryDate.slice(0, 2)}-01`)! + day - 1 - valueDay);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  const date = calendarDay(best, month, day);
  return date === undefined ? { problem: `${notReal} in ${best}, the year nearest its value date ${value}` } : { date };
}
