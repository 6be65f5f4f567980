// selectBalances with `daily` and `acceptUnbalanced`, on statements built here: each day a statement that adds up
// proves is written (exact decimals, no duplicate of the stated closing balance), a day that disagrees with a balance
// stated elsewhere is a conflict, a statement that does not add up never gives a day, and its closing balance is
// written only when asked, saying so.
import { describe, expect, it } from 'vitest';
import { addUp } from '../../statements/add-up';
import { dailyBalances } from '../../statements/daily';
import { parseDecimal } from '../../statements/decimal';
import { selectBalances, type BalanceKind, type Statement, type StatementFile } from '../../statements/index';

interface Built {
  number?: number;
  account?: string;
  opening?: [string, string, BalanceKind?];
  closing: [string, string, BalanceKind?];
  entries: Array<[string, string, number?]>;
  problem?: string;
}

/** A statement as a reader gives it: balances, the add-up check over its entries, and its history. */
function statement(b: Built): Statement {
  const number = b.number ?? 1;
  const location = `statement ${number}`;
  const balance = ([date, amount, kind]: [string, string, BalanceKind?], fallback: BalanceKind) => ({
    kind: kind ?? fallback,
    date,
    amount,
    currency: 'EUR',
    location,
  });
  const balances = [...(b.opening ? [balance(b.opening, 'opening_booked')] : []), balance(b.closing, 'closing_booked')];
  const check = b.opening
    ? addUp(
        b.opening[1],
        b.entries.map(([, amount]) => parseDecimal(amount)!),
        b.closing[1],
      )
    : undefined;
  return {
    format: 'mt940',
    type: 'statement',
    number,
    location,
    account: { id: b.account ?? 'NL00BANK0123456789', scheme: 'iban' },
    currency: 'EUR',
    balances,
    ...(check ? { addUp: check } : {}),
    history: {
      entries: b.entries.map(([date, amount, line]) => ({ date, amount, ...(line !== undefined ? { line } : {}) })),
      ...(b.problem ? { problem: b.problem } : {}),
    },
    notes: [],
  };
}
const file = (...statements: Statement[]): StatementFile => ({
  format: 'mt940',
  formatName: 'MT940',
  statements,
  skipped: [],
});
const written = (result: ReturnType<typeof selectBalances>) =>
  result.balances.map((b) => [b.balance.date, b.balance.amount, b.derived ? 'derived' : 'stated']);

/** October: opening 100.00 on the 1st; entries on the 2nd (twice), the 5th and the 31st; closing 85.30 on the 31st. */
const OCTOBER: Built = {
  opening: ['2026-10-01', '100.00'],
  entries: [
    ['2026-10-02', '-20.00', 10],
    ['2026-10-02', '0.10', 12],
    ['2026-10-05', '0.20', 14],
    ['2026-10-31', '5.00', 16],
  ],
  closing: ['2026-10-31', '85.30'],
};

