import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount, parseDecimalAmount } from '../../statements/csv/amounts';
import { compileDateFormat, parseDate } from '../../statements/csv/dates';
import { toPlain } from '../../statements/decimal';

const value = (text: string, decimal: '.' | ',') => {
  const parsed = parseAmount(text, decimal);
  return parsed.ok ? parsed.value : `refused: ${parsed.reason}`;
};

describe('parseAmount: decimal separators, thousands groups and negative forms', () => {
  it.each([
    ['1.234,56', ',', 1234.56],
    ['1,234.56', '.', 1234.56],
    ['1234,56', ',', 1234.56],
    ['1 234,56', ',', 1234.56],
    ['1\u00a0234\u00a0567,8', ',', 1234567.8],
    ["1'234.50", '.', 1234.5],
    ['(1.234,56)', ',', -1234.56],
    ['(1,234.56)', '.', -1234.56],
    ['1234,56-', ',', -1234.56],
    ['1.234,56-', ',', -1234.56],
    ['-1,234.56', '.', -1234.56],
    ['\u22121,234.56', '.', -1234.56],
    ['+12.00', '.', 12],
    ['-$1,234.56', '.', -1234.56],
    ['($1,234.56)', '.', -1234.56],
    ['1.234,56 €', ',', 1234.56],
    ['EUR -12,00', ',', -12],
    ['0,00-', ',', 0],
    ['  42  ', '.', 42],
  ] as const)('%j with decimal %j is %d', (text, decimal, expected) => {
    expect(value(text, decimal)).toBe(expected);
  });

  it.each([
    ['', ',', 'balance is empty'],
    ['n.d.', ',', 'is not an amount like 1.234,56'],
    ['1,234.56', ',', 'is not an amount like 1.234,56'],
    ['1.234,56', '.', 'is not an amount like 1,234.56'],
    ['1.23,45', ',', 'is not an amount like 1.234,56'],
    ['12,345,67', '.', 'is not an amount like 1,234.56'],
    ['1,2,3', ',', 'more than one decimal separator'],
    ['-(12,00)', ',', 'more than one sign (minus or parentheses)'],
    ['-12,00-', ',', 'more than one sign (minus or parentheses)'],
    ['1234567890123456', '.', 'more than 15 digits'],
    ['--5', '.', 'more than one sign'],
  ] as const)('%j with decimal %j is refused (%s)', (text, decimal, reason) => {
    expect(value(text, decimal)).toContain(reason);
  });
});

// The oracle: how a bank writes an amount, independent of the parser.
interface Style {
  decimal: '.' | ',';
  group: string;
  negative: 'leading' | 'trailing' | 'parentheses';
  currency: string;
}

function writeAmount(cents: number, style: Style): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  const grouped = style.group === '' ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  const text = `${style.currency}${grouped}${style.decimal}${fraction}`;
  if (cents >= 0) return text;
  return style.negative === 'leading' ? `-${text}` : style.negative === 'trailing' ? `${text}-` : `(${text})`;
}

const styles: fc.Arbitrary<Style> = fc.constantFrom<'.' | ','>('.', ',').chain((decimal) =>
  fc.record({
    decimal: fc.constant(decimal),
    group: fc.constantFrom('', decimal === ',' ? '.' : ',', ' ', '\u00a0', "'"),
    negative: fc.constantFrom('leading', 'trailing', 'parentheses'),
    currency: fc.constantFrom('', '$', '€', 'EUR '),
  }),
);
// Up to 13 digits: every balance a household ledger holds, within a double's exact decimals.
const cents = fc.integer({ min: -(10 ** 13) + 1, max: 10 ** 13 - 1 });

describe('parseAmount properties (fast-check, seeded)', () => {
  it('reads back every amount as a bank writes it, in any style', () => {
    fc.assert(
      fc.property(cents, styles, (c, style) => {
        expect(parseAmount(writeAmount(c, style), style.decimal)).toEqual({ ok: true, value: c === 0 ? 0 : c / 100 });
      }),
      { seed: 20261101, numRuns: 2000 },
    );
  });

  it('never misreads a grouped amount written with the other convention: it is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 10 ** 13 - 1 }),
        fc.constantFrom<'.' | ','>('.', ','),
        (c, decimal) => {
          const other = decimal === ',' ? '.' : ',';
          const written = writeAmount(c, { decimal: other, group: decimal, negative: 'leading', currency: '' });
          expect(parseAmount(written, decimal).ok).toBe(false);
        },
      ),
      { seed: 20261102, numRuns: 1000 },
    );
  });
});

