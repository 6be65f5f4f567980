// Who may see and write what, computed from the control API's state (households, users, accounts, tokens,
// categories) with the rules of the specification, not with the fake's own rule functions.
import type { LedgerControl, LedgerDump } from 'personal-ledger-sdk/mocks';

export interface AccessView {
  /** Account ids the token's owner may see (standard accounts: own, or shared in the current household). */
  see: Set<string>;
  /** Account ids the token's owner may write (own, or shared_full_access in the current household). */
  write: Set<string>;
  /** Category ids the owner may read (own and shared defaults). */
  categories: Set<string>;
  householdId: string;
  userId: string;
  /** What authentication and the plan make of the token's next request. */
  refusal: { status: 401; code: string } | { status: 402; code: string } | null;
}

export type AccessState = Pick<LedgerDump, 'households' | 'users' | 'accounts' | 'tokens' | 'categories'>;

/** The state the access rules need, read through the control API. */
export async function readAccessState(control: LedgerControl): Promise<AccessState> {
  const [households, users, accounts, tokens, categories] = await Promise.all([
    control.listHouseholds(),
    control.listUsers(),
    control.listAccounts(),
    control.listTokens(),
    control.listCategories(),
  ]);
  return { households, users, accounts, tokens, categories };
}

/** The access of one token, from the state. */
export function accessOf(state: AccessState, tokenId: string): AccessView {
  const token = state.tokens.find((t) => t.id === tokenId)!;
  const user = state.users.find((u) => u.id === token.user_id)!;
  const household = state.households.find((h) => h.id === user.household_id)!;
  const members = new Set(state.users.filter((u) => u.household_id === household.id).map((u) => u.id));
  const see = new Set<string>();
  const write = new Set<string>();
  for (const account of state.accounts) {
    if (account.kind !== 'standard') continue;
    const own = account.owner_user_id === user.id;
    const member = members.has(account.owner_user_id);
    if (own || (member && account.visibility !== 'private')) see.add(account.id);
    if (own || (member && account.visibility === 'shared_full_access')) write.add(account.id);
  }
  const categories = new Set(
    state.categories.filter((c) => c.owner_user_id === null || c.owner_user_id === user.id).map((c) => c.id),
  );
  const refusal =
    token.status !== 'active'
      ? { status: 401 as const, code: token.status === 'revoked' ? 'token_revoked' : 'token_expired' }
      : household.plan === 'household' || household.plan === 'household_sharing'
        ? null
        : { status: 402 as const, code: 'plan_required' };
  return { see, write, categories, householdId: household.id, userId: user.id, refusal };
}
