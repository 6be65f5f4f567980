// Which balances are written: from each statement, the balances of the kinds asked for (by default the closing
// booked balance and an investment account's value). A statement that does not add up is not written from (unless
// asked: `acceptUnbalanced`); two statements that state different balances for one account and day are a conflict,
// and neither is written, unless one continues from the other (its opening balance is the other's closing), which
// makes it the later of the day. With `daily`, each day a statement's entries prove is written too (daily.ts), unless
// a balance stated or derived elsewhere for that account and day differs.
import { describeAddUp } from './add-up';
import { BALANCE_KINDS, balanceKind, DEFAULT_WRITTEN_KINDS, type BalanceKind } from './balance-kinds';
import { describeDerivation, statementDays } from './daily';
import { parseDecimal, subtract, valueKey } from './decimal';
import type { AddUp, SkippedItem, Statement, StatementBalance, StatementFile } from './types';

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
  /** Present when the statement does not add up and `acceptUnbalanced` takes the bank's figure: the check that failed. */
  unbalanced?: AddUp;
  /** Present on a day's balance derived under `daily` (not stated by the file): what it was derived from. */
  derived?: DerivedFrom;
}

/** What a derived day's balance was summed from. */
export interface DerivedFrom {
  /** The statement's opening balance (summed forward), or its closing balance when it has no opening one (OFX: summed back). */
  base: StatementBalance;
  /** How many entries were summed with it. */
  entries: number;
  /** In words, for reports: `its opening booked balance 100.00 and the 5 entries to that day`. */
  description: string;
}

/** Something not written, with the file it is in. */
export interface SourcedSkippedItem extends SkippedItem {
  source: string;
}

/** Options of {@link selectBalances}. */
export interface SelectBalancesOptions {
  /** The kinds of balance to write. @default ['closing_booked', 'investment_value'] */
  kinds?: readonly BalanceKind[];
  /**
   * Write the balances of a statement that does not add up as the bank states them, each with its failed check in
   * `unbalanced`; no day is ever derived from such a statement. Without it, the statement is skipped. @default false
   */
  acceptUnbalanced?: boolean;
  /**
   * Also write the closing booked balance of every day that a statement's booked entries prove (see `Statement.history`):
   * from a statement that adds up, its opening balance plus the entries day by day, one balance per day with entries
   * before its own closing day. A derived day that differs from a balance stated or derived elsewhere for that account
   * and day is skipped with both named. Needs `closing_booked` among `kinds`. @default false
   */
  daily?: boolean;
}

/**
 * Chooses the balances to write from files already read, and says why each other statement is not written from.
 * Skipped items the readers reported are passed through. Results are in file order, then position in the file.
 */
export function selectBalances(
  files: readonly SourcedStatementFile[],
  options: SelectBalancesOptions = {},
): { balances: SelectedBalance[]; skipped: SourcedSkippedItem[] } {
  const kinds = new Set(options.kinds ?? DEFAULT_WRITTEN_KINDS);
  const daily = options.daily === true && kinds.has('closing_booked');
  const skipped: SourcedSkippedItem[] = [];
  const groups = new Map<string, SelectedBalance[]>();
  const derived = new Map<string, SelectedBalance[]>();
  // Every closing balance of a statement used, by account and day: what a derived day must agree with.
  const stated = new Map<string, SelectedBalance[]>();
  const push = (map: Map<string, SelectedBalance[]>, key: string, selected: SelectedBalance) => {
    const list = map.get(key);
    if (list) list.push(selected);
    else map.set(key, [selected]);
  };
  for (const { source, file } of files) {
    skipped.push(...file.skipped.map((s) => ({ ...s, source })));
    for (const statement of file.statements) {
      const skip = (reason: string) =>
        skipped.push({
          source,
          location: statement.location,
          ...(statement.line !== undefined ? { line: statement.line } : {}),
          ...(statement.account.id ? { account: statement.account.id } : {}),
          reason,
        });
      const unbalanced = statement.addUp && !statement.addUp.ok ? statement.addUp : undefined;
      if (unbalanced && !options.acceptUnbalanced) {
        skip(
          `${describeAddUp(unbalanced)} (difference ${difference(unbalanced.closing, unbalanced.expected)}): its balance is not written, as the file may be incomplete or altered`,
        );
        continue;
      }
      const account = accountKey(statement, source);
      if (daily) {
        const found = statementDays(statement);
        if (found && 'reason' in found) skip(`${found.reason}; its closing balance alone is written`);
        else if (found) {
          for (const day of found.days) {
            const balance = {
              kind: 'closing_booked' as const,
              date: day.date,
              amount: day.amount,
              currency: found.base.currency ?? statement.currency,
              location: statement.location,
            };
            push(derived, `${account}\u0000${day.date}`, {
              source,
              statement,
              balance,
              derived: {
                base: found.base,
                entries: day.entries,
                description: describeDerivation(found.base, day.entries),
              },
            });
          }
        }
        for (const b of statement.balances)
          if (balanceKind(b.kind).role === 'closing')
            push(stated, `${account}\u0000${b.date}`, { source, statement, balance: b });
      }
      const wanted = statement.balances.filter((b) => kinds.has(b.kind));
      if (wanted.length === 0 && statement.balances.some((b) => b.kind === 'interim_closing')) continue; // a page: its statement closes on its last page
      if (wanted.length === 0) {
        skip(noBalance(statement, kinds));
        continue;
      }
      for (const balance of wanted)
        push(groups, `${account}\u0000${balance.date}`, {
          source,
          statement,
          balance,
          ...(unbalanced ? { unbalanced } : {}),
        });
    }
  }
  const chosen = new Map<string, SelectedBalance>();
  for (const [key, group] of groups) {
    const one = new Set(group.map((g) => amountKey(g.balance.amount))).size === 1 ? group[0] : lastOfDay(group);
    if (one) chosen.set(key, one);
    else conflict(group, [], skipped);
  }
  const balances = [...chosen.values()];
  for (const [key, candidates] of derived) {
    const winner = chosen.get(key);
    if (!groups.has(key) || winner) {
      // The balances the day ends on: every one stated, but those another statement of the day continues from.
      const members = [...(stated.get(key) ?? []), ...candidates];
      const openings = new Set(members.map((m) => openingOf(m.statement)).filter((o) => o !== undefined));
      const ends = (stated.get(key) ?? []).filter(
        (s) => !openings.has(amountKey(s.balance.amount)) || openingOf(s.statement) === amountKey(s.balance.amount),
      );
      if (new Set([...ends, ...candidates].map((m) => amountKey(m.balance.amount))).size === 1) {
        if (!winner) balances.push(candidates[0]!);
        continue;
      }
      if (winner) balances.splice(balances.indexOf(winner), 1);
      conflict(candidates, ends.filter((e) => e.balance !== winner?.balance).concat(winner ? [winner] : []), skipped);
    } else conflict(candidates, groups.get(key)!, skipped); // the stated balances of the day conflict already
  }
  const order = new Map(files.map((f, i) => [f.source, i]));
  const byPosition = (a: { source: string; at: number }, b: { source: string; at: number }) =>
    order.get(a.source)! - order.get(b.source)! || a.at - b.at;
  balances.sort(
    (a, b) =>
      byPosition(
        { source: a.source, at: positionOf(a.derived ? a.statement.line : a.balance.line, a.statement.number) },
        { source: b.source, at: positionOf(b.derived ? b.statement.line : b.balance.line, b.statement.number) },
      ) ||
      Number(!a.derived) - Number(!b.derived) ||
      (a.balance.date < b.balance.date ? -1 : a.balance.date > b.balance.date ? 1 : 0),
  );
  skipped.sort((a, b) =>
    byPosition(
      { source: a.source, at: positionOf(a.line, firstNumber(a.location)) },
      { source: b.source, at: positionOf(b.line, firstNumber(b.location)) },
    ),
  );
  return { balances, skipped };
}

