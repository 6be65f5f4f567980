// From the balances chosen in the files to ledger rows: each statement account mapped to a ledger account (created
// when missing, unless a dry run), then compared with the ledger and written by the SDK's write-only-what-changed
// helper. Anything not written is skipped with its reason and its source.
import {
  upsertChangedSnapshots,
  type BulkProgress,
  type BulkRow,
  type LedgerClient,
  type Snapshot,
  type SnapshotChange,
} from 'personal-ledger-sdk';
import type { SelectedBalance } from 'personal-ledger-sdk/statements';
import { accountIdOf, nameKey, resolveAccounts, type ResolvedAccount } from './accounts';
import { formatMoney, maskAccountNumber } from './format';
import { accountKey, type AccountTarget, type Mapping } from './mapping';
import type { ReadFile } from './read-files';

/** One balance to write, mapped to its ledger account. */
export interface BalanceRow {
  /** The file and where in it: `june.sta statement 2 (line 40)`, `export.csv line 8`. */
  source: string;
  /** The account as the source names it, for reports (masked when it is a number). */
  label: string;
  target: AccountTarget;
  /** YYYY-MM-DD */
  date: string;
  balance: number;
}

/** A row compared with the ledger: what it does, and what is stored. */
export interface PlannedRow extends BalanceRow {
  action: SnapshotChange;
  stored: Snapshot | undefined;
  /** False when the ledger account is still to be created (dry run). */
  accountExists: boolean;
}

/** Something not written, and why. */
export interface SkippedRow {
  source: string;
  label: string;
  date: string;
  balance: string;
  reason: string;
}

/** An account no entry of the mapping is for: the key to add to `accounts`, as the file names the account. */
export interface UnmappedAccount {
  key: string;
  /** The currency of its balances, when the file says. */
  currency: string | undefined;
}

/**
 * Maps chosen balances to ledger accounts. Unmapped accounts and other currencies are skipped with the reason; each
 * unmapped account is also listed once in `unmapped`, for a mapping to start from.
 */
export function mapBalances(
  selected: readonly SelectedBalance[],
  files: ReadonlyMap<string, ReadFile>,
  mapping: Mapping,
): { rows: BalanceRow[]; skipped: SkippedRow[]; unmapped: UnmappedAccount[] } {
  const rows: BalanceRow[] = [];
  const skipped: SkippedRow[] = [];
  const unmapped = new Map<string, UnmappedAccount>();
  for (const chosen of selected) {
    const { source, statement, balance } = chosen;
    const bank = files.get(source)?.bank;
    const id = statement.account.id;
    const where = `${source} ${balance.location === statement.location || statement.format === 'csv' ? balance.location : `${statement.location}`}`;
    const target =
      (bank ? (bank.account ?? bank.accounts.get(accountKey(id))) : undefined) ?? mapping.accounts.get(accountKey(id));
    // An unmapped account is shown in full: it is the key the user must write (from their own file, no secret).
    const label = statement.account.scheme === 'label' || !target ? id : maskAccountNumber(id);
    const amount = Number(balance.amount);
    const skip = (reason: string) =>
      skipped.push({ source: where, label, date: balance.date, balance: formatMoney(amount), reason });
    if (!target) {
      if (id !== '' && !unmapped.has(accountKey(id)))
        unmapped.set(accountKey(id), { key: id, currency: balance.currency ?? statement.currency });
      const reason = !bank
        ? `not in the mapping: add ${JSON.stringify(id)} to its "accounts"`
        : id === ''
          ? `this export names no account: say which ledger account it is for under banks.${bank.id}.account`
          : `no mapping for this label (banks.${bank.id}.accounts, or accounts)`;
      skip(reason);
      continue;
    }
    if (target.currency && balance.currency && target.currency !== balance.currency) {
      skip(`the balance is in ${balance.currency}, but the mapping expects ${target.currency} for "${target.account}"`);
      continue;
    }
    const institution = target.institution_name ?? bank?.profile.institution_name ?? bank?.profile.name;
    const full = institution ? { ...target, institution_name: institution } : target;
    rows.push({
      source: `${where}${origin(chosen)}`,
      label,
      target: full,
      date: balance.date,
      balance: signed(full, amount),
    });
  }
  return { rows, skipped, unmapped: [...unmapped.values()] };
}

/** What a row's source adds when the file does not state the balance as such: derived (--daily), or not adding up (--accept-unbalanced). */
function origin(selected: SelectedBalance): string {
  if (selected.derived) return `: derived from ${selected.derived.description}`;
  const check = selected.unbalanced;
  if (!check) return '';
  return `: does not add up (opening ${check.opening} + ${check.count} ${check.count === 1 ? 'entry' : 'entries'} = ${check.expected}); the bank's closing balance, taken as stated (--accept-unbalanced)`;
}

/** The figure to write: the bank's, or its negation when the mapping says so (negate_balance). */
export function signed(target: AccountTarget, balance: number): number {
  return target.negate_balance && balance !== 0 ? -balance : balance;
}

/**
 * Resolves the ledger accounts (creating missing ones unless `dryRun`), compares every row with the ledger and
 * writes the new and changed ones (unless `dryRun`). Returns each row's action and every row not written.
 */
export async function planAndWrite(
  client: LedgerClient,
  rows: readonly BalanceRow[],
  options: { dryRun: boolean; signal?: AbortSignal; onProgress?: (progress: BulkProgress) => void },
): Promise<{ planned: PlannedRow[]; skipped: SkippedRow[]; accounts: Map<string, ResolvedAccount>; written: number }> {
  const accounts = await resolveAccounts(
    client,
    rows.map((r) => r.target),
    { create: !options.dryRun },
  );
  const skipped: SkippedRow[] = [];
  const toCompare: Array<{ row: BalanceRow; at: number; bulk: BulkRow }> = [];
  const planned: Array<PlannedRow & { at: number }> = [];
  rows.forEach((row, at) => {
    const account = accounts.get(nameKey(row.target.account));
    const id = accountIdOf(account);
    if (account?.state === 'unavailable') skipped.push(skip(row, account.reason));
    else if (id === undefined)
      planned.push({ ...row, at, action: 'new', stored: undefined, accountExists: false }); // to be created (dry run)
    else toCompare.push({ row, at, bulk: { account_id: id, snapshot_date: row.date, balance: row.balance } });
  });
  const report = await upsertChangedSnapshots(
    client,
    toCompare.map((r) => r.bulk),
    {
      planOnly: options.dryRun,
      signal: options.signal,
      bulk: { onProgress: options.onProgress },
    },
  );
  for (const p of report.rows) {
    const { row, at } = toCompare[p.index]!;
    planned.push({ ...row, at, action: p.action, stored: p.stored, accountExists: true });
  }
  for (const s of report.skipped) {
    const { row } = toCompare[s.index]!;
    const others = s.conflict?.map((i) => toCompare[i]!.row);
    const reason = others
      ? `${others.length} different balances for "${row.target.account}" on ${row.date} (${others.map((o) => `${formatMoney(o.balance)} from ${o.source}`).join(', ')}): none is written`
      : s.reason;
    skipped.push(skip(row, reason));
  }
  planned.sort((a, b) => a.at - b.at);
  const written = report.written ? report.written.inserted + report.written.updated : 0;
  return { planned: planned.map(({ at: _at, ...p }) => p), skipped, accounts, written };
}

function skip(row: BalanceRow, reason: string): SkippedRow {
  return { source: row.source, label: row.label, date: row.date, balance: formatMoney(row.balance), reason };
}
