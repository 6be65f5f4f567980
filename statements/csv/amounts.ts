// Amounts as banks write them in CSV exports: the decimal separator and grouping of each locale, the negative forms,
// a currency next to the number.
import { negate, parseDecimal, toNumber, type Decimal } from '../decimal';

/** A parse outcome: the value, or why the text is not one. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const NEGATIVE_FORMS = 'a leading or trailing minus, or parentheses';
// Beyond 15 significant digits a double no longer holds every decimal exactly.
const MAX_DIGITS = 15;
const GROUPING = /[\s\u00a0\u202f']/g;
// A plain amount: an optional sign, digits, and decimals after the separator (no grouping, no currency).
const PLAIN_COMMA = /^([+-]?)(\d+)(?:,(\d+))?$/;
const PLAIN_POINT = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const CURRENCY_BEFORE = /^(?:[$€£¥]|[A-Z]{3}\b)\s*/;
const CURRENCY_AFTER = /\s*(?:[$€£¥]|\b[A-Z]{3})$/;

/**
 * Parses a bank amount exactly: `1.234,56`, `1,234.56`, `1 234,56`, `(1.234,56)`, `1234,56-`, `-$1,234.56`,
 * `EUR 12,00`, `+2500,00`, `£1,224.56`. Thousands groups must have three digits, so an amount written with the other
 * convention is refused rather than read a thousand times too big or small.
 */
export function parseDecimalAmount(text: string, decimalSeparator: '.' | ','): Parsed<Decimal> {
  // Most cells are a plain `-1234,56`: read at once (the same value the full rules give), the rest by the full rules.
  const plain = (decimalSeparator === ',' ? PLAIN_COMMA : PLAIN_POINT).exec(text);
  if (plain && plain[2]!.replace(/^0+/, '').length + (plain[3]?.length ?? 0) <= MAX_DIGITS) {
    const units = BigInt(`${plain[2]}${plain[3] ?? ''}`);
    return { ok: true, value: { units: plain[1] === '-' ? -units : units, scale: plain[3]?.length ?? 0 } };
  }
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
  const wellGrouped = groups.every((g, i) =>
    i > 0 ? /^\d{3}$/.test(g) : groups.length > 1 ? /^\d{1,3}$/.test(g) : /^\d+$/.test(g),
  );
  if (!wellGrouped || (fraction !== undefined && !/^\d+$/.test(fraction)))
    return fail(notAmount(written, decimalSeparator));
  const digits = groups.join('');
  if (digits.replace(/^0+/, '').length + (fraction?.length ?? 0) > MAX_DIGITS) {
    return fail(`"${written}" has more than ${MAX_DIGITS} digits`);
  }
  const value = parseDecimal(`${digits}.${fraction ?? ''}`)!;
  return { ok: true, value: negative ? negate(value) : value };
}

/** parseDecimalAmount, as a number. */
export function parseAmount(text: string, decimalSeparator: '.' | ','): Parsed<number> {
  const parsed = parseDecimalAmount(text, decimalSeparator);
  return parsed.ok ? { ok: true, value: toNumber(parsed.value) } : parsed;
}

function withoutCurrency(s: string): string {
  return s.trim().replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '').trim();
}

function notAmount(text: string, decimalSeparator: '.' | ','): string {
  const example = decimalSeparator === ',' ? '1.234,56' : '1,234.56';
  return `"${text.trim()}" is not an amount like ${example} (negative: ${NEGATIVE_FORMS})`;
}

/** A refusal with its reason. */
export function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
