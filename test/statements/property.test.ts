// Property tests with fixed seeds: random statements written as MT940 and as camt.053 read back to the same balances;
// the add-up check holds for every generated statement and fails when any one entry is changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStatements } from '../../statements/index';

interface Generated {
  account: string;
  currency: string;
  date: [number, number, number];
  opening: bigint; // cents
  entries: bigint[]; // cents, signed
  /** The closing balance written, when not opening + entries. */
  closing?: bigint;
}

const statement = fc.record({
  account: fc.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{12,20}$/),
  currency: fc.constantFrom('EUR', 'CHF', 'USD', 'GBP'),
  date: fc.tuple(
    fc.integer({ min: 2000, max: 2079 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  ),
  opening: fc.bigInt({ min: -10_000_000_00n, max: 10_000_000_00n }),
  entries: fc.array(
    fc.bigInt({ min: -1_000_000_00n, max: 1_000_000_00n }).filter((c) => c !== 0n),
    { maxLength: 40 },
  ),
});
const closingOf = (s: Generated) => s.closing ?? s.entries.reduce((a, b) => a + b, s.opening);
const abs = (c: bigint) => (c < 0n ? -c : c);
const decimal = (cents: bigint, separator: '.' | ',') =>
  `${abs(cents) / 100n}${separator}${String(abs(cents) % 100n).padStart(2, '0')}`;
const plain = (cents: bigint) => `${cents < 0n ? '-' : ''}${decimal(cents, '.')}`;
const iso = ([y, m, d]: Generated['date']) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const yymmdd = ([y, m, d]: Generated['date']) =>
  `${String(y % 100).padStart(2, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;

function asMt940(statements: readonly Generated[]): string {
  return statements
    .map((s, i) => {
      const day = yymmdd(s.date);
      const balance = (tag: string, cents: bigint) =>
        `:${tag}:${cents < 0n ? 'D' : 'C'}${day}${s.currency}${decimal(cents, ',')}`;
      const entries = s.entries.flatMap((c, j) => [
        `:61:${day}${day.slice(2)}${c < 0n ? 'D' : 'C'}${decimal(c, ',')}NTRFREF${j}`,
        `:86:entry ${j}`,
      ]);
      return [
        `{1:F01BANKDEFFXXXX0000000000}{2:O940BANKDEFFXXXXN}{4:`,
        `:20:STMT${i}`,
        `:25:${s.account}`,
        `:28C:${i + 1}/1`,
        balance('60F', s.opening),
        ...entries,
        balance('62F', closingOf(s)),
        '-}',
      ].join('\r\n');
    })
    .join('\r\n');
}

function asCamt053(statements: readonly Generated[], version: string): string {
  const amount = (cents: bigint, ccy: string) =>
    `<Amt Ccy="${ccy}">${decimal(cents, '.')}</Amt><CdtDbtInd>${cents < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd>`;
  const bal = (code: string, cents: bigint, s: Generated) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(cents, s.currency)}<Dt><Dt>${iso(s.date)}</Dt></Dt></Bal>`;
  const body = statements
    .map(
      (s, i) =>
        `<Stmt><Id>S${i}</Id><Acct><Id><IBAN>${s.account}</IBAN></Id><Ccy>${s.currency}</Ccy></Acct>${bal('OPBD', s.opening, s)}${bal('CLBD', closingOf(s), s)}${s.entries.map((c) => `<Ntry>${amount(c, s.currency)}<Sts><Cd>BOOK</Cd></Sts></Ntry>`).join('')}</Stmt>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr>${body}</BkToCstmrStmt></Document>`;
}

const WRITERS = {
  MT940: (s: readonly Generated[]) => asMt940(s),
  'camt.053.001.02': (s: readonly Generated[]) => asCamt053(s, '02'),
  'camt.053.001.08': (s: readonly Generated[]) => asCamt053(s, '08'),
};

describe.each(Object.entries(WRITERS))('%s written from random statements', (_name, write) => {
  it('reads back the same accounts, days and balances, each statement adding up', () => {
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 6 }), (generated) => {
        const file = readStatements(new TextEncoder().encode(write(generated)));
        expect(file.skipped).toEqual([]);
        expect(
          file.statements.map((s) => [
            s.account.id,
            s.currency,
            s.balances.map((b) => [b.kind, b.date, b.amount]),
            s.addUp?.ok,
          ]),
        ).toEqual(
          generated.map((g) => [
            g.account,
            g.currency,
            [
              ['opening_booked', iso(g.date), plain(g.opening)],
              ['closing_booked', iso(g.date), plain(closingOf(g))],
            ],
            true,
          ]),
        );
      }),
      { seed: 2501, numRuns: 150 },
    );
  });

  it('fails the add-up check when any one entry is changed, naming what it expected and found', () => {
    fc.assert(
      fc.property(
        statement.filter((s) => s.entries.length > 0),
        fc.nat(),
        fc.bigInt({ min: -500_00n, max: 500_00n }).filter((d) => d !== 0n),
        (g, which, delta) => {
          const i = which % g.entries.length;
          const entries = g.entries.map((c, j) => (j === i ? c + delta : c));
          fc.pre(entries[i] !== 0n); // an entry of 0 is not a movement a bank writes
          const file = readStatements(new TextEncoder().encode(write([{ ...g, entries, closing: closingOf(g) }])));
          const expected = entries.reduce((a, b) => a + b, g.opening);
          expect(file.statements[0]?.addUp).toMatchObject({
            ok: false,
            closing: plain(closingOf(g)),
            expected: plain(expected),
          });
        },
      ),
      { seed: 2502, numRuns: 200 },
    );
  });
});
