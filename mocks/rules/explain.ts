// The words of the fake's refusal reasons (journal `reason`): who, which record, and what the rule saw.
// Ids are shortened, names are the users' own; a token is named by its id and owner, never by its value.
import type { LedgerStore } from '../store/ledger-store';
import type { AccountRecord, HouseholdRecord, TokenRecord } from '../store/records';
import type { Reach } from './households';

/** An id as a reason shows it: `7d1c…` for a UUID, the id itself when short. */
export function short(id: string): string {
  return id.length > 12 ? `${id.slice(0, 4)}…` : id;
}

/** A user's name, or their short id when the user is gone. */
export function nameOf(store: LedgerStore, userId: string): string {
  return store.users.peek(userId)?.name ?? `user ${short(userId)}`;
}

/** `token 70ce… (Alex)`. */
export function tokenLabel(store: LedgerStore, token: TokenRecord): string {
  return `token ${short(token.id)} (${nameOf(store, token.user_id)})`;
}

/** `account acc0… (Brokerage)`. */
export function accountLabel(account: AccountRecord): string {
  return `account ${short(account.id)} (${account.name})`;
}

/** `household d000… (Rivera household)`. */
export function householdLabel(household: HouseholdRecord): string {
  return `household ${short(household.id)} (${household.name})`;
}

/** Why `reach` may not see (`need: 'see'`) or write (`need: 'write'`) the account with this id. */
export function accountRefusal(
  store: LedgerStore,
  reach: Reach,
  accountId: string,
  account: AccountRecord | undefined,
  need: 'see' | 'write',
): string {
  const me = reach.user.name;
  if (!account) return `there is no account ${accountId}`;
  const label = accountLabel(account);
  if (account.kind !== 'standard') return `${label} is a ${account.kind} item, which the API never reaches`;
  const owner = nameOf(store, account.owner_user_id);
  if (account.owner_user_id !== reach.user.id && !reach.memberIds.has(account.owner_user_id)) {
    return `${label} is ${owner}'s, who is not in ${me}'s ${householdLabel(reach.household)}`;
  }
  if (account.visibility === 'private')
    return `${label} is ${owner}'s and private: only ${owner} may ${need === 'see' ? 'see' : 'write'} it`;
  if (need === 'write' && account.visibility === 'shared_read_only')
    return `${label} is ${owner}'s and shared_read_only: ${me} may read it, not write it`;
  return `${label} is ${owner}'s and ${account.visibility}: ${me} may ${need} it`;
}

/** At most `limit` items joined with `; `, then how many more there were. */
export function listSome(items: readonly string[], limit = 10): string {
  const shown = items.slice(0, limit).join('; ');
  return items.length > limit ? `${shown}; and ${items.length - limit} more` : shown;
}
