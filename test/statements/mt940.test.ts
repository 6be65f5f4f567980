// MT940 as banks write it: bare or in SWIFT blocks, several statements and accounts, pages, D/C marks, reversals,
// the decimal comma; MT942 says what it carries.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStatements, selectBalances, StatementFormatError } from '../../statements/index';
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
    expect(file.statements[0]!.balances.map((b) => b.kind)).toEqual(['opening_booked', 'closing_booked', 'closing_available', 'forward_available']);
    expect(file.statements[1]!.balances[0]).toMatchObject({ kind: 'opening_booked', amount: '-150.00' });
  });

  it('MT942 is a report with no balance: it is skipped, saying what it carries', () => {
    const file = read('mt942-mbank.sta');
    expect(file).toMatchObject({ formatName: 'MT940/MT942', statements: [{ type: 'report', balances: [], account: { id: 'PL00114010810000267002001002' } }] });
    const { skipped } = selectBalances([{ source: 'mt942.sta', file }]);
    expect(skipped).toEqual([expect.objectContaining({ reason: expect.stringContaining('an MT942 interim report: entries and their sums (:90D:/:90C:), no balance') })]);
  });

  it('years 80-99 are 1980-1999, 00-79 are 2000-2079; a date that does not exist skips its statement', () => {
    const make = (date: string) => text([':20:X', ':25:123', `:60F:C${date}EUR1,00`, `:62F:C${date}EUR1,00`, '-']);
    expect(readStatements(make('991231')).statements[0]!.balances[0]!.date).toBe('1999-12-31');
    expect(readStatements(make('790228')).statements[0]!.balances[0]!.date).toBe('2079-02-28');
    expect(readStatements(make('260230')).skipped).toEqual([expect.objectContaining({ reason: expect.stringContaining(':60F:C260230EUR1,00 has a date that is not a real calendar date') })]);
  });

  it('a statement whose entries do not add up is reported, with what it expected and found, and is not written', () => {
    const file = readStatements(text([':20:X', ':25:DE89370400440532013000', ':60F:C261030EUR100,00', ':61:2610301030D10,00NTRFNONREF', ':62F:C261030EUR95,00', '-']));
    expect(file.statements[0]!.addUp).toEqual({ ok: false, opening: '100.00', entries: '-10.00', count: 1, expected: '90.00', closing: '95.00' });
    const { balances, skipped } = selectBalances([{ source: 'odd.sta', file }]);
    expect(balances).toEqual([]);
    expect(skipped[0]!.reason).toBe('it does not add up: opening 100.00 + 1 entry -10.00 = 90.00, but its closing balance is 95.00 (difference 5): its balance is not written, as the file may be incomplete or altered');
  });

  it('an unreadable balance or entry, or no :25:, skips that statement only, with the line', () => {
    const file = readStatements(text([
      ':20:A', ':25:1', ':60F:C261030EUR1,00', ':61:26103XD1,00', ':62F:C261030EUR0,00', '-',
      ':20:B', ':60F:C261030EUR1,00', ':62F:C261030EUR1,00', '-',
      ':20:C', ':25:3', ':60F:C261030EUR1.00', ':62F:C261030EUR1,00', '-',
      ':20:D', ':25:4', ':60F:C261030EUR1,00', ':62F:C261030EUR1,00', '-',
    ]));
    expect(file.skipped.map((s) => [s.location, s.reason.slice(0, 60)])).toEqual([
      ['statement 1 (line 1)', 'line 4: the entry :61:26103XD1,00 cannot be read (value date'],
      ['statement 2 (line 7)', 'it has no :25: account identification, so the account it is '],
      ['statement 3 (line 11)', 'line 13: :60F:C261030EUR1.00 is not a balance like C261031EU'],
    ]);
    expect(file.statements.map((s) => s.account.id)).toEqual(['4']);
  });

  it('a file with no statement at all is refused', () => {
    expect(() => readStatements(text(['{1:F01X}{2:O940X}{4:', '-}']))).toThrow(StatementFormatError);
  });
});
