// MT940 as banks write it: bare or in SWIFT blocks, several statements and accounts, pages, D/C marks, reversals,
// the decimal comma (or a single point), a bare - inside text, control bytes, blank entry dates, indented lines, an
// entry after the closing balance; MT942 says what it carries; each statement's history (its booked entries with
// their booking days).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equals, parseDecimal, sum } from '../../statements/decimal';
import { detectFormat, readStatements, selectBalances, StatementFormatError } from '../../statements/index';
import { fixture } from './support';

const read = (name: string) => readStatements(readFileSync(fixture(name)));
const text = (lines: string[]) => new TextEncoder().encode(lines.join('\n'));

describe('MT940: statements, accounts and balances', () => {
  it('SWIFT blocks {1:}{2:}{4: ... -}{5:}: one statement per message, the IBAN of :25:, each balance with its day', () => {
    const file = read('mt940-asn-swift-blocks.sta');
    expect(file).toMatchObject({ format: 'mt940', formatName: 'MT940', skipped: [] });
    expect(file.statements.map((s) => [s.number, s.account, s.reference, s.currency, s.location])).toEqual([
      [1, { id: 'NL81ASNB0000000001', scheme: 'iban' }, '0000000000 1/1', 'EUR', 'statement 1 (line 2)'],
      [2, { id: 'NL81ASNB0000000001', scheme: 'iban' }, '0000000000 2/1', 'EUR', 'statement 2 (line 18)'],
    ]);
    expect(file.statements[0]!.balances).toEqual([
      { kind: 'opening_booked', date: '2026-10-29', amount: '1250.00', currency: 'EUR', location: 'line 5', line: 5 },
      { kind: 'closing_booked', date: '2026-10-29', amount: '2385.50', currency: 'EUR', location: 'line 15', line: 15 },
    ]);
    expect(file.statements.map((s) => s.addUp)).toEqual([
      { ok: true, opening: '1250.00', entries: '1135.50', count: 2, expected: '2385.50', closing: '2385.50' },
      { ok: true, opening: '2385.50', entries: '-385.50', count: 1, expected: '2000.00', closing: '2000.00' },
    ]);
  });

  it('a bank preamble (ABNANL2A / 940) is not read; pages: :62M: closes a page, :62F: the statement', () => {
    const file = read('mt940-abnamro-pages.sta');
    expect(file.statements.map((s) => s.balances.map((b) => `${b.kind} ${b.amount}`))).toEqual([
      ['opening_booked 3236.28', 'interim_closing 3322.69'],
      ['interim_opening 3322.69', 'closing_booked 3300'],
    ]);
    expect(file.statements.every((s) => s.addUp?.ok)).toBe(true);
    // Only the last page's :62F: is written; the first page is no skipped item.
    const chosen = selectBalances([{ source: 'abn.sta', file }]);
    expect(chosen.balances.map((b) => [b.balance.amount, b.balance.date])).toEqual([['3300', '2026-10-31']]);
    expect(chosen.skipped).toEqual([]);
  });

  it('D and RC (a reversed credit) take away, C and RD (a reversed debit) add; a funds code after the mark; :64: and :65: are reported', () => {
    const file = read('mt940-sparkasse.sta');
    expect(file.statements.map((s) => [s.account, s.addUp?.entries, s.addUp?.ok])).toEqual([
      [{ id: '37040044/0532013000', scheme: 'mt940' }, '2330.00', true],
      [{ id: '37040044/0532013099', scheme: 'mt940' }, '210.00', true],
    ]);
    expect(file.statements[0]!.balances.map((b) => b.kind)).toEqual([
      'opening_booked',
      'closing_booked',
      'closing_available',
      'forward_available',
    ]);
    expect(file.statements[1]!.balances[0]).toMatchObject({ kind: 'opening_booked', amount: '-150.00' });
  });

  it('MT942 is a report with no balance: it is skipped, saying what it carries', () => {
    const file = read('mt942-mbank.sta');
    expect(file).toMatchObject({
      formatName: 'MT940/MT942',
      statements: [{ type: 'report', balances: [], account: { id: 'PL00114010810000267002001002' } }],
    });
    const { skipped } = selectBalances([{ source: 'mt942.sta', file }]);
    expect(skipped).toEqual([
      expect.objectContaining({
        reason: expect.stringContaining('an MT942 interim report: entries and their sums (:90D:/:90C:), no balance'),
      }),
    ]);
  });

  it('years 80-99 are 1980-1999, 00-79 are 2000-2079; a date that does not exist skips its statement', () => {
    const make = (date: string) => text([':20:X', ':25:123', `:60F:C${date}EUR1,00`, `:62F:C${date}EUR1,00`, '-']);
    expect(readStatements(make('991231')).statements[0]!.balances[0]!.date).toBe('1999-12-31');
    expect(readStatements(make('790228')).statements[0]!.balances[0]!.date).toBe('2079-02-28');
    expect(readStatements(make('260230')).skipped).toEqual([
      expect.objectContaining({
        reason: expect.stringContaining(':60F:C260230EUR1,00 has a date that is not a real calendar date'),
      }),
    ]);
  });

  it('a statement whose entries do not add up is reported, with what it expected and found, and is not written', () => {
    const file = readStatements(
      text([
        ':20:X',
        ':25:DE89370400440532013000',
        ':60F:C261030EUR100,00',
        ':61:2610301030D10,00NTRFNONREF',
        ':62F:C261030EUR95,00',
        '-',
      ]),
    );
    expect(file.statements[0]!.addUp).toEqual({
      ok: false,
      opening: '100.00',
      entries: '-10.00',
      count: 1,
      expected: '90.00',
      closing: '95.00',
    });
    const { balances, skipped } = selectBalances([{ source: 'odd.sta', file }]);
    expect(balances).toEqual([]);
    expect(skipped[0]!.reason).toBe(
      'it does not add up: opening 100.00 + 1 entry -10.00 = 90.00, but its closing balance is 95.00 (difference 5): its balance is not written, as the file may be incomplete or altered',
    );
  });

  it('an unreadable balance or entry, or no :25:, skips that statement only, with the line', () => {
    const file = readStatements(
      text([
        ':20:A',
        ':25:1',
        ':60F:C261030EUR1,00',
        ':61:26103XD1,00',
        ':62F:C261030EUR0,00',
        '-',
        ':20:B',
        ':60F:C261030EUR1,00',
        ':62F:C261030EUR1,00',
        '-',
        ':20:C',
        ':25:3',
        ':60F:C261030EUR1.000,00',
        ':62F:C261030EUR1,00',
        '-',
        ':20:D',
        ':25:4',
        ':60F:C261030EUR1,00',
        ':62F:C261030EUR1,00',
        '-',
      ]),
    );
    expect(file.skipped.map((s) => [s.location, s.reason.slice(0, 60)])).toEqual([
      ['statement 1 (line 1)', 'line 4: the entry :61:26103XD1,00 cannot be read (value date'],
      ['statement 2 (line 7)', 'it has no :25: account identification, so the account it is '],
      ['statement 3 (line 11)', 'line 13: :60F:C261030EUR1.000,00 has the amount 1.000,00, wi'],
    ]);
    expect(file.statements.map((s) => s.account.id)).toEqual(['4']);
  });

  it('a file with no statement at all is refused', () => {
    expect(() => readStatements(text(['{1:F01X}{2:O940X}{4:', '-}']))).toThrow(StatementFormatError);
  });
});

