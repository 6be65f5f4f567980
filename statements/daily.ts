// Each day's closing balance that a statement's booked entries prove: its opening balance plus the entries, day by
// day (or, for a statement with no opening balance, its closing balance less the entries of the later days), in
// exact decimals. Only the days that have entries, before the statement's own closing day, whose balance the file
// states itself.
import { balanceKind } from './balance-kinds';
import { add, parseDecimal, subtract, toPlain, type Decimal } from './decimal';
import type { Statement, StatementBalance, StatementEntry } from './types';

/** One day's closing balance, derived from a history. */
export interface DerivedDay {
  /** `YYYY-MM-DD` */
  date: string;
  /** Exact decimal text. */
  amount: string;
  /** How many entries were summed with the base: up to this day from an opening balance, after it back from a closing one. */
  entries: number;
}

/** What a history's days are summed from: the balance before the first entry, or the one after the last. */
export interface HistoryBase {
  from: 'opening' | 'closing';
  amount: string;
}

/**
 * The closing balance of each day that has entries, before `until` (the day whose balance is stated): forward from an
 * opening balance, or back from a closing balance. Undefined when an entry's amount is not a plain decimal.
 */
export function dailyBalances(
  base: HistoryBase,
  entries: readonly StatementEntry[],
  until: string,
): DerivedDay[] | undefined {
  const byDay = new Map<string, { sum: Decimal; count: number }>();
  for (const entry of entries) {
    const amount = parseDecimal(entry.amount);
    if (amount === undefined) return undefined;
    const day = byDay.get(entry.date);
    if (day) {
      day.sum = add(day.sum, amount);
      day.count += 1;
    } else byDay.set(entry.date, { sum: amount, count: 1 });
  }
  const dates = [...byDay.keys()].sort();
  const start = parseDecimal(base.amount);
  if (start === undefined) return undefined;
  const days: DerivedDay[] = [];
  let running = start;
  let count = 0;
  if (base.from === 'opening') {
    for (const date of dates) {
      const day = byDay.get(date)!;
      running = add(running, day.sum);
      count += day.count;
      if (date < until) days.push({ date, amount: toPlain(running), entries: count });
    }
    return days;
  }
  // Back from the closing balance: a day's balance is the closing less every entry of the days after it.
  for (let i = dates.length - 1; i >= 0; i--) {
    const date = dates[i]!;
    const day = byDay.get(date)!;
    if (date < until) days.push({ date, amount: toPlain(running), entries: count });
    running = subtract(running, day.sum);
    count += day.count;
  }
  return days.reverse();
}

/** What a statement's history gives: its days with the balance they were summed from, or why none is derived. */
export type StatementDays = { days: DerivedDay[]; base: StatementBalance } | { reason: string };

/**
 * The days a statement proves, when it has a history: only from a statement that adds up (or, with no opening
 * balance, one whose reader found its list complete: OFX), whose history has no problem and whose entries all fall
 * between its opening and closing balances' days. Undefined when there is nothing to derive (no history, no entry).
 */
export function statementDays(statement: Statement): StatementDays | undefined {
  const history = statement.history;
  if (!history || (history.entries.length === 0 && history.problem === undefined)) return undefined;
  const closing = statement.balances.find(
    (b) => balanceKind(b.kind).role === 'closing' && b.kind !== 'investment_value',
  );
  if (!closing) return undefined;
  if (history.problem !== undefined) return { reason: `no day's balance is derived from it: ${history.problem}` };
  if (statement.addUp && !statement.addUp.ok) {
    return history.entries.some((e) => e.date < closing.date)
      ? { reason: "no day's balance is derived from it, as it does not add up" }
      : undefined;
  }
  // Without an add-up check, only a list the file shows complete (OFX) proves days, back from the closing balance.
  if (!statement.addUp && history.completeToClosing !== true) {
    return history.entries.some((e) => e.date < closing.date)
      ? {
          reason:
            "no day's balance is derived from it: it has no opening balance in its closing balance's currency to check its entries against",
        }
      : undefined;
  }
  const opening = statement.addUp ? statement.balances.find((b) => balanceKind(b.kind).role === 'opening') : undefined;
  const outside = history.entries.find(
    (e) => e.date > closing.date || (opening !== undefined && e.date < opening.date),
  );
  if (outside) {
    const which =
      outside.date > closing.date
        ? `after its closing balance's day ${closing.date}`
        : `before its opening balance's day ${opening!.date}`;
    return {
      reason: `no day's balance is derived from it: an entry${outside.line !== undefined ? ` (line ${outside.line})` : ''} is dated ${outside.date}, ${which}`,
    };
  }
  const base = opening ?? closing;
  const days = dailyBalances(
    { from: opening ? 'opening' : 'closing', amount: base.amount },
    history.entries,
    closing.date,
  );
  if (!days) return { reason: "no day's balance is derived from it: an entry's amount is not a plain decimal" };
  return { days, base };
}

/** A derived day's origin in words: `its opening balance and the 5 entries to that day`. */
export function describeDerivation(base: StatementBalance, entries: number): string {
  const counted = `${entries} ${entries === 1 ? 'entry' : 'entries'}`;
  return balanceKind(base.kind).role === 'opening'
    ? `its ${balanceKind(base.kind).description} ${base.amount} and the ${counted} to that day`
    : `its ${balanceKind(base.kind).description} ${base.amount} of ${base.date}${entries === 0 ? ', no entry being booked after that day' : ` less the ${counted} booked after that day`}`;
}
