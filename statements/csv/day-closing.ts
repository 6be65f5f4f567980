// The closing balance of each account and day, from a table of lines with running balances, whatever the file's
// order. A day's balance is the balance after its last line. Which line is last comes from:
//   1. the running balance chain, when the file has amounts: previous balance + amount = balance, in exact decimals;
//   2. the file's order, which its dates show: oldest first (dates rise) or newest first (dates fall). Within a
//      day, a file lists lines in time order one way or the other: the only assumption made, and needed only for an
//      account's first day (later days open where the day before closed) or when the file has no amounts.
// A day whose last line cannot be established is not guessed: it comes back unsettled, with the reason.
import { DateDirection, TableLines, type TableLine } from './table-lines';
import { add, equals, subtract, sum, toNumber, valueKey, type Decimal } from '../decimal';
import { formatMoney } from '../format';

/** The balance that closes one account's day, and the line it comes from. */
export interface ClosedDay {
  label: string;
  date: string;
  balance: Decimal;
  /** The line whose balance closes the day. */
  line: number;
  /** All the day's lines, in file order. */
  lines: number[];
}

/** A day with several different balances and no way to tell which is last: nothing is written for it. */
export interface UnsettledDay {
  label: string;
  date: string;
  lines: number[];
  reason: string;
}

/** The order of one account's lines in the file, as their dates show it. */
export type FileOrder = 'oldest first' | 'newest first' | 'one day' | 'unsorted';

/** Closes every account's days. Accounts are told apart by label (ignoring case and repeated spaces). */
export function closeDays(lines: readonly TableLine[]): { closed: ClosedDay[]; unsettled: UnsettledDay[] } {
  const closed: ClosedDay[] = [];
  const unsettled: UnsettledDay[] = [];
  for (const day of eachDay(TableLines.of(lines))) {
    if ('reason' in day) unsettled.push(day);
    else closed.push(day);
  }
  return { closed, unsettled };
}

/**
 * closeDays over the compact table a read collects, one day at a time (account by account, each in date order): a
 * day's lines are objects only while it is closed, and a caller that uses each day at once keeps none of them.
 */
export function* eachDay(table: TableLines): Generator<ClosedDay | UnsettledDay> {
  const orders = table.accounts.map((account) => orderOf(account.direction));
  // An account with one day's lines takes the order the file's other accounts agree on.
  const known = new Set(orders.filter((o) => o === 'oldest first' || o === 'newest first'));
  const fileWide: FileOrder = known.size === 1 ? [...known][0]! : 'one day';

  const { start, lines } = table.byGroup();
  for (const [a, account] of table.accounts.entries()) {
    const order = orders[a] === 'one day' ? fileWide : orders[a]!;
    let previous: Decimal | undefined;
    for (const date of [...account.days.keys()].sort()) {
      const group = account.days.get(date)!;
      const day: TableLine[] = [];
      for (let j = start[group]!; j < start[group + 1]!; j++) day.push(table.at(lines[j]!));
      const outcome = closeDay(day, order, previous);
      const dayLines = day.map((l) => l.line);
      if ('reason' in outcome) {
        previous = undefined;
        yield { label: account.label, date, lines: dayLines, reason: outcome.reason };
      } else {
        previous = outcome.last.balance;
        yield { label: account.label, date, lines: dayLines, balance: outcome.last.balance, line: outcome.last.line };
      }
    }
  }
}

/** Oldest first when the dates only rise (or stay), newest first when they only fall. */
export function fileOrder(lines: readonly TableLine[]): FileOrder {
  const direction = new DateDirection();
  for (const line of lines) direction.see(line.date);
  return orderOf(direction);
}

function orderOf({ rises, falls }: DateDirection): FileOrder {
  return rises && falls ? 'unsorted' : rises ? 'oldest first' : falls ? 'newest first' : 'one day';
}

/**
 * The day's last line. `previous` is the balance that closed the account's day before, when known: with complete
 * exports it is this day's opening balance.
 */
function closeDay(
  day: readonly TableLine[],
  order: FileOrder,
  previous: Decimal | undefined,
): { last: TableLine } | { reason: string } {
  const inTime = order === 'newest first' ? [...day].reverse() : day;
  if (day.length === 1 || day.every((l) => equals(l.balance, day[0]!.balance))) return { last: inTime.at(-1)! };
  const where = `lines ${day.map((l) => l.line).join(', ')} (${day[0]!.date})`;
  if (!day.every((l) => l.amount !== undefined)) {
    if (order === 'oldest first' || order === 'newest first') return { last: inTime.at(-1)! };
    const why =
      order === 'unsorted'
        ? "this account's lines are not sorted by date, so their order says nothing"
        : "the file's dates do not show whether it lists the oldest or the newest first";
    return {
      reason: `the order of ${where} cannot be established: ${why}, and the profile has no amount column (columns.amount) to follow the running balance`,
    };
  }
  // Any line could be first; the day then closes on its opening balance plus all its amounts. The true closing is
  // among the candidates that are also some line's balance.
  const total = sum(day.map((l) => l.amount!));
  const balances = new Map(day.map((l) => [valueKey(l.balance), l]));
  const candidates = new Map<string, Decimal>();
  for (const l of day) {
    const closing = add(subtract(l.balance, l.amount!), total);
    if (balances.has(valueKey(closing))) candidates.set(valueKey(closing), closing);
  }
  const lastWith = (value: Decimal) => [...inTime].reverse().find((l) => equals(l.balance, value))!;
  if (candidates.size === 0) {
    return {
      reason: `the balances on ${where} do not follow from their amounts (previous balance + amount = balance), so the day's last line cannot be told`,
    };
  }
  if (candidates.size === 1) return { last: lastWith([...candidates.values()][0]!) };
  if (previous !== undefined) {
    // The day opens where the day before closed, so it closes there plus its amounts: the one candidate that fits.
    const closing = add(previous, total);
    if (candidates.has(valueKey(closing))) return { last: lastWith(closing) };
    return {
      reason: `the balances on ${where} do not continue from the day before (${formatMoney(toNumber(previous))}), so the day's last line cannot be told`,
    };
  }
  const tries = order === 'oldest first' || order === 'newest first' ? [inTime] : [day, [...day].reverse()];
  const finals = new Map(tries.filter(chains).map((o) => [valueKey(o.at(-1)!.balance), o.at(-1)!]));
  if (finals.size === 1) return { last: [...finals.values()][0]! };
  const options = [...candidates.values()].map((c) => formatMoney(toNumber(c))).join(' or ');
  const why =
    order === 'oldest first' || order === 'newest first'
      ? `they are not in the file's order (${order}) and their amounts allow more than one closing balance (${options})`
      : `their amounts chain more than one way (closing ${options}) and the file's dates do not show its order`;
  return { reason: `the last of ${where} cannot be established: ${why}` };
}

/** True when each line's balance is the one before plus its amount. */
function chains(order: readonly TableLine[]): boolean {
  return order.every((l, i) => i === 0 || equals(add(order[i - 1]!.balance, l.amount!), l.balance));
}
