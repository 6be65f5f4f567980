// SimpleFIN balances to ledger rows, through the same mapping file as statement files: an account is looked up in
// `accounts` by its key `simplefin:<org>/<account id>`. Unmapped accounts and other currencies are skipped with the
// reason (the reason names the key to add).
import { formatMoney } from '../format';
import { accountKey, type Mapping } from '../mapping';
import { signed, type BalanceRow, type SkippedRow } from '../plan';
import type { SimplefinBalance } from './account-set';

/** Maps each balance to its ledger account. Without a mapping, every account is skipped with the key to map it by. */
export function mapSimplefin(balances: readonly SimplefinBalance[], mapping: Mapping | undefined): { rows: BalanceRow[]; skipped: SkippedRow[] } {
  const rows: BalanceRow[] = [];
  const skipped: SkippedRow[] = [];
  for (const b of balances) {
    const source = sourceOf(b);
    const amount = Number(b.balance);
    const skip = (reason: string) => skipped.push({ source, label: b.name, date: b.date, balance: formatMoney(amount), reason });
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
    rows.push({ source, label: b.name, target: full, date: b.date, balance: signed(full, amount) });
  }
  return { rows, skipped };
}

/** How reports name a SimpleFIN account: its key and its name. */
export function sourceOf(b: SimplefinBalance): string {
  return b.name ? `${b.key} (${b.name})` : b.key;
}
