import { describe, expect, it } from 'vitest';
import { decodeExport, ExportFormatError, parseExport, type TableLine } from '../../statements/csv/table';
import { checkProfile, type BankProfile } from '../../statements/csv/profile';
import { toPlain } from '../../statements/decimal';
import { BANK_LAYOUTS, checkBankProfile } from '../../statements/csv/bank-profiles';

const PROFILE: BankProfile = {
  name: 'Test bank',
  encoding: 'utf-8',
  delimiter: ';',
  decimal_separator: ',',
  date_order: 'DMY',
  columns: { label: 'Account', date: 'Date', balance: 'Balance' },
  header_lines: 2,
  footer_lines: 1,
  ignore_lines: [],
};

/** Lines as plain values, for comparisons. */
const plain = (lines: readonly TableLine[]) =>
  lines.map((l) => ({
    line: l.line,
    label: l.label,
    date: l.date,
    balance: toPlain(l.balance),
    ...(l.amount ? { amount: toPlain(l.amount) } : {}),
  }));

describe('checkProfile: every problem is named by its path', () => {
  it('fills defaults for encoding, footer and ignored lines; header_lines stays absent (the header is then found)', () => {
    const { encoding: _e, header_lines: _h, footer_lines: _f, ignore_lines: _i, ...rest } = PROFILE;
    expect(checkProfile(rest, 'banks.test')).toEqual({
      ok: true,
      value: { ...rest, encoding: 'utf-8', footer_lines: 0, ignore_lines: [] },
    });
  });

  it('lists each bad field', () => {
    const result = checkProfile(
      {
        name: '',
        encoding: 'klingon',
        delimiter: ';;',
        decimal_separator: ':',
        date_order: 'DDMM',
        columns: { label: 'A', date: 1, amount: 'X', credit: 'C' },
        header_lines: -1,
      },
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
      'banks.x.columns must be all header names or all column numbers',
      'banks.x.columns.credit and columns.debit go together',
      'banks.x.columns has amount and credit/debit: give one',
      'banks.x.columns needs date and balance (or give statement_balance',
      'banks.x.header_lines must be a whole number',
    ]) {
      expect(reason).toContain(expected);
    }
  });

  it('refuses a two-digit year without its pivot, and statement patterns without their groups', () => {
    const result = checkProfile(
      {
        name: 'B',
        delimiter: ';',
        decimal_separator: ',',
        date_format: 'DD.MM.YY',
        columns: { date: 'D', balance: 'S' },
        statement_balance: { balance: '^Saldo;(.*)' },
        ignore_lines: ['('],
      },
      'banks.b',
    );
    const reason = result.ok ? '' : result.reason;
    expect(reason).toContain(
      'banks.b.date_format "DD.MM.YY" has a two-digit year (YY): year_pivot must say which hundred years it means',
    );
    expect(reason).toContain('banks.b.statement_balance.balance must have a (?<balance>...) group');
    expect(reason).toContain('banks.b.ignore_lines[0] is not a regular expression');
  });

  it('every shipped layout is a good profile, and documents its bank, where it was learned and its fixture', () => {
    expect(BANK_LAYOUTS.size).toBe(12);
    for (const [id, layout] of BANK_LAYOUTS) {
      expect(checkProfile(layout.profile, id)).toMatchObject({ ok: true });
      expect(layout.learned_from.length, id).toBeGreaterThan(0);
      expect(layout.fixture).toBe(`examples/data/banks/${id}.csv`);
    }
  });

  it("a field that is not a profile's is refused, with the field meant (a typo is never ignored)", () => {
    const result = checkBankProfile(
      {
        profile: 'chase-us',
        delimter: ';',
        acounts: {},
        columns: { balanse: 'B' },
        statement_balance: { balance: '(?<balance>.*)(?<date>.*)', dat: 'x' },
        colour: 'red',
      },
      'banks.mine',
      ['accounts', 'account'],
    );
    expect(result.ok ? [] : result.reason.split('\n')).toEqual([
      'banks.mine.delimter is not a field of a bank profile (did you mean delimiter?)',
      'banks.mine.acounts is not a field of a bank profile (did you mean accounts?)',
      'banks.mine.colour is not a field of a bank profile (its fields: name, encoding, delimiter, decimal_separator, date_order, date_format, year_pivot, columns, header_lines, footer_lines, ignore_lines, statement_balance, institution_name, profile, accounts, account)',
      'banks.mine.columns.balanse is not a field of columns (did you mean balance?)',
      'banks.mine.statement_balance.dat is not a field of statement_balance (did you mean date?)',
      'banks.mine.columns needs date and balance (or give statement_balance, for a balance stated once in the file)',
    ]);
  });

  it('a profile names a layout and may override its fields; an unknown layout is named', () => {
    expect(
      checkBankProfile({ profile: 'chase-us', delimiter: ';', accounts: {} }, 'banks.mine', ['accounts']),
    ).toMatchObject({ ok: true, value: { name: 'Chase account activity (US)', delimiter: ';' } });
    expect(checkBankProfile({ profile: 'nope' }, 'banks.bad')).toEqual({
      ok: false,
      reason: expect.stringContaining('banks.bad.profile "nope" is not a known bank layout (atruvia-de, ing-de,'),
    });
    expect(checkBankProfile({ profile: '__proto__' }, 'banks.bad')).toMatchObject({ ok: false });
    expect(checkBankProfile([], 'banks.list')).toEqual({ ok: false, reason: 'banks.list must be an object' });
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
    'Savings;29/10/2026;', // 12 no balance
    'Total;;13.000,00', // 13 footer
    '',
    '',
  ].join('\r\n');

  it('reads good lines with their line numbers and rejects the rest with reasons', () => {
    const { lines, rejected } = parseExport(text, PROFILE);
    expect(plain(lines)).toEqual([
      { line: 4, label: 'Checking', date: '2026-10-30', balance: '1234.56' },
      { line: 7, label: 'Checking', date: '2026-10-31', balance: '-1234.56' },
      { line: 8, label: 'Savings', date: '2026-10-31', balance: '-12.00' },
    ]);
    expect(rejected.map((r) => [r.line, r.reason])).toEqual([
      [9, '"32/10/2026" is not a real calendar date (DD/MM/YYYY)'],
      [10, 'no account label'],
      [11, '"abc" is not an amount like 1.234,56 (negative: a leading or trailing minus, or parentheses)'],
      [12, 'no balance on this line (pending lines have none)'],
    ]);
  });

  it('finds the column header by its names when header_lines is not given', () => {
    const { header_lines: _h, ...profile } = PROFILE;
    expect(plain(parseExport(text, profile).lines).map((l) => l.line)).toEqual([4, 7, 8]);
  });

  it('reads columns by position when the file has no column header', () => {
    const profile: BankProfile = {
      ...PROFILE,
      columns: { label: 2, date: 0, balance: 1 },
      header_lines: 0,
      footer_lines: 0,
    };
    expect(plain(parseExport('31/10/2026;5,00;Cash\n', profile).lines)).toEqual([
      { line: 1, label: 'Cash', date: '2026-10-31', balance: '5.00' },
    ]);
  });

  it('reads the amount, or credit minus debit (a debit written with or without its minus), an empty cell being 0', () => {
    const profile: BankProfile = {
      ...PROFILE,
      columns: { date: 'Date', credit: 'In', debit: 'Out', balance: 'Balance' },
      header_lines: undefined,
      footer_lines: 0,
    };
    const csv = [
      'Date;In;Out;Balance',
      '01/11/2026;;12,50;87,50',
      '02/11/2026;;-2,50;85,00',
      '03/11/2026;100,00;;185,00',
      '04/11/2026;;;185,00',
    ].join('\n');
    expect(plain(parseExport(csv, profile).lines).map((l) => l.amount)).toEqual(['-12.50', '-2.50', '100.00', '0']);
    const single: BankProfile = { ...profile, columns: { date: 'Date', amount: 'In', balance: 'Balance' } };
    expect(parseExport(csv.replace('03/11/2026;100,00', '03/11/2026;x'), single).rejected.map((r) => r.reason)).toEqual(
      ['amount: "x" is not an amount like 1.234,56 (negative: a leading or trailing minus, or parentheses)'],
    );
  });

  it('ignores lines matching ignore_lines (section titles), checked against the line as written', () => {
    const profile: BankProfile = {
      ...PROFILE,
      columns: { date: 'Date', balance: 'Balance' },
      header_lines: undefined,
      footer_lines: 0,
      ignore_lines: ['^"?Posted Transactions"?$'],
    };
    const { lines, rejected } = parseExport(
      ['Date;Balance', '"Posted Transactions"', '01/11/2026;1,00'].join('\n'),
      profile,
    );
    expect([lines.length, rejected]).toEqual([1, []]);
  });

  it('reads a statement balance from a header line, with its date on another line', () => {
    const profile: BankProfile = {
      ...PROFILE,
      columns: {},
      date_format: 'DD.MM.YYYY',
      date_order: undefined,
      header_lines: undefined,
      footer_lines: 0,
      statement_balance: { balance: '^Saldo;(?<balance>[^;]+)', date: '- (?<date>\\S+)$' },
    };
    const parsed = parseExport(
      ['Zeitraum;01.11.2026 - 30.11.2026', '"Saldo";"1.234,56";"EUR"', 'Buchung;Betrag', '30.11.2026;-1,00'].join('\n'),
      profile,
    );
    expect(parsed.statement && { ...parsed.statement, balance: toPlain(parsed.statement.balance) }).toEqual({
      line: 2,
      date: '2026-11-30',
      balance: '1234.56',
    });
    expect(() => parseExport('Buchung;Betrag\n', profile)).toThrow(
      new ExportFormatError(
        'no line above the column header or in the footer matches statement_balance of Test bank.balance /^Saldo;(?<balance>[^;]+)/',
      ),
    );
  });

  it('names the missing column and the header it looked in', () => {
    expect(() =>
      parseExport(text, { ...PROFILE, columns: { label: 'Account', date: 'Datum', balance: 'Balance' } }),
    ).toThrow(
      new ExportFormatError(
        'no column "Datum" in the column header on line 3 (found "Account", "Date", "Balance"); check header_lines and columns',
      ),
    );
    const { header_lines: _h, ...searching } = PROFILE;
    expect(() =>
      parseExport(text, { ...searching, columns: { label: 'Account', date: 'Datum', balance: 'Balance' } }),
    ).toThrow('no column header: none of the first 12 lines has the columns "Account", "Datum", "Balance"');
  });

  it('refuses a file with an unclosed quote, with the line', () => {
    expect(() =>
      parseExport('Account;Date;Balance\nA;31/10/2026;"1,00\n', { ...PROFILE, header_lines: 0, footer_lines: 0 }),
    ).toThrow('not readable as Test bank CSV (line 2): a quoted cell is never closed');
  });

  it('numbers a line by where it starts when a quoted cell spans lines', () => {
    const profile: BankProfile = { ...PROFILE, header_lines: 0, footer_lines: 0 };
    const csv = 'Account;Date;Balance\r\n"Check\r\ning";31/10/2026;1,00\r\nSavings;31/10/2026;2,00\r\n';
    expect(plain(parseExport(csv, profile).lines).map((l) => [l.line, l.label])).toEqual([
      [2, 'Check\ning'],
      [4, 'Savings'],
    ]);
  });
});

