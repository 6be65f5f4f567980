import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkProfile,
  decodeExport,
  ExportFormatError,
  parseAmount,
  parseDate,
  parseExport,
  type BankProfile,
} from '../../examples/lib/bank-csv.js';
import { checkMapping } from '../../examples/lib/mapping.js';
import { dataFile } from './support.js';

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
      fc.property(fc.integer({ min: 100_000, max: 10 ** 13 - 1 }), fc.constantFrom<'.' | ','>('.', ','), (c, decimal) => {
        const other = decimal === ',' ? '.' : ',';
        const written = writeAmount(c, { decimal: other, group: decimal, negative: 'leading', currency: '' });
        expect(parseAmount(written, decimal).ok).toBe(false);
      }),
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

const PROFILE: BankProfile = {
  name: 'Test bank',
  encoding: 'utf-8',
  delimiter: ';',
  decimal_separator: ',',
  date_order: 'DMY',
  columns: { label: 'Account', date: 'Date', balance: 'Balance' },
  header_lines: 2,
  footer_lines: 1,
};

describe('checkProfile: every problem is named by its path', () => {
  it('fills defaults for encoding and line counts', () => {
    const { encoding: _e, header_lines: _h, footer_lines: _f, ...rest } = PROFILE;
    expect(checkProfile(rest, 'banks.test')).toEqual({ ok: true, value: { ...PROFILE, header_lines: 0, footer_lines: 0 } });
  });

  it('lists each bad field', () => {
    const result = checkProfile(
      { name: '', encoding: 'klingon', delimiter: ';;', decimal_separator: ':', date_order: 'DDMM', columns: { label: 'A', date: 1 }, header_lines: -1 },
      'banks.x',
    );
    expect(result.ok).toBe(false);
    const reason = result.ok ? '' : result.reason;
    for (const expected of [
      'banks.x.name must be a non-empty string',
      'banks.x.encoding "klingon" is not an encoding',
      'banks.x.delimiter must be one character',
      'banks.x.decimal_separator must be "." or ","',
      'banks.x.date_order must be "DMY", "MDY" or "YMD"',
      'banks.x.columns.balance must be a column header name or a zero-based column number',
      'banks.x.columns must be all header names or all column numbers',
      'banks.x.header_lines must be a whole number',
    ]) {
      expect(reason).toContain(expected);
    }
  });

  it('the shipped mapping.json has no problems', async () => {
    const problems: string[] = [];
    const mapping = checkMapping(JSON.parse(await readFile(dataFile('mapping.json'), 'utf8')), problems);
    expect(problems).toEqual([]);
    expect([...mapping.banks.keys()]).toEqual(['first-bank-us', 'banca-aurora-it']);
    expect([...mapping.ofxAccounts.keys()]).toEqual(['000123451234', '4242424242424242']);
  });
});

describe('parseExport: header junk, footers, blank lines; every unreadable line reported with its number', () => {
  const text = [
    'Test bank export', // 1 junk
    'Generated 01/11/2026', // 2 junk
    'Account;Date;Balance', // 3 column header
    'Checking;30/10/2026;1.234,56', // 4
    '', // 5 blank
    ';;', // 6 only empty cells
    'Checking;31/10/2026;(1.234,56)', // 7
    'Savings;31/10/2026;12,00-', // 8
    'Savings;32/10/2026;1,00', // 9 bad date
    ';31/10/2026;1,00', // 10 no label
    'Savings;30/10/2026;abc', // 11 bad amount
    'Total;;13.000,00', // 12 footer
    '',
    '',
  ].join('\r\n');

  it('reads good lines with their line numbers and rejects the rest with reasons', () => {
    const { rows, rejected } = parseExport(text, PROFILE);
    expect(rows).toEqual([
      { line: 4, label: 'Checking', date: '2026-10-30', balance: 1234.56 },
      { line: 7, label: 'Checking', date: '2026-10-31', balance: -1234.56 },
      { line: 8, label: 'Savings', date: '2026-10-31', balance: -12 },
    ]);
    expect(rejected.map((r) => [r.line, r.reason])).toEqual([
      [9, '"32/10/2026" is not a real calendar date (DD/MM/YYYY)'],
      [10, 'no account label'],
      [11, '"abc" is not an amount like 1.234,56 (negative: a leading or trailing minus, or parentheses)'],
    ]);
  });

  it('reads columns by position when the file has no column header', () => {
    const profile: BankProfile = { ...PROFILE, columns: { label: 2, date: 0, balance: 1 }, header_lines: 0, footer_lines: 0 };
    expect(parseExport('31/10/2026;5,00;Cash\n', profile).rows).toEqual([{ line: 1, label: 'Cash', date: '2026-10-31', balance: 5 }]);
  });

  it('names the missing column and the header it looked in', () => {
    expect(() => parseExport(text, { ...PROFILE, columns: { label: 'Account', date: 'Datum', balance: 'Balance' } })).toThrow(
      new ExportFormatError('no column "Datum" in the column header on line 3 (found "Account", "Date", "Balance"); check header_lines and columns'),
    );
  });

  it('refuses a file with an unclosed quote, with the line', () => {
    expect(() => parseExport('Account;Date;Balance\nA;31/10/2026;"1,00\n', { ...PROFILE, header_lines: 0, footer_lines: 0 })).toThrow(
      /not readable as Test bank CSV \(line \d\): Quote Not Closed/,
    );
  });

  it('reads both sample exports: BOM, quotes, parentheses, trailing minus, footer', async () => {
    const problems: string[] = [];
    const mapping = checkMapping(JSON.parse(await readFile(dataFile('mapping.json'), 'utf8')), problems);
    const us = mapping.banks.get('first-bank-us')!.profile;
    const first = parseExport(decodeExport(await readFile(dataFile('first-bank-balances.csv')), us), us);
    expect(first.rows).toHaveLength(9);
    expect(first.rows[5]).toEqual({ line: 11, label: 'Visa Signature', date: '2026-10-30', balance: -1005.31 });
    expect(first.rejected).toEqual([
      { line: 15, label: 'Everyday Checking', date: 'Pending', balance: '2,777.05', reason: '"Pending" is not a MM/DD/YYYY date' },
    ]);

    const it = mapping.banks.get('banca-aurora-it')!.profile;
    const aurora = parseExport(decodeExport(await readFile(dataFile('banca-aurora-saldi.csv')), it), it);
    expect(aurora.rows.map((r) => [r.line, r.label, r.date, r.balance])).toEqual([
      [7, 'Conto corrente', '2026-09-30', 1980.4],
      [8, 'Conto corrente', '2026-10-15', 2415.1],
      [9, 'Conto corrente', '2026-10-31', 12210.95],
      [11, 'Carta di credito', '2026-09-30', -312.4],
      [12, 'Carta di credito', '2026-10-31', -1204.17],
      [13, 'Conto deposito', '2026-09-30', 10000],
    ]);
    expect(aurora.rejected.map((r) => [r.line, r.balance])).toEqual([[14, 'n.d.']]);
  });

  it('decodes a Windows-1252 export when the profile says so', () => {
    const bytes = Uint8Array.from([...Buffer.from('Caf'), 0xe9, ...Buffer.from(';31/10/2026;1,00\n')]);
    const profile: BankProfile = { ...PROFILE, encoding: 'windows-1252', columns: { label: 0, date: 1, balance: 2 }, header_lines: 0, footer_lines: 0 };
    expect(parseExport(decodeExport(bytes, profile), profile).rows[0]?.label).toBe('Café');
  });
});