/** A fixture's bytes with one piece of text replaced (the same layout, one thing changed). */
const edited = (name: string, from: string, to: string) => {
  const original = readFileSync(fixture(name), 'latin1');
  expect(original).toContain(from);
  return new Uint8Array(Buffer.from(original.replace(from, to), 'latin1'));
};
const summary = (file: ReturnType<typeof readStatements>) =>
  file.statements.map((s) => [s.reference, s.balances.map((b) => `${b.kind} ${b.date} ${b.amount}`), s.addUp?.ok]);

describe('MT940 dialects banks really write', () => {
  it('a line holding only - inside an :86: text in a {4: block is text: only -} ends the message (ING)', () => {
    const file = read('mt940-ing-dash-in-86.sta');
    expect(file.skipped).toEqual([]);
    expect(summary(file)).toEqual([
      [
        'P260601000000001 00061',
        [
          'opening_booked 2026-06-01 1250.00',
          'closing_booked 2026-06-01 2034.50',
          'closing_available 2026-06-01 2034.50',
        ],
        true,
      ],
      [
        'P260602000000001 00062',
        [
          'opening_booked 2026-06-01 2034.50',
          'closing_booked 2026-06-02 2021.55',
          'closing_available 2026-06-02 2021.55',
        ],
        true,
      ],
    ]);
    expect(file.statements.map((s) => s.addUp?.count)).toEqual([2, 1]); // the :61: after the - is still the first message's
  });

  it('a bare - inside wrapped :86: text (Rabobank) is text when an entry or a balance follows it, not the end of the statement', () => {
    const file = read('mt940-rabobank-dash-in-86.sta');
    expect(file.skipped).toEqual([]);
    expect(summary(file)).toEqual([
      ['940S260602 0', ['opening_booked 2026-06-01 1147.95', 'closing_booked 2026-06-02 1175.35'], true],
      ['940S260603 0', ['opening_booked 2026-06-02 1175.35', 'closing_booked 2026-06-03 2816.11'], true],
    ]);
    expect(file.statements.map((s) => s.addUp?.count)).toEqual([3, 1]);
  });

  it('a bare - still ends a message before :20:, a SWIFT header, a field a message starts with (:25: with no :20:), bank header lines, or the end of the file', () => {
    const message = (account: string) => [`:25:${account}`, ':60F:C261030EUR1,00', ':62F:C261030EUR1,00'];
    const file = readStatements(
      text([
        ':20:A',
        ...message('1'),
        '-',
        ':20:B',
        ...message('2'),
        '-',
        ...message('3'),
        '-',
        'ABNANL2A',
        '940',
        ':20:D',
        ...message('4'),
        '-',
        '{1:F01X}{2:O940X}{4:',
        ':20:E',
        ...message('5'),
        '-}',
        ':20:F',
        ...message('6'),
        '-',
        '',
      ]),
    );
    expect(file.skipped).toEqual([]);
    expect(file.statements.map((s) => s.account.id)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('an entry after the closing balance :62F: in the same message (a -, then :61: with no new :20:) is reported naming its line and not counted: the statement is checked without it', () => {
    const file = read('mt940-entry-after-closing.sta');
    expect(summary(file)).toEqual([
      ['STARTUMSE 00013/001', ['opening_booked 2026-10-31 7140.12', 'closing_booked 2026-11-02 7090.22'], true],
      ['STARTUMSE 00014/001', ['opening_booked 2026-11-02 7090.22', 'closing_booked 2026-11-03 7075.22'], true],
    ]);
    expect(file.statements.map((s) => [s.location, s.addUp?.count, s.history?.entries.map((e) => e.line)])).toEqual([
      ['statement 1 (line 1)', 2, [5, 9]],
      ['statement 2 (line 18)', 1, [22]],
    ]);
    expect(file.skipped).toEqual([
      {
        location: 'line 14',
        line: 14,
        account: '37040044/0532013000',
        reason:
          'the entry :61:2611031103DR15,00NMSCNONREF comes after the closing balance :62F: (line 12) of statement 1 (line 1), in the same message: an entry after the closing balance cannot move the balance it states, so it is not counted and the statement is checked without it',
      },
    ]);
    // Both closing balances are written (and each day they prove); the entry is listed, so --strict exits 1.
    const selected = selectBalances([{ source: 'nov.sta', file }], { daily: true });
    expect(selected.balances.map((b) => `${b.balance.date} ${b.balance.amount}`)).toEqual([
      '2026-11-02 7090.22',
      '2026-11-03 7075.22',
    ]);
    expect(selected.skipped.map((s) => `${s.location}: ${s.reason.slice(0, 60)}`)).toEqual([
      'line 14: the entry :61:2611031103DR15,00NMSCNONREF comes after the cl',
    ]);
    // With no - between, or after :64: and :65:, it is the same: after the closing balance.
    for (const between of [[], [':64:C261030EUR10,00', ':65:C261031EUR10,00']]) {
      const direct = readStatements(
        text([
          ':20:A',
          ':25:1',
          ':60F:C261030EUR10,00',
          ':62F:C261030EUR10,00',
          ...between,
          ':61:2610301030D3,00NTRFNONREF',
        ]),
      );
      expect(direct.statements[0]!.addUp).toMatchObject({ ok: true, count: 0 });
      expect(direct.skipped.map((s) => s.location)).toEqual([`line ${5 + between.length}`]);
    }
  });

  it('still refused: a balance after such an entry (another :62F:, or a :60F: with no :20:): which balance the entries belong to is not guessed', () => {
    for (const balance of [':62F:C261031EUR7,00', ':60F:C261030EUR10,00']) {
      const file = readStatements(
        text([
          ':20:A',
          ':25:1',
          ':60F:C261030EUR10,00',
          ':62F:C261030EUR10,00',
          ':61:2610311031D3,00NTRFNONREF',
          balance,
        ]),
      );
      expect(file.statements).toEqual([]);
      expect(file.skipped).toEqual([
        {
          location: 'statement 1 (line 1)',
          line: 1,
          account: '1',
          reason: `line 6: :${balance.slice(1, 4)}: follows the entry at line 5, which comes after the closing balance :62F: (line 4) in the same message: which balance its entries belong to is not guessed`,
        },
      ]);
    }
  });

  it('every line indented (blanks before each tag, the {1: header and -}): MT940, not a CSV export, read as the same file without the blanks', () => {
    const bytes = readFileSync(fixture('mt940-indented-lines.sta'));
    expect(detectFormat(bytes)?.id).toBe('mt940');
    const file = readStatements(bytes);
    const flush = readStatements(new TextEncoder().encode(new TextDecoder().decode(bytes).replace(/^ {6}/gm, '')));
    expect(file).toEqual(flush);
    expect(file.skipped).toEqual([]);
    expect(summary(file)).toEqual([
      [
        '3996-11-22222222 00017/001',
        [
          'opening_booked 2026-09-29 10412.50',
          'closing_booked 2026-09-30 11078.58',
          'closing_available 2026-09-30 11140.95',
        ],
        true,
      ],
      [
        '3996-11-22222223 00018/001',
        [
          'opening_booked 2026-09-30 11078.58',
          'closing_booked 2026-10-01 11000.00',
          'closing_available 2026-10-01 11000.00',
        ],
        true,
      ],
    ]);
    // Tabs too, and a bare file (no SWIFT blocks) with a bare - between its statements.
    const tabbed = text([
      '\t:20:A',
      '\t:25:1',
      '\t:60F:C261030EUR10,00',
      '\t:61:2610301030D3,00NTRFNONREF',
      '\t:62F:C261030EUR7,00',
      '\t-',
      '\t:20:B',
      '\t:25:1',
      '\t:60F:C261030EUR7,00',
      '\t:62F:C261031EUR7,00',
      '\t-',
    ]);
    expect(detectFormat(tabbed)?.id).toBe('mt940');
    expect(readStatements(tabbed).statements.map((s) => [s.reference, s.addUp?.ok])).toEqual([
      ['A', true],
      ['B', true],
    ]);
  });

  it('control bytes before a tag (a DOS Ctrl-Z, 0x1A, before :20:) do not hide it: two statements stay two', () => {
    const file = read('mt940-dos-ctrl-z.sta');
    expect(file.skipped).toEqual([]);
    expect(summary(file)).toEqual([
      ['STARTUMSE 00041/001', ['opening_booked 2026-03-02 2500.00', 'closing_booked 2026-03-02 3650.10'], true],
      ['STARTUMSE 00042/001', ['opening_booked 2026-03-02 3650.10', 'closing_booked 2026-03-03 3000.10'], true],
    ]);
  });

  it('still refused: a control byte inside a value (an amount cut by a Ctrl-Z) is not removed, and the statement is skipped saying so', () => {
    const file = readStatements(
      edited('mt940-dos-ctrl-z.sta', ':62F:C260302EUR3650,10', ':62F:C260302EUR36\u001a50,10'),
    );
    expect(file.skipped).toEqual([
      expect.objectContaining({
        location: 'statement 1 (line 1)',
        reason: expect.stringContaining('is not a balance like C261031EUR1234,56'),
      }),
    ]);
    expect(file.statements.map((s) => s.reference)).toEqual(['STARTUMSE 00042/001']);
  });

  it('blanks where the entry date goes (:61:260312    DD212,39, a US bank) are read: value date, mark, funds code, amount', () => {
    const file = read('mt940-citi-blank-entry-date.sta');
    expect(file.skipped).toEqual([]);
    expect(file.statements.map((s) => [s.currency, s.addUp])).toEqual([
      [
        'USD',
        { ok: true, opening: '17376.67', entries: '-1142.75', count: 5, expected: '16233.92', closing: '16233.92' },
      ],
      [
        'USD',
        { ok: true, opening: '16233.92', entries: '1500.00', count: 1, expected: '17733.92', closing: '17733.92' },
      ],
    ]);
  });

  it('still refused: blanks of another width where the entry date goes, with the line and why', () => {
    const file = readStatements(
      edited('mt940-citi-blank-entry-date.sta', ':61:260313    CD1500,00', ':61:260313  CD1500,00'),
    );
    expect(file.skipped).toEqual([
      expect.objectContaining({
        reason:
          'line 28: the entry :61:260313  CD1500,00NMSCNONREF// cannot be read (value date, D/C mark, amount), so the statement cannot be checked',
      }),
    ]);
    expect(file.statements).toHaveLength(1);
  });

  it('a decimal point instead of the comma (:60F:C260104EUR000000001000.00, an older Dutch format) is read where the amount has no comma', () => {
    const file = read('mt940-rabobank-decimal-point.sta');
    expect(file.skipped).toEqual([]);
    expect(
      file.statements.map((s) => [s.account.id, s.balances.map((b) => b.amount), s.addUp?.entries, s.addUp?.ok]),
    ).toEqual([
      ['1234.56.789EUR', ['1000.00', '1255.05'], '255.05', true],
      ['1234.56.789EUR', ['1255.05', '1012.29'], '-242.76', true],
      ['1234.56.789JPY', ['10', '1212405'], '1212395', true], // `115351.`: a whole amount, like `115351,`
    ]);
  });

  it('still refused: an amount whose decimal mark is ambiguous (a point and a comma, two points, two commas) is never guessed', () => {
    const balance = readStatements(
      edited('mt940-rabobank-decimal-point.sta', ':62F:C260105EUR000000001255.05', ':62F:C260105EUR000001.255,05'),
    );
    expect(balance.skipped[0]).toMatchObject({
      location: 'statement 1 (line 2)',
      reason:
        'line 11: :62F:C260105EUR000001.255,05 has the amount 000001.255,05, with both a decimal comma and a decimal point: which one marks the decimals is not guessed, so the closing booked balance is unknown',
    });
    const entry = readStatements(
      edited('mt940-rabobank-decimal-point.sta', 'D000000000236.56N030', 'D000.000.236.56N030'),
    );
    expect(entry.skipped[0]!.reason).toMatch(
      /^line 17: the entry :61:260106D000\.000\.236\.56N030NONREF +… has the amount 000\.000\.236\.56, with more than one decimal point: which one marks the decimals is not guessed, so the statement cannot be checked$/,
    );
    const commas = readStatements(
      text([
        ':20:A',
        ':25:1',
        ':60F:C261030EUR1,00',
        ':61:2610301030C1,000,00NTRFNONREF',
        ':62F:C261030EUR1001,00',
        '-',
      ]),
    );
    expect(commas.skipped[0]!.reason).toContain('has the amount 1,000,00, with more than one comma');
  });
});

describe('MT940 history: each booked entry with the day it was booked', () => {
  const history = (lines: string[]) => readStatements(text(lines)).statements[0]!.history;
  const statement = (...entries: string[]) => [
    ':20:X',
    ':25:1',
    ':60F:C241231EUR100,00',
    ...entries,
    ':62F:C250102EUR100,00',
    '-',
  ];

  it('every booked :61: in file order: the entry date where given, signed exact amounts (C and RD add, D and RC take away), its line', () => {
    expect(read('mt940-asn-swift-blocks.sta').statements.map((s) => s.history)).toEqual([
      {
        entries: [
          { date: '2026-10-29', amount: '-65.00', line: 6 },
          { date: '2026-10-29', amount: '1200.50', line: 11 },
        ],
      },
      { entries: [{ date: '2026-10-30', amount: '-385.50', line: 22 }] },
    ]);
    expect(read('mt940-sparkasse.sta').statements.map((s) => s.history)).toEqual([
      {
        entries: [
          { date: '2026-10-30', amount: '-120.00', line: 5 },
          { date: '2026-10-30', amount: '2500.00', line: 9 },
          { date: '2026-10-30', amount: '-50.00', line: 12 },
        ],
      },
      {
        entries: [
          { date: '2026-10-30', amount: '200.00', line: 22 },
          { date: '2026-10-30', amount: '10.00', line: 24 },
        ],
      },
    ]);
  });

  it('the entries of the history are exactly those the add-up check sums, in every MT940 fixture', () => {
    const names = [
      'mt940-asn-swift-blocks.sta',
      'mt940-abnamro-pages.sta',
      'mt940-sparkasse.sta',
      'mt940-ing-dash-in-86.sta',
      'mt940-rabobank-dash-in-86.sta',
      'mt940-dos-ctrl-z.sta',
      'mt940-citi-blank-entry-date.sta',
      'mt940-rabobank-decimal-point.sta',
      'mt940-indented-lines.sta',
      'mt940-entry-after-closing.sta',
    ];
    const statements = names.flatMap((name) => read(name).statements);
    expect(statements).toHaveLength(21);
    for (const s of statements) {
      expect(s.history?.problem).toBeUndefined();
      expect(s.history!.entries).toHaveLength(s.addUp!.count);
      expect(equals(sum(s.history!.entries.map((e) => parseDecimal(e.amount)!)), parseDecimal(s.addUp!.entries)!)).toBe(
        true,
      );
    }
  });

  it("the entry date's year is the one that puts it nearest the value date, across a year's end either way", () => {
    expect(
      history(
        statement(
          ':61:2412310102D1,00NTRFNONREF',
          ':61:2501021231C1,00NTRFNONREF',
          ':61:2412311231D2,00NTRFNONREF',
          ':61:2501020103C2,00NTRFNONREF',
        ),
      )?.entries.map((e) => e.date),
    ).toEqual([
      '2025-01-02', // value 2024-12-31, entry 0102
      '2024-12-31', // value 2025-01-02, entry 1231
      '2024-12-31',
      '2025-01-03',
    ]);
  });

  it('no entry date, or blanks where it goes: the value date', () => {
    expect(
      read('mt940-citi-blank-entry-date.sta').statements.map((s) =>
        s.history?.entries.map((e) => `${e.date} ${e.amount}`),
      ),
    ).toEqual([
      ['2026-03-12 -212.39', '2026-03-12 -369.28', '2026-03-12 0.00', '2026-03-12 0.00', '2026-03-12 -561.08'],
      ['2026-03-13 1500.00'],
    ]);
    expect(read('mt940-rabobank-decimal-point.sta').statements[1]!.history?.entries.map((e) => e.date)).toEqual([
      '2026-01-06',
      '2026-01-07',
    ]);
  });

  it('a day that cannot be established is never guessed: the history names the line and why, and the statement is still read', () => {
    const cases: Array<[string, string]> = [
      [
        ':61:2412311332D1,00NTRFNONREF',
        'line 4: the entry :61:2412311332D1,00NTRFNONREF has an entry date that is not a real date (1332, MMDD), so the day it was booked is unknown',
      ],
      [
        ':61:2412310230D1,00NTRFNONREF',
        'line 4: the entry :61:2412310230D1,00NTRFNONREF has an entry date that is not a real date (0230, MMDD) in 2025, the year nearest its value date 2024-12-31, so the day it was booked is unknown',
      ],
      [
        ':61:2503010229D1,00NTRFNONREF',
        'line 4: the entry :61:2503010229D1,00NTRFNONREF has an entry date that is not a real date (0229, MMDD) in 2025, the year nearest its value date 2025-03-01, so the day it was booked is unknown',
      ],
      [
        ':61:2502300230D1,00NTRFNONREF',
        'line 4: the entry :61:2502300230D1,00NTRFNONREF has a value date that is not a real calendar date (250230, YYMMDD), so the day it was booked is unknown',
      ],
    ];
    for (const [entry, problem] of cases) {
      const [s] = readStatements(
        text([':20:X', ':25:1', ':60F:C241231EUR100,00', entry, ':62F:C250102EUR99,00', '-']),
      ).statements;
      expect(s!.addUp?.ok).toBe(true);
      expect(s!.history).toEqual({ entries: [], problem });
    }
    expect(
      history(statement(':61:2403010229D1,00NTRFNONREF', ':61:2403010229C1,00NTRFNONREF'))?.entries.map((e) => e.date),
    ).toEqual(['2024-02-29', '2024-02-29']); // a leap year
  });

  it('a statement with no entries has an empty history when it has opening and closing balances; an MT942 report has none', () => {
    expect(history([':20:X', ':25:1', ':60F:C261030EUR5,00', ':62F:C261030EUR5,00', '-'])).toEqual({ entries: [] });
    expect(history([':20:X', ':25:1', ':62F:C261030EUR5,00', '-'])).toBeUndefined();
    const report = read('mt942-mbank.sta').statements[0]!;
    expect(report.type).toBe('report');
    expect(report).not.toHaveProperty('history');
  });

  it('property: entries booked up to 5 days either side of their value date, across year ends, give back each booking day', () => {
    const DAY = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const start = Date.UTC(2001, 0, 1);
    const days = Math.round((Date.UTC(2077, 11, 1) - start) / DAY);
    const nearYearEnd = fc
      .tuple(fc.integer({ min: 2001, max: 2077 }), fc.integer({ min: -6, max: 6 }))
      .map(([y, d]) => Math.round((Date.UTC(y, 11, 31) - start) / DAY) + d);
    const entry = fc.record({
      value: fc.oneof(fc.integer({ min: 0, max: days }), nearYearEnd),
      offset: fc.integer({ min: -5, max: 5 }),
      cents: fc.integer({ min: -99_999, max: 99_999 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 20 }), (entries) => {
        const lines = entries.map(({ value, offset, cents }) => {
          const valueDate = iso(start + value * DAY)
            .replace(/-/g, '')
            .slice(2);
          const booked = iso(start + (value + offset) * DAY);
          return `:61:${valueDate}${booked.slice(5, 7)}${booked.slice(8, 10)}${cents < 0 ? 'D' : 'C'}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}NTRFNONREF`;
        });
        const total = entries.reduce((a, e) => a + e.cents, 0);
        const closing = `${total < 0 ? 'D' : 'C'}261030EUR${Math.floor(Math.abs(total) / 100)},${String(Math.abs(total) % 100).padStart(2, '0')}`;
        const [s] = readStatements(
          text([':20:X', ':25:1', ':60F:C261030EUR0,00', ...lines, `:62F:${closing}`, '-']),
        ).statements;
        expect(s!.addUp?.ok).toBe(true);
        expect(s!.history!.entries.map((e) => e.date)).toEqual(
          entries.map((e) => iso(start + (e.value + e.offset) * DAY)),
        );
      }),
      { seed: 3801, numRuns: 300 },
    );
  });
});
