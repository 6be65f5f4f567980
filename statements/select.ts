// Which balances are written: from each statement, the balances of the kinds asked for (by default the closing
// booked balance and an investment account's value). A statement that does not add up is not written from; two
// statements that state different balances for one account and day are a conflict, and neither is written, unless
// one continues from the other (its opening balance is the other's closing), which makes it the later of the day.
import { describeAddUp } from './add-up';
import { BALANCE_KINDS, balanceKind, DEFAULT_WRITTEN_KINDS, type BalanceKind } from './balance-kinds';
import { parseDecimal, subtract, valueKey } from './decimal';
import type { SkippedItem, Statement, StatementBalance, StatementFile } from './types';

/** A file as read, with the name it goes by in reports (its path as given). */
export interface SourcedStatementFile {
  source: string;
  file: StatementFile;
}

/** A balance chosen to be written, with the statement and file it comes from. */
export interface SelectedBalance {
  source: string;
  statement: Statement;
  balance: StatementBalance;
}

/** Something not written, with the file it is in. */
export interface SourcedSkippedItem extends SkippedItem {
  source: string;
}

/** Options of {@link selectBalances}. */
export interface SelectBalancesOptions {
  /** The kinds of balance to write. @default ['closing_booked', 'investment_value'] */
  kinds?: readonly BalanceKind[];
}

/**
 * Chooses the balances to write from files already read, and says why each other statement is not written from.
 * Skipped items the readers reported are passed through. Results are in file order, then position in the file.
 */
export function selectBalances(files: readonly SourcedStatementFile[], options: SelectBalancesOptions = {}): { balances: SelectedBalance[]; skipped: SourcedSkippedItem[] } {
  const kinds = new Set(options.kinds ?? DEFAULT_WRITTEN_KINDS);
  const skipped: SourcedSkippedItem[] = [];
  const groups = new Map<string, SelectedBalance[]>();
  for (const { source, file } of files) {
    skipped.push(...file.skipped.map((s) => ({ ...s, source })));
    for (const statement of file.statements) {
      const skip = (reason: string) => skipped.push({ source, location: statement.location, ...(statement.line !== undefined ? { line: statement.line } : {}), ...(statement.account.id ? { account: statement.account.id } : {}), reason });
      if (statement.addUp && !statement.addUp.ok) {
        skip(`${describeAddUp(statement.addUp)} (difference ${difference(statement.addUp.closing, statement.addUp.expected)}): its balance is not written, as the file may be incomplete or altered`);
        continue;
      }
      const wanted = statement.balances.filter((b) => kinds.has(b.kind));
      if (wanted.length === 0 && statement.balances.some((b) => b.kind === 'interim_closing')) continue; // a page: its statement closes on its last page
      if (wanted.length === 0) {
        skip(noBalance(statement, kinds));
        continue;
      }
      for (const balance of wanted) {
        const key = `${accountKey(statement, source)}\u0000${balance.date}`;
        const group = groups.get(key);
        const selected = { source, statement, balance };
        if (group) group.push(selected);
        else groups.set(key, [selected]);
      }
    }
  }
  const balances: SelectedBalance[] = [];
  for (const group of groups.values()) {
    const values = new Set(group.map((g) => valueKey(parseDecimal(g.balance.amount)!)));
    if (values.size === 1) {
      balances.push(group[0]!);
      continue;
    }
    const last = lastOfDay(group);
    if (last) {
      balances.push(last);
      continue;
    }
    const list = group.map((g) => `${g.balance.amount} from ${g.source} ${g.statement.location === g.balance.location ? g.balance.location : `${g.statement.location}, ${g.balance.location}`}`).join('; ');
    const reason = `${group.length} different ${balanceKind(group[0]!.balance.kind).description}s for account ${group[0]!.statement.account.id || '(the file\'s one account)'} on ${group[0]!.balance.date} (${list}): none is written`;
    for (const g of group) skipped.push({ source: g.source, location: g.balance.location, ...(g.balance.line !== undefined ? { line: g.balance.line } : {}), ...(g.statement.account.id ? { account: g.statement.account.id } : {}), reason });
  }
  const order = new Map(files.map((f, i) => [f.source, i]));
  const byPosition = (a: { source: string; at: number }, b: { source: string; at: number }) => order.get(a.source)! - order.get(b.source)! || a.at - b.at;
  balances.sort((a, b) => byPosition({ source: a.source, at: positionOf(a.balance.line, a.statement.number) }, { source: b.source, at: positionOf(b.balance.line, b.statement.number) }));
  skipped.sort((a, b) => byPosition({ source: a.source, at: positionOf(a.line, firstNumber(a.location)) }, { source: b.source, at: positionOf(b.line, firstNumber(b.location)) }));
  return { balances, skipped };
}

/** Accounts are one account whatever the spacing or case of their id (`DE89 3704...` is `DE893704...`). */
function accountKey(statement: Statement, source: string): string {
  return statement.account.id === '' ? `\u0001${source}` : statement.account.id.replace(/\s+/g, '').toUpperCase();
}

/**
 * Of statements of one account and day with different closing balances, the one the others lead to: its balance is
 * no other's opening, and every other's closing is the opening of one of them. Undefined when that is not so.
 */
function lastOfDay(group: readonly SelectedBalance[]): SelectedBalance | undefined {
  const key = (amount: string) => valueKey(parseDecimal(amount)!);
  const openings = group.map((g) => g.statement.balances.find((b) => balanceKind(b.kind).role === 'opening')?.amount);
  const closings = group.map((g) => key(g.balance.amount));
  // Whether member i's closing balance is where another member opens.
  const continued = (i: number) => openings.some((o, j) => j !== i && o !== undefined && key(o) === closings[i]);
  const ends = group.filter((_, i) => !continued(i));
  return ends.length === 1 ? ends[0] : undefined;
}

function noBalance(statement: Statement, kinds: ReadonlySet<BalanceKind>): string {
  const wanted = BALANCE_KINDS.filter((k) => kinds.has(k.kind)).map((k) => k.description).join(' or ');
  const has = statement.balances.map((b) => `${balanceKind(b.kind).description} ${b.amount}${b.currency ? ` ${b.currency}` : ''} on ${b.date}`);
  const what = has.length > 0 ? `it states only ${has.join('; ')}` : 'it states no balance';
  const note = statement.notes.length > 0 ? ` (${statement.notes.join('; ')})` : '';
  return `no ${wanted} to write: ${what}${note}`;
}

function difference(closing: string, expected: string): string {
  return valueKey(subtract(parseDecimal(closing)!, parseDecimal(expected)!));
}

function positionOf(line: number | undefined, number: number): number {
  return line ?? number;
}

function firstNumber(location: string): number {
  return Number(/\d+/.exec(location)?.[0] ?? 0);
}