describe('parseDate: the profile decides the order, the calendar decides validity', () => {
  it.each([
    ['31/10/2026', 'DMY', '2026-10-31'],
    ['10/31/2026', 'MDY', '2026-10-31'],
    ['31.10.2026', 'DMY', '2026-10-31'],
    ['1/2/2026', 'DMY', '2026-02-01'],
    ['1/2/2026', 'MDY', '2026-01-02'],
    ['2026-10-31', 'DMY', '2026-10-31'],
    ['2026/10/31', 'YMD', '2026-10-31'],
    ['29/02/2024', 'DMY', '2024-02-29'],
    ['31/10/2026 23:59', 'DMY', '2026-10-31'],
  ] as const)('%j (%s) is %s', (text, order, expected) => {
    expect(parseDate(text, order)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'DMY', 'date is empty'],
    ['Pending', 'MDY', '"Pending" is not a MM/DD/YYYY date'],
    ['10/31/2026', 'DMY', 'not a real calendar date (DD/MM/YYYY)'],
    ['29/02/2026', 'DMY', 'not a real calendar date'],
    ['31/09/2026', 'DMY', 'not a real calendar date'],
    ['01/02/26', 'DMY', 'two-digit year'],
    ['31/10/2026', 'YMD', 'is not a YYYY-MM-DD date'],
  ] as const)('%j (%s) is refused: %s', (text, order, reason) => {
    const parsed = parseDate(text, order);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });
});

describe('parseDecimalAmount: exact, whatever the digits', () => {
  it.each([
    ['0,10', ',', '0.10'],
    ['+2500,00', ',', '2500.00'],
    ['£1,224.56', '.', '1224.56'],
    ['-£12.40', '.', '-12.40'],
    ['3.512,08\u00a0€', ',', '3512.08'],
    ['999.999.999.999,99', ',', '999999999999.99'],
  ] as const)('%j with decimal %j is exactly %s', (text, decimal, plain) => {
    const parsed = parseDecimalAmount(text, decimal);
    expect(parsed.ok && toPlain(parsed.value)).toBe(plain);
  });
});

describe('date_format: explicit patterns, two-digit years only with a stated pivot', () => {
  const read = (format: string, text: string, pivot?: number) => {
    const pattern = compileDateFormat(format, pivot);
    if (!pattern.ok) return `profile refused: ${pattern.reason}`;
    const parsed = pattern.value.read(text);
    return parsed.ok ? parsed.value : `refused: ${parsed.reason}`;
  };

  it.each([
    ['DD.MM.YYYY', '04.12.2026', undefined, '2026-12-04'],
    ['DD.MM.YY', '08.12.25', 1970, '2025-12-08'],
    ['DD.MM.YY', '31.12.69', 1970, '2069-12-31'],
    ['DD.MM.YY', '01.01.70', 1970, '1970-01-01'],
    ['DD.MM.YY', '01.01.99', 2000, '2099-01-01'],
    ['M/D/YYYY', '6/4/2016', undefined, '2016-06-04'],
    ['MM/DD/YYYY', '12/05/2026 08:12:45 AM', undefined, '2026-12-05'],
    ['DD MMM YYYY', '01 Dec 2026', undefined, '2026-12-01'],
    ['DD MMM YYYY', '08 December 2006', undefined, '2006-12-08'],
    ['D.M.YYYY', '3.9.2026', undefined, '2026-09-03'],
    ['YYYY-MM-DD', '2023-01-02 10:11:12', undefined, '2023-01-02'],
  ] as const)('%s reads %j as %s', (format, text, pivot, expected) => {
    expect(read(format, text, pivot)).toBe(expected);
  });

  it.each([
    [
      'DD.MM.YY',
      '08.12.25',
      undefined,
      'profile refused: "DD.MM.YY" has a two-digit year (YY): year_pivot must say which hundred years it means',
    ],
    ['DD.MM', '08.12', undefined, 'profile refused: "DD.MM" must hold one year'],
    ['DD.MM.YYYY', '08.12.25', undefined, 'refused: "08.12.25" is not a DD.MM.YYYY date'],
    ['DD.MM.YYYY', '31.11.2026', undefined, 'refused: "31.11.2026" is not a real calendar date (DD.MM.YYYY)'],
    ['DD MMM YYYY', '01 Dez 2026', undefined, 'refused: "01 Dez 2026": "Dez" is not an English month name'],
    ['MM/DD/YYYY', '', undefined, 'refused: date is empty'],
  ] as const)('%s refuses %j: %s', (format, text, pivot, expected) => {
    expect(read(format, text, pivot)).toContain(expected);
  });

  it('a two-digit year always lands in the hundred years starting at the pivot (fast-check, seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 0, max: 99 }), (pivot, yy) => {
        const pattern = compileDateFormat('DD.MM.YY', pivot);
        const parsed = pattern.ok && pattern.value.read(`15.06.${String(yy).padStart(2, '0')}`);
        const year = parsed !== false && parsed.ok ? Number(parsed.value.slice(0, 4)) : NaN;
        expect(year % 100).toBe(yy);
        expect(year >= pivot && year < pivot + 100).toBe(true);
      }),
      { seed: 20261203, numRuns: 500 },
    );
  });
});
