// Property tests (fixed seeds): a random statement spanning several days, written as MT940 and as camt.053, gives
// back every day's closing balance under `daily` (opening plus the entries to that day, the last day the stated
// closing balance); when one entry is changed, so that it no longer adds up, no day is written from it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStatements, selectBalances } from '../../statements/index';

interface Generated {
  account: string;
  currency: string;
  /** The opening balance's day, as days since 1970. */
  start: number;
  /** Days from the opening day to the closing day. */
  span: number;
  opening: bigint; // cents
  /** Cents (signed, never 0) and the day of each, as days after `start` (at most `span`). */
  entries: Array<[bigint, number]>;
  /** The closing balance written, when not opening + entries. */
  closing?: bigint;
}

const generated = fc
  .record({
    account: fc.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{12,20}$/),
    currency: fc.constantFrom('EUR', 'CHF', 'USD'),
    start: fc.integer({ min: 11_000, max: 40_000 }), // 2000 to 2079
    span: fc.integer({ min: 0, max: 31 }),
    opening: fc.bigInt({ min: -10_000_000_00n, max: 10_000_000_00n }),
    entries: fc.array(
      fc.tuple(
        fc.bigInt({ min: -1_000_000_00n, max: 1_000_000_00n }).filter((c) => c !== 0n),
        fc.nat(),
      ),
      { maxLength: 40 },
    ),
  })
  .map((g): Generated => ({ ...g, entries: g.entries.map(([c, d]) => [c, d % (g.span + 1)]) }));

const closingOf = (g: Generated) => g.closing ?? g.entries.reduce((a, [c]) => a + c, g.opening);
const abs = (c: bigint) => (c < 0n ? -c : c);
const decimal = (cents: bigint, separator: '.' | ',') =>
  `${abs(cents) / 100n}${separator}${String(abs(cents) % 100n).padStart(2, '0')}`;
const plain = (cents: bigint) => `${cents < 0n ? '-' : ''}${decimal(cents, '.')}`;
const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const yymmdd = (day: number) => iso(day).slice(2).replace(/-/g, '');

/** The days the statement proves, summed here in cents: each day with entries before the closing day, then the closing day. */
function expectedDays(g: Generated): Array<[string, string]> {
  const days = [...new Set(g.entries.map(([, d]) => d))].filter((d) => d < g.span).sort((a, b) => a - b);
  const balance = (day: number) => g.entries.filter(([, d]) => d <= day).reduce((a, [c]) => a + c, g.opening);
  return [
    ...days.map((d): [string, string] => [iso(g.start + d), plain(balance(d))]),
    [iso(g.start + g.span), plain(closingOf(g))],
  ];
}

function asCamt053(g: Generated): string {
  const amount = (cents: bigint) =>
    `<Amt Ccy="${g.currency}">${decimal(cents, '.')}</Amt><CdtDbtInd>${cents < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd>`;
  const bal = (code: string, cents: bigint, day: number) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(cents)}<Dt><Dt>${iso(day)}</Dt></Dt></Bal>`;
  const entries = g.entries.map(
    ([c, d]) =>
      `<Ntry>${amount(c)}<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${iso(g.start + d)}</Dt></BookgDt><ValDt><Dt>${iso(g.start + d)}</Dt></ValDt></Ntry>`,
  );
  const stmt = `<Stmt><Id>S1</Id><Acct><Id><IBAN>${g.account}</IBAN></Id><Ccy>${g.currency}</Ccy></Acct>${bal('OPBD', g.opening, g.start)}${bal('CLBD', closingOf(g), g.start + g.span)}${entries.join('')}</Stmt>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr>${stmt}</BkToCstmrStmt></Document>`;
}

function asMt940(g: Generated): string {
  const balance = (tag: string, cents: bigint, day: number) =>
    `:${tag}:${cents < 0n ? 'D' : 'C'}${yymmdd(day)}${g.currency}${decimal(cents, ',')}`;
  // Value date YYMMDD, then the entry (booking) date MMDD: the day each entry counts on.
  const entries = g.entries.flatMap(([c, d], j) => [
    `:61:${yymmdd(g.start + d)}${yymmdd(g.start + d).slice(2)}${c < 0n ? 'D' : 'C'}${decimal(c, ',')}NTRFREF${j}`,
    `:86:entry ${j}`,
  ]);
  return [
    '{1:F01BANKDEFFXXXX0000000000}{2:O940BANKDEFFXXXXN}{4:',
    ':20:STMT1',
    `:25:${g.account}`,
    ':28C:1/1',
    balance('60F', g.opening, g.start),
    ...entries,
    balance('62F', closingOf(g), g.start + g.span),
    '-}',
  ].join('\r\n');
}

const WRITERS: Record<string, (g: Generated) => string> = { MT940: asMt940, 'camt.053.001.08': asCamt053 };

describe.each(Object.entries(WRITERS))('%s: random statements over several days, under daily', (_name, write) => {
  it("gives back every day's balance: opening plus the entries to that day, and the stated closing balance on its day", () => {
    fc.assert(
      fc.property(generated, (g) => {
        const file = readStatements(new TextEncoder().encode(write(g)));
        const { balances, skipped } = selectBalances([{ source: 'f', file }], { daily: true });
        expect(skipped).toEqual([]);
        expect(balances.map((b) => [b.balance.date, b.balance.amount])).toEqual(expectedDays(g));
      }),
      { seed: 3801, numRuns: 150 },
    );
  });

  it('writes no day from it when one entry is changed (it no longer adds up), even with acceptUnbalanced', () => {
    fc.assert(
      fc.property(
        generated.filter((g) => g.entries.length > 0),
        fc.nat(),
        fc.bigInt({ min: -500_00n, max: 500_00n }).filter((d) => d !== 0n),
        (g, which, delta) => {
          const i = which % g.entries.length;
          const entries = g.entries.map(([c, d], j): [bigint, number] => [j === i ? c + delta : c, d]);
          fc.pre(entries[i]![0] !== 0n); // an entry of 0 is not a movement a bank writes
          const file = readStatements(new TextEncoder().encode(write({ ...g, entries, closing: closingOf(g) })));
          expect(selectBalances([{ source: 'f', file }], { daily: true }).balances).toEqual([]);
          const accepted = selectBalances([{ source: 'f', file }], { daily: true, acceptUnbalanced: true }).balances;
          expect(accepted.map((b) => [b.balance.date, b.balance.amount, b.derived])).toEqual([
            [iso(g.start + g.span), plain(closingOf(g)), undefined],
          ]);
        },
      ),
      { seed: 3802, numRuns: 200 },
    );
  });
});
