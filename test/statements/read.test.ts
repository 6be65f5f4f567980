// readStatements: the format is told from the content, never the file name; selectBalances: what is written, and the
// conflict rule (two different closing balances for one account and day: neither, unless one continues the other).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BALANCE_KINDS,
  detectFormat,
  readStatements,
  selectBalances,
  STATEMENT_FORMATS,
  type StatementFile,
} from '../../statements/index';
import { BANK_LAYOUTS } from '../../statements/csv/bank-profiles';
import { dataFile, fixture, repoFile } from './support';

const bytes = (text: string) => new TextEncoder().encode(text);
const mt940 = (account: string, opening: string, entries: string[], closing: string, date = '261031') =>
  [
    ':20:X',
    `:25:${account}`,
    `:60F:C${date}EUR${opening}`,
    ...entries.map((e) => `:61:${date}${e}NTRFNONREF`),
    `:62F:C${date}EUR${closing}`,
    '-',
  ].join('\n');

describe('detection: from the content', () => {
  it.each([
    ['statement-v1.ofx', 'ofx', dataFile],
    ['statement-v2.qfx', 'ofx', dataFile],
    ['camt053-v02-two-accounts.xml', 'camt', fixture],
    ['mt940-asn-swift-blocks.sta', 'mt940', fixture],
    ['mt940-abnamro-pages.sta', 'mt940', fixture],
    ['mt942-mbank.sta', 'mt940', fixture],
    ['first-bank-balances.csv', 'csv', dataFile],
  ] as const)('%s is %s', (name, format, at) => {
    expect(detectFormat(readFileSync(at(name)))?.id).toBe(format);
  });

  it('a UTF-16 OFX file with a byte-order mark is OFX; an empty or binary file is none of them', () => {
    expect(
      detectFormat(
        new Uint8Array([
          0xff,
          0xfe,
          ...new Uint8Array(new Uint16Array([...'OFXHEADER:100\n<OFX>'].map((c) => c.charCodeAt(0))).buffer),
        ]),
      )?.id,
    ).toBe('ofx');
    expect(detectFormat(new Uint8Array())).toBeUndefined();
    expect(() => readStatements(new Uint8Array([0, 1, 2, 0, 255]))).toThrow('not a statement format this reads');
  });

  it('a CSV export needs its profile, and says so', () => {
    expect(() => readStatements(readFileSync(dataFile('first-bank-balances.csv')))).toThrow(
      "read as a CSV export, it needs its bank's profile",
    );
    const file = readStatements(readFileSync(repoFile('examples/data/banks/rabobank-nl.csv')), {
      profile: BANK_LAYOUTS.get('rabobank-nl')!.profile,
    });
    expect(file).toMatchObject({
      format: 'csv',
      formatName: 'CSV (Rabobank (NL))',
      statements: [{ account: { id: 'NL00RABO0000000001', scheme: 'label' } }],
    });
  });

  it('the formats are one table: each says how it is told apart and what is written from it', () => {
    expect(STATEMENT_FORMATS.map((f) => f.id)).toEqual(['ofx', 'camt', 'mt940', 'csv']);
    for (const format of STATEMENT_FORMATS) expect(format.writes.length).toBeGreaterThan(20);
    expect(BALANCE_KINDS.filter((k) => k.written).map((k) => k.kind)).toEqual(['closing_booked', 'investment_value']);
  });
});

describe('selectBalances: conflicts are never settled by picking one', () => {
  const file = (text: string): StatementFile => readStatements(bytes(text));

  it('the same account and day in two files with different closing balances: neither is written, both named', () => {
    const a = file(mt940('DE89370400440532013000', '10,00', [], '10,00'));
    const b = file(mt940('DE89 3704 0044 0532 0130 00', '11,00', [], '11,00'));
    const { balances, skipped } = selectBalances([
      { source: 'a.sta', file: a },
      { source: 'b.sta', file: b },
    ]);
    expect(balances).toEqual([]);
    expect(skipped.map((s) => [s.source, s.reason])).toEqual([
      [
        'a.sta',
        '2 different closing booked balances for account DE89370400440532013000 on 2026-10-31 (10.00 from a.sta statement 1 (line 1), line 4; 11.00 from b.sta statement 1 (line 1), line 4): none is written',
      ],
      ['b.sta', expect.stringContaining('2 different closing booked balances')],
    ]);
  });

  it('equal balances for one account and day are one balance', () => {
    const a = file(mt940('DE89370400440532013000', '10,00', [], '10,00'));
    expect(
      selectBalances([
        { source: 'a.sta', file: a },
        { source: 'copy.sta', file: a },
      ]).balances.map((b) => b.source),
    ).toEqual(['a.sta']);
  });

  it("two statements of one day that chain (the later opens with the earlier's closing): the later is the day's", () => {
    const morning = mt940('NL81ASNB0000000001', '100,00', ['D10,00'], '90,00');
    const evening = mt940('NL81ASNB0000000001', '90,00', ['C5,00'], '95,00');
    const { balances, skipped } = selectBalances([{ source: 'day.sta', file: file(`${evening}\n${morning}`) }]);
    expect(balances.map((b) => b.balance.amount)).toEqual(['95,00'.replace(',', '.')]);
    expect(skipped).toEqual([]);
  });
});