describe('selectBalances daily: the days a statement proves', () => {
  it('one balance per day with entries, in exact decimals, and the stated closing balance once', () => {
    const result = selectBalances([{ source: 'oct.sta', file: file(statement(OCTOBER)) }], { daily: true });
    // 100.00 - 20.00 + 0.10 = 80.10; + 0.20 = 80.30 (never 80.30000000000001); the 31st is the stated 85.30.
    expect(written(result)).toEqual([
      ['2026-10-02', '80.10', 'derived'],
      ['2026-10-05', '80.30', 'derived'],
      ['2026-10-31', '85.30', 'stated'],
    ]);
    expect(result.skipped).toEqual([]);
    expect(result.balances[1]!.derived).toMatchObject({
      entries: 3,
      description: 'its opening booked balance 100.00 and the 3 entries to that day',
    });
  });

  it('without daily, only the stated closing balance; nor with kinds that leave out the closing booked balance', () => {
    expect(written(selectBalances([{ source: 'oct.sta', file: file(statement(OCTOBER)) }]))).toEqual([
      ['2026-10-31', '85.30', 'stated'],
    ]);
    expect(
      selectBalances([{ source: 'oct.sta', file: file(statement(OCTOBER)) }], {
        daily: true,
        kinds: ['investment_value'],
      }).balances,
    ).toEqual([]);
  });

  it('a history the reader could not read in full gives no day: its problem is the reason, and the closing balance is written', () => {
    const result = selectBalances(
      [
        {
          source: 'oct.sta',
          file: file(statement({ ...OCTOBER, problem: 'the entry on line 14 has no date that can be read' })),
        },
      ],
      { daily: true },
    );
    expect(written(result)).toEqual([['2026-10-31', '85.30', 'stated']]);
    expect(result.skipped).toEqual([
      expect.objectContaining({
        source: 'oct.sta',
        location: 'statement 1',
        reason:
          "no day's balance is derived from it: the entry on line 14 has no date that can be read; its closing balance alone is written",
      }),
    ]);
  });

  it('no opening balance to check the entries against (MT940, camt): no day is derived, the closing balance is written', () => {
    const closingOnly = statement({ ...OCTOBER, opening: undefined });
    const result = selectBalances([{ source: 'oct.sta', file: file(closingOnly) }], { daily: true });
    expect(written(result)).toEqual([['2026-10-31', '85.30', 'stated']]);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      "no day's balance is derived from it: it has no opening balance in its closing balance's currency to check its entries against; its closing balance alone is written",
    ]);
    // A list the file itself shows complete up to the closing day (OFX) proves the days back from the closing balance.
    const complete: Statement = { ...closingOnly, history: { ...closingOnly.history!, completeToClosing: true } };
    expect(written(selectBalances([{ source: 'oct.sta', file: file(complete) }], { daily: true }))).toEqual([
      ['2026-10-02', '80.10', 'derived'],
      ['2026-10-05', '80.30', 'derived'],
      ['2026-10-31', '85.30', 'stated'],
    ]);
  });

  it('an entry dated outside the opening and closing days: no day is derived, and the entry is named', () => {
    const late = {
      ...OCTOBER,
      entries: [...OCTOBER.entries.slice(0, 3), ['2026-11-02', '5.00', 16] as [string, string, number]],
    };
    const result = selectBalances([{ source: 'oct.sta', file: file(statement(late)) }], { daily: true });
    expect(written(result)).toEqual([['2026-10-31', '85.30', 'stated']]);
    expect(result.skipped[0]!.reason).toBe(
      "no day's balance is derived from it: an entry (line 16) is dated 2026-11-02, after its closing balance's day 2026-10-31; its closing balance alone is written",
    );
    const early = {
      ...OCTOBER,
      entries: [['2026-09-30', '-20.00', 10] as [string, string, number], ...OCTOBER.entries.slice(1)],
    };
    expect(
      selectBalances([{ source: 'oct.sta', file: file(statement(early)) }], { daily: true }).skipped[0]!.reason,
    ).toContain("is dated 2026-09-30, before its opening balance's day 2026-10-01");
  });

  it('a derived day that differs from a balance another statement states for that account and day: neither is written, both named', () => {
    const day5 = statement({
      number: 2,
      opening: ['2026-10-04', '80.10'],
      entries: [['2026-10-05', '0.25']],
      closing: ['2026-10-05', '80.35'],
    });
    const result = selectBalances(
      [
        { source: 'oct.sta', file: file(statement(OCTOBER)) },
        { source: 'day5.sta', file: file(day5) },
      ],
      { daily: true },
    );
    expect(written(result)).toEqual([
      ['2026-10-02', '80.10', 'derived'],
      ['2026-10-31', '85.30', 'stated'],
    ]);
    const reason =
      '2 different closing booked balances for account NL00BANK0123456789 on 2026-10-05 (80.30 derived from oct.sta statement 1; 80.35 from day5.sta statement 2): none is written';
    expect(result.skipped.map((s) => [s.source, s.reason])).toEqual([
      ['oct.sta', reason],
      ['day5.sta', reason],
    ]);
  });

  it('a derived day equal to a balance stated for that day is written once, as stated', () => {
    const day5 = statement({
      number: 2,
      opening: ['2026-10-04', '80.10'],
      entries: [['2026-10-05', '0.20']],
      closing: ['2026-10-05', '80.3'],
    });
    const result = selectBalances(
      [
        { source: 'oct.sta', file: file(statement(OCTOBER)) },
        { source: 'day5.sta', file: file(day5) },
      ],
      { daily: true },
    );
    expect(
      result.balances.map((b) => [b.source, b.balance.date, b.balance.amount, b.derived ? 'derived' : 'stated']),
    ).toEqual([
      ['oct.sta', '2026-10-02', '80.10', 'derived'],
      ['oct.sta', '2026-10-31', '85.30', 'stated'],
      ['day5.sta', '2026-10-05', '80.3', 'stated'],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('a page that ends mid-day is no conflict for the day the next page continues: the day ends on the later page', () => {
    const page1 = statement({
      number: 1,
      opening: ['2026-10-01', '100.00'],
      entries: [['2026-10-02', '-20.00']],
      closing: ['2026-10-02', '80.00', 'interim_closing'],
    });
    const page2 = statement({
      number: 2,
      opening: ['2026-10-02', '80.00', 'interim_opening'],
      entries: [
        ['2026-10-02', '5.00'],
        ['2026-10-03', '1.00'],
      ],
      closing: ['2026-10-03', '86.00'],
    });
    const result = selectBalances([{ source: 'pages.sta', file: file(page1, page2) }], { daily: true });
    expect(written(result)).toEqual([
      ['2026-10-02', '85.00', 'derived'],
      ['2026-10-03', '86.00', 'stated'],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('two statements whose days disagree: the day is skipped, the others are written', () => {
    const other = statement({
      number: 2,
      opening: ['2026-10-01', '100.00'],
      entries: [
        ['2026-10-02', '-30.00'],
        ['2026-10-06', '10.00'],
      ],
      closing: ['2026-10-06', '80.00'],
    });
    const result = selectBalances(
      [
        { source: 'a.sta', file: file(statement(OCTOBER)) },
        { source: 'b.sta', file: file(other) },
      ],
      { daily: true },
    );
    expect(written(result)).toEqual([
      ['2026-10-05', '80.30', 'derived'],
      ['2026-10-31', '85.30', 'stated'],
      ['2026-10-06', '80.00', 'stated'],
    ]);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      '2 different closing booked balances for account NL00BANK0123456789 on 2026-10-02 (80.10 derived from a.sta statement 1; 70.00 derived from b.sta statement 2): none is written',
      '2 different closing booked balances for account NL00BANK0123456789 on 2026-10-02 (80.10 derived from a.sta statement 1; 70.00 derived from b.sta statement 2): none is written',
    ]);
  });
});

describe("selectBalances acceptUnbalanced: the bank's figure, saying so", () => {
  const changed = {
    ...OCTOBER,
    entries: [...OCTOBER.entries.slice(0, 3), ['2026-10-31', '5.01', 16] as [string, string, number]],
  };

  it('without it, a statement that does not add up is skipped, with or without daily', () => {
    for (const daily of [false, true]) {
      const result = selectBalances([{ source: 'oct.sta', file: file(statement(changed)) }], { daily });
      expect(result.balances).toEqual([]);
      expect(result.skipped.map((s) => s.reason)).toEqual([
        'it does not add up: opening 100.00 + 4 entries -14.69 = 85.31, but its closing balance is 85.30 (difference -0.01): its balance is not written, as the file may be incomplete or altered',
      ]);
    }
  });

  it('with it, the closing balance is written as stated, carrying the failed check; no day is ever derived from it', () => {
    const result = selectBalances([{ source: 'oct.sta', file: file(statement(changed)) }], {
      acceptUnbalanced: true,
      daily: true,
    });
    expect(written(result)).toEqual([['2026-10-31', '85.30', 'stated']]);
    expect(result.balances[0]!.unbalanced).toMatchObject({ ok: false, expected: '85.31', closing: '85.30' });
    expect(result.skipped.map((s) => s.reason)).toEqual([
      "no day's balance is derived from it, as it does not add up; its closing balance alone is written",
    ]);
    // A statement that adds up carries no such mark.
    expect(
      selectBalances([{ source: 'oct.sta', file: file(statement(OCTOBER)) }], { acceptUnbalanced: true }).balances[0]!
        .unbalanced,
    ).toBeUndefined();
  });
});

describe('dailyBalances: forward from an opening balance, back from a closing one', () => {
  const entries = [
    { date: '2026-10-03', amount: '1.5' },
    { date: '2026-10-02', amount: '-0.25' },
    { date: '2026-10-03', amount: '0.05' },
  ];
  it('the same days either way, whatever order the entries are in; the closing day itself is left to the stated balance', () => {
    expect(dailyBalances({ from: 'opening', amount: '10' }, entries, '2026-10-04')).toEqual([
      { date: '2026-10-02', amount: '9.75', entries: 1 },
      { date: '2026-10-03', amount: '11.30', entries: 3 },
    ]);
    expect(dailyBalances({ from: 'closing', amount: '11.30' }, entries, '2026-10-04')).toEqual([
      { date: '2026-10-02', amount: '9.75', entries: 2 },
      { date: '2026-10-03', amount: '11.30', entries: 0 },
    ]);
    expect(dailyBalances({ from: 'closing', amount: '11.30' }, entries, '2026-10-03')).toEqual([
      { date: '2026-10-02', amount: '9.75', entries: 2 },
    ]);
    expect(
      dailyBalances({ from: 'opening', amount: '10' }, [{ date: '2026-10-02', amount: '1,5' }], '2026-10-04'),
    ).toBeUndefined();
  });
});
