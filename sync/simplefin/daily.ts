// `ledger-sync simplefin --daily <days>`: each day's balance back from an account's balance over its posted
// transactions of the last days asked for (start-date), pending ones left out. The protocol lists the transactions
// posted on or after start-date; a day's closing balance is the balance less every transaction posted after that
// day, so each day with transactions before the balance's day is proven by what the answer holds, as far as the
// bank gave the Bridge every transaction (docs/statements.md says what the Bridge guarantees and what it does not).
import { dailyBalances, type DerivedDay } from '../../statements/daily';
import { SetupError } from '../errors';
import { simplefinNumber, type SimplefinBalance } from './account-set';
import { dayIn } from './day';

/**
 * The most days --daily asks for: the SimpleFIN protocol sets no limit, but the Bridge caps a request's range
 * (end-date less start-date) at 90 days and shortens a longer one.
 */
const MAX_DAILY_DAYS = 90;

/** --daily: the days to look back, a whole number from 1 to MAX_DAILY_DAYS. */
export function dailyOption(text: string): number {
  const days = Number(text);
  if (!/^\d+$/.test(text.trim()) || days < 1 || days > MAX_DAILY_DAYS) {
    throw new SetupError(
      `--daily ${JSON.stringify(text)}: give the days of transactions to look back over, from 1 to ${MAX_DAILY_DAYS} (the most SimpleFIN Bridge answers in one request)`,
    );
  }
  return days;
}

/**
 * The days an account's transactions prove, or why none: every transaction that is not pending must have a `posted`
 * time and a numeric `amount`, and none may be posted after the balance's day (the balance may not include it).
 */
export function simplefinDays(balance: SimplefinBalance, zone: string): { days: DerivedDay[] } | { problem: string } {
  if (!balance.transactions) return { problem: 'the answer lists no transactions for it' };
  const entries = [];
  for (const [i, raw] of balance.transactions.entries()) {
    const t = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : undefined;
    const name = `transaction ${i + 1}`;
    if (!t) return { problem: `${name} is not an object` };
    if (t.pending === true) continue; // not booked yet: not in a day's closing balance
    if (typeof t.posted !== 'number' || !Number.isFinite(t.posted) || t.posted <= 0)
      return { problem: `${name} has no "posted" time` };
    if (typeof t.amount !== 'string' || simplefinNumber(t.amount) === undefined)
      return { problem: `${name} has no numeric "amount"` };
    const date = dayIn(t.posted, zone);
    if (date > balance.date)
      return {
        problem: `${name} is posted on ${date}, after the balance's day ${balance.date}, so the balance may not include it`,
      };
    entries.push({ date, amount: t.amount.trim() });
  }
  return { days: dailyBalances({ from: 'closing', amount: balance.balance }, entries, balance.date)! };
}

/** A derived day's origin in words, for its row's source. */
export function describeSimplefinDay(balance: SimplefinBalance, day: DerivedDay): string {
  const after =
    day.entries === 0
      ? 'no transaction being posted after that day'
      : `less the ${day.entries} ${day.entries === 1 ? 'transaction' : 'transactions'} posted after that day`;
  return `derived from its balance ${balance.balance} of ${balance.date}, ${after}`;
}
