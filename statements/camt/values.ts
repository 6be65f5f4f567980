// The two kinds of value a camt statement's figures are written in, checked as the schema defines them: amounts
// (ActiveOrHistoricCurrencyAndAmount) and dates (xs:date, xs:dateTime). Each is a text node's value, already
// taken out of the XML by the parser.
import { calendarDay } from '../dates';

/** ActiveOrHistoricCurrencyAndAmount: at most 5 digits after the point and 18 in all (xs:fractionDigits, xs:totalDigits). */
const MOST_DECIMALS = 5;
const MOST_DIGITS = 18;
const AMOUNT = /^(\d+)(?:\.(\d+))?$/;

/** Why `text` is not a camt amount, as the end of a sentence (`not a decimal amount such as 1234.56`), or undefined when it is one. */
export function amountProblem(text: string): string | undefined {
  const m = AMOUNT.exec(text);
  if (!m) return 'not a decimal amount such as 1234.56';
  const whole = m[1]!;
  const fraction = m[2] ?? '';
  if (fraction.length <= MOST_DECIMALS && whole.length + fraction.length <= MOST_DIGITS) return undefined; // the usual case
  // The schema's limits are on the value: `1.500000` has one decimal, `007` one digit.
  const decimals = fraction.replace(/0+$/, '').length;
  if (decimals > MOST_DECIMALS) return `an invalid amount: camt allows at most ${MOST_DECIMALS} decimals`;
  if (whole.replace(/^0+/, '').length + decimals > MOST_DIGITS)
    return `an invalid amount: camt allows at most ${MOST_DIGITS} digits`;
  return undefined;
}

/** `2026-10-31`, `2026-10-31+02:00`, `2026-10-31Z`, `2026-10-31T23:59:59.5-05:00`: a date or date-time, its time zone optional. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+)?(?:Z|[+-]\d{2}:\d{2})?$/;

/**
 * The calendar day of an xs:date or xs:dateTime, as written: `2017-04-01+02:00` is April 1, and
 * `2026-10-31T23:59:59-05:00` October 31 (the day in the file's own time zone, never moved to UTC); undefined when
 * it is not a real date.
 */
export function dayOf(text: string): string | undefined {
  const m = DAY.exec(text);
  return m ? calendarDay(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}
