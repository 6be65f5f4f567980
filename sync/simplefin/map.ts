// SimpleFIN balances to ledger rows, through the same mapping file as statement files: an account is looked up in
// `accounts` by its key `simplefin:<org>/<account id>`. Unmapped accounts and other currencies are skipped with the
// reason (the reason names the key to add).
import { formatMoney } from '../format';
import { accountKey, type Mapping } from '../mapping';
import { signed, type BalanceRow, type SkippedRow } from '../plan';
import type { SimplefinBalance } from './account-set';
import { describeSimplefinDay, simplefinDays } from './daily';

/**
 * Maps each balance to its ledger account. Without a mapping, every account is skipped with the key to map it by.
 * With `daily` (the time zone of the days), each day its transactions prove is a row too, before the balance's own.
 */
export function mapSimplefin(
  balances: readonly SimplefinBalance[],
  mapping: Mapping | undefined,
  daily?: { zone: string },
): { rows: BalanceRow[]; skipped: SkippedRow[] } {
  const rows: BalanceRow[] = [];
  const skipped: SkippedRow[] = [];
  for (const b of balances) {
    const source = sourceOf(b);
    const amount = Number(b.balance);
    const skip = (reason: string) =>
      skipped.push({ source, label: b.name, date: b.date, balance: formatMoney(amount), reason });
    const target = mapping?.accounts.get(accountKey(b.key));
    if (!target) {
      skip(`not in the mapping: add "${b.key}" to its "accounts"${mapping ? '' : ' and pass it with --mapping'}`);
      continue;
    }
    if (target.currency && target.currency !== b.currency) {
      skip(`the balance is in ${b.currency}, but the mapping expects ${target.currency} for "${target.account}"`);
      continue;
    }
    const full = !target.institution_name && b.institution ? { ...target, institution_name: b.institution } : target;
    if (daily) {
      const found = simplefinDays(b, daily.zone);
      if ('problem' in found)
        skip(`no day's balance is derived from its transactions: ${found.problem}; its balance alone is written`);
      else
        for (const day of found.days)
          rows.push({
            source: `${source}: ${describeSimplefinDay(b, day)}`,
            label: b.name,
            target: full,
            date: day.date,
            balance: signed(full, Number(day.amount)),
          });
    }
    rows.push({ source, label: b.name, target: full, date: b.date, balance: signed(full, amount) });
  }
  return { rows, skipped };
}

/** How reports name a SimpleFIN account: its key and its name. */
export function sourceOf(b: SimplefinBalance): string {
  return b.name ? `${b.key} (${b.name})` : b.key;
}
