// The closing balance of each account and day, whatever the file's order: unit cases from real layouts, and
// property tests over random transaction lists (oldest or newest first, same-day clusters, with and without an amount
// column): every day comes out as the reference closing balance or as an explicit skip, never as another number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableLine } from '../../statements/csv/table';
import { closeDays, fileOrder } from '../../statements/csv/day-closing';
import { parseDecimal, toPlain, type Decimal } from '../../statements/decimal';

const d = (text: string): Decimal => parseDecimal(text)!;

/** Lines in file order: [date, amount or undefined, balance after]. */
function table(rows: Array<[string, string | undefined, string]>, label = 'Giro'): TableLine[] {
  return rows.map(([date, amount, balance], i) => ({
    line: i + 2,
    label,
    date,
    balance: d(balance),
    amount: amount === undefined ? undefined : d(amount),
  }));
}

const closings = (lines: TableLine[]) => {
  const { closed, unsettled } = closeDays(lines);
  return {
    closed: Object.fromEntries(closed.map((c) => [`${c.label} ${c.date}`, toPlain(c.balance)])),
    unsettled: unsettled.map((u) => `${u.label} ${u.date}: ${u.reason}`),
  };
};

describe('closeDays: the balance after the last line of the day, in either file order', () => {
  // The case with our own figures: an Atruvia export, newest first, three lines on 01.12.
  const newestFirst: Array<[string, string | undefined, string]> = [
    ['2026-12-02', '-80.00', '10331.21'],
    ['2026-12-02', '1250.00', '10411.21'],
    ['2026-12-01', '175.00', '9161.21'],
    ['2026-12-01', '-453.11', '8986.21'],
    ['2026-12-01', '-39.90', '9439.32'],
    ['2026-11-28', '-6.00', '9479.22'],
  ];

  it('newest first with amounts: the chain and the dates agree on the last line', () => {
    expect(closings(table(newestFirst))).toEqual({
      closed: { 'Giro 2026-11-28': '9479.22', 'Giro 2026-12-01': '9161.21', 'Giro 2026-12-02': '10331.21' },
      unsettled: [],
    });
  });

  it('newest first without amounts: the falling dates say the first line of a day is its last', () => {
    expect(closings(table(newestFirst.map(([date, , balance]) => [date, undefined, balance]))).closed).toEqual({
      'Giro 2026-11-28': '9479.22',
      'Giro 2026-12-01': '9161.21',
      'Giro 2026-12-02': '10331.21',
    });
  });

  it('oldest first: the last line of a day in the file is its last', () => {
    expect(closings(table([...newestFirst].reverse())).closed['Giro 2026-12-01']).toBe('9161.21');
  });

  it('one day, no amounts: the order cannot be established, so the day is skipped with the reason', () => {
    expect(
      closings(
        table([
          ['2026-10-31', undefined, '1.00'],
          ['2026-10-31', undefined, '2.00'],
        ]),
      ),
    ).toEqual({
      closed: {},
      unsettled: [
        "Giro 2026-10-31: the order of lines 2, 3 (2026-10-31) cannot be established: the file's dates do not show whether it lists the oldest or the newest first, and the profile has no amount column (columns.amount) to follow the running balance",
      ],
    });
  });

  it('one day with amounts: the chain alone settles it when only one line can be last', () => {
    // Opening 100: +10 -> 110, -30 -> 80. Whatever the file order, only 80 is opening + all amounts.
    expect(
      closings(
        table([
          ['2026-10-31', '-30', '80'],
          ['2026-10-31', '10', '110'],
        ]),
      ).closed,
    ).toEqual({ 'Giro 2026-10-31': '80' });
    expect(
      closings(
        table([
          ['2026-10-31', '10', '110'],
          ['2026-10-31', '-30', '80'],
        ]),
      ).closed,
    ).toEqual({ 'Giro 2026-10-31': '80' });
  });

  it('one day whose amounts chain both ways (a payment and its top-up in one second): skipped, naming both closings', () => {
    const { unsettled } = closings(
      table([
        ['2026-11-05', '-20.00', '0.00'],
        ['2026-11-05', '20.00', '20.00'],
      ]),
    );
    expect(unsettled).toEqual([
      "Giro 2026-11-05: the last of lines 2, 3 (2026-11-05) cannot be established: their amounts chain more than one way (closing 20.00 or 0.00) and the file's dates do not show its order",
    ]);
  });

  it("the same pair settles once the day before is known: that closing is this day's opening", () => {
    const lines = table([
      ['2026-11-03', '-23.50', '76.50'],
      ['2026-11-05', '-20.00', '56.50'],
      ['2026-11-05', '20.00', '76.50'],
    ]);
    expect(closings(lines).closed['Giro 2026-11-05']).toBe('76.50');
  });

  it('balances that do not follow from the amounts (a missing line) are not guessed', () => {
    const { unsettled } = closings(
      table([
        ['2026-10-30', '5', '105'],
        ['2026-10-31', '-1', '104'],
        ['2026-10-31', '-2', '99'],
      ]),
    );
    expect(unsettled).toEqual([
      "Giro 2026-10-31: the balances on lines 3, 4 (2026-10-31) do not follow from their amounts (previous balance + amount = balance), so the day's last line cannot be told",
    ]);
  });

  it('lines with the same balance need no order; several accounts are closed apart; a one-day account takes the file order', () => {
    const lines = [
      ...table(
        [
          ['2026-10-31', undefined, '7.00'],
          ['2026-10-31', undefined, '7.00'],
        ],
        'Savings',
      ),
      ...table(
        [
          ['2026-10-31', undefined, '9.00'],
          ['2026-10-30', undefined, '1.00'],
        ],
        'Checking',
      ).map((l) => ({ ...l, line: l.line + 10 })),
      ...table(
        [
          ['2026-10-31', undefined, '5.00'],
          ['2026-10-31', undefined, '4.00'],
        ],
        'Card',
      ).map((l) => ({ ...l, line: l.line + 20 })),
    ];
    expect(closings(lines).closed).toEqual({
      'Savings 2026-10-31': '7.00',
      'Checking 2026-10-31': '9.00',
      'Checking 2026-10-30': '1.00',
      'Card 2026-10-31': '5.00',
    });
  });

  it('an unsorted account gives no order: its multi-line days without amounts are skipped, single-line days kept', () => {
    const lines = table([
      ['2026-10-30', undefined, '1'],
      ['2026-10-31', undefined, '2'],
      ['2026-10-31', undefined, '3'],
      ['2026-10-29', undefined, '0'],
    ]);
    expect(fileOrder(lines)).toBe('unsorted');
    const result = closings(lines);
    expect(result.closed).toEqual({ 'Giro 2026-10-29': '0', 'Giro 2026-10-30': '1' });
    expect(result.unsettled[0]).toContain("this account's lines are not sorted by date");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Property tests. A reference ledger: an opening balance and, per day, transactions in time order; the closing
// balance of a day is the running balance after its last transaction. The file lists them oldest or newest first.

interface Day {
  date: string;
  amounts: bigint[]; // cents, in time order
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
// Few distinct values, zeros and repeats: the cases where a chain can be read more than one way.
const cents = fc.oneof(fc.constantFrom(0n, 100n, -100n, 2000n, -2000n), fc.bigInt({ min: -50_000n, max: 50_000n }));
const history = fc.record({
  opening: fc.bigInt({ min: -100_000n, max: 100_000n }),
  days: fc
    .uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 6 })
    .chain((offsets) =>
      fc.tuple(
        ...[...offsets]
          .sort((a, b) => a - b)
          .map((o) =>
            fc.array(cents, { minLength: 1, maxLength: 5 }).map((amounts): Day => ({ date: day(o), amounts })),
          ),
      ),
    ),
  newestFirst: fc.boolean(),
  withAmounts: fc.boolean(),
});

const cent = (c: bigint): Decimal => ({ units: c, scale: 2 });

function render({
  opening,
  days,
  newestFirst,
  withAmounts,
}: {
  opening: bigint;
  days: Day[];
  newestFirst: boolean;
  withAmounts: boolean;
}) {
  let balance = opening;
  const chronological: Array<{ date: string; amount: bigint; balance: bigint }> = [];
  const reference = new Map<string, string>();
  for (const { date, amounts } of days) {
    for (const amount of amounts) {
      balance += amount;
      chronological.push({ date, amount, balance });
    }
    reference.set(date, toPlain(cent(balance)));
  }
  const inFile = newestFirst ? [...chronological].reverse() : chronological;
  const lines: TableLine[] = inFile.map((t, i) => ({
    line: i + 2,
    label: 'Giro',
    date: t.date,
    balance: cent(t.balance),
    amount: withAmounts ? cent(t.amount) : undefined,
  }));
  return { lines, reference };
}

describe('closeDays properties (fast-check, seeded)', () => {
  it('every day is the reference closing balance or an explicit skip, never another number', () => {
    fc.assert(
      fc.property(history, (h) => {
        const { lines, reference } = render(h);
        const { closed, unsettled } = closeDays(lines);
        for (const c of closed) expect(toPlain(c.balance)).toBe(reference.get(c.date));
        expect(new Set([...closed.map((c) => c.date), ...unsettled.map((u) => u.date)])).toEqual(
          new Set(reference.keys()),
        );
        for (const u of unsettled) expect(u.reason).toMatch(/cannot be established|cannot be told/);
      }),
      { seed: 20261201, numRuns: 2000 },
    );
  });

  it('when the file spans two days or more, its order is known and no day is skipped', () => {
    fc.assert(
      fc.property(
        history.filter((h) => h.days.length >= 2),
        (h) => {
          const { lines, reference } = render(h);
          const { closed, unsettled } = closeDays(lines);
          expect(unsettled).toEqual([]);
          expect(Object.fromEntries(closed.map((c) => [c.date, toPlain(c.balance)]))).toEqual(
            Object.fromEntries(reference),
          );
        },
      ),
      { seed: 20261202, numRuns: 1000 },
    );
  });
});
