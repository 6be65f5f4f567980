// Exact decimals for bank figures. Running balances are checked (previous balance + amount = balance) and investment
// positions summed in these, never in floating point, where 0.1 + 0.2 is not 0.3.

/** `units` × 10^-`scale`: `-12.50` is `{ units: -1250n, scale: 2 }`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Reads a plain decimal (`-1234.5`, `+0050.0000`, `.5`); anything else (grouping, commas, signs after) is undefined. */
export function parseDecimal(text: string): Decimal | undefined {
  const m = PLAIN.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

/** Zero, for sums. */
export const ZERO: Decimal = { units: 0n, scale: 0 };

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale]; // the usual case: no power of ten to compute
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return { units: x + y, scale };
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return { units: x - y, scale };
}

export function negate(a: Decimal): Decimal {
  return { units: -a.units, scale: a.scale };
}

/** Equal in value: `1.50` equals `1.5`. */
export function equals(a: Decimal, b: Decimal): boolean {
  const [x, y] = aligned(a, b);
  return x === y;
}

export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce(add, ZERO);
}

/** The plain text of the value, with its scale: `-12.50`. */
export function toPlain(a: Decimal): string {
  const digits = (a.units < 0n ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const whole = digits.slice(0, digits.length - a.scale);
  const text = a.scale > 0 ? `${whole}.${digits.slice(-a.scale)}` : whole;
  return a.units < 0n ? `-${text}` : text;
}

/** The nearest double (what the API's `balance` number carries). */
export function toNumber(a: Decimal): number {
  const n = Number(toPlain(a));
  return n === 0 ? 0 : n;
}

/** A key that is the same for equal values (`1.50` and `1.5`), for sets and maps. */
export function valueKey(a: Decimal): string {
  if (a.scale === 0 || a.units % 10n !== 0n) return toPlain(a); // already in its shortest form
  let { units, scale } = a;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return toPlain({ units, scale });
}