describe('encodings: the profile says, a byte-order mark overrides', () => {
  const profile: BankProfile = {
    ...PROFILE,
    columns: { label: 0, date: 1, balance: 2 },
    header_lines: 0,
    footer_lines: 0,
  };
  const label = (bytes: Uint8Array, encoding: string) =>
    parseExport(decodeExport(bytes, { encoding }), { ...profile, encoding }).lines[0]?.label;
  const line = 'Café €;31/10/2026;1,00\n';

  it.each([
    ['utf-8', Buffer.from(line, 'utf8')],
    ['utf-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(line, 'utf8')])],
    ['windows-1252', Uint8Array.from([...Buffer.from('Caf'), 0xe9, 0x20, 0x80, ...Buffer.from(';31/10/2026;1,00\n')])],
    ['iso-8859-15', Uint8Array.from([...Buffer.from('Caf'), 0xe9, 0x20, 0xa4, ...Buffer.from(';31/10/2026;1,00\n')])],
    // A UTF-16 file with its byte-order mark is read as UTF-16 whatever the profile says.
    ['utf-8', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line, 'utf16le')])],
    ['windows-1252', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(line, 'utf16le').swap16()])],
  ])('%s: %#', (encoding, bytes) => {
    expect(label(bytes, encoding)).toBe('Café €');
  });

  it('ISO-8859-1 files (a £ sign is one byte)', () => {
    expect(
      parseExport(
        decodeExport(Uint8Array.from([0x41, 0x3b, ...Buffer.from('31/10/2026;'), 0xa3, ...Buffer.from('1,00\n')]), {
          encoding: 'iso-8859-1',
        }),
        profile,
      ).lines[0]?.balance,
    ).toEqual({ units: 100n, scale: 2 });
  });
});