/**
 * Balances of one account and day that differ: none is written. Each of `members` is skipped naming them all (and
 * `others`, which disagree with them); a stated balance among `others` is skipped too.
 */
function conflict(
  members: readonly SelectedBalance[],
  others: readonly SelectedBalance[],
  skipped: SourcedSkippedItem[],
): void {
  const all = [...members, ...others];
  const where = (g: SelectedBalance) =>
    g.statement.location === g.balance.location ? g.balance.location : `${g.statement.location}, ${g.balance.location}`;
  const list = all
    .map(
      (g) =>
        `${g.balance.amount} ${g.derived ? `derived from ${g.source} ${g.statement.location}` : `from ${g.source} ${where(g)}`}`,
    )
    .join('; ');
  const first = all[0]!;
  const reason = `${all.length} different ${balanceKind(first.balance.kind).description}s for account ${first.statement.account.id || "(the file's one account)"} on ${first.balance.date} (${list}): none is written`;
  for (const g of all) {
    if (others.includes(g) && g.balance.kind !== 'closing_booked' && !g.derived) continue; // a page's balance, never written anyway
    skipped.push({
      source: g.source,
      location: g.derived ? `${g.statement.location} (${g.balance.date})` : g.balance.location,
      ...(g.balance.line !== undefined ? { line: g.balance.line } : {}),
      ...(g.statement.account.id ? { account: g.statement.account.id } : {}),
      reason,
    });
  }
}

/** The value of a statement's opening balance, as a key, when it has one. */
function openingOf(statement: Statement): string | undefined {
  const opening = statement.balances.find((b) => balanceKind(b.kind).role === 'opening');
  return opening ? amountKey(opening.amount) : undefined;
}

function amountKey(amount: string): string {
  return valueKey(parseDecimal(amount)!);
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
  const key = amountKey;
  const openings = group.map((g) => g.statement.balances.find((b) => balanceKind(b.kind).role === 'opening')?.amount);
  const closings = group.map((g) => key(g.balance.amount));
  // Whether member i's closing balance is where another member opens.
  const continued = (i: number) => openings.some((o, j) => j !== i && o !== undefined && key(o) === closings[i]);
  const ends = group.filter((_, i) => !continued(i));
  return ends.length === 1 ? ends[0] : undefined;
}

function noBalance(statement: Statement, kinds: ReadonlySet<BalanceKind>): string {
  const wanted = BALANCE_KINDS.filter((k) => kinds.has(k.kind))
    .map((k) => k.description)
    .join(' or ');
  const has = statement.balances.map(
    (b) => `${balanceKind(b.kind).description} ${b.amount}${b.currency ? ` ${b.currency}` : ''} on ${b.date}`,
  );
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
