import { MockControlError } from '../errors';
import type { LedgerStore } from '../store/ledger-store';
import type { AccountRecord, HouseholdRecord, Plan, UserRecord } from '../store/records';

/**
 * What one user can reach, resolved from the store at the moment of the request (spec 5.7):
 * the user and the ids of the members of the user's current household.
 */
export interface Reach {
  user: Readonly<UserRecord>;
  household: Readonly<HouseholdRecord>;
  memberIds: ReadonlySet<string>;
}

/** Resolves a user's current household and its members. */
export function reachOf(store: LedgerStore, user: Readonly<UserRecord>): Reach {
  const household = store.households.peek(user.household_id);
  if (!household) throw new Error(`user ${user.id} has no household ${user.household_id}`);
  const memberIds = new Set<string>();
  for (const member of store.users.filter((u) => u.household_id === household.id)) memberIds.add(member.id);
  return { user, household, memberIds };
}

/**
 * Spec 1 and spec-gaps 23: the owner sees their own standard accounts; other members of the
 * owner's current household see `shared_read_only` and `shared_full_access` ones. Vault items never.
 */
export function canSeeAccount(reach: Reach, account: AccountRecord): boolean {
  if (account.kind !== 'standard') return false;
  if (account.owner_user_id === reach.user.id) return true;
  return account.visibility !== 'private' && reach.memberIds.has(account.owner_user_id);
}

/** Spec-gaps 23: the owner edits; members edit only `shared_full_access` accounts. */
export function canEditAccount(reach: Reach, account: AccountRecord): boolean {
  if (account.kind !== 'standard') return false;
  if (account.owner_user_id === reach.user.id) return true;
  return account.visibility === 'shared_full_access' && reach.memberIds.has(account.owner_user_id);
}

/** Spec-gaps 23: visibility is changed by the owner only. */
export function canChangeVisibility(reach: Reach, account: AccountRecord): boolean {
  return account.kind === 'standard' && account.owner_user_id === reach.user.id;
}

/** Every account the user can see, in creation order. */
export function visibleAccounts(store: LedgerStore, reach: Reach): Array<Readonly<AccountRecord>> {
  return store.accounts.filter((account) => canSeeAccount(reach, account));
}

/** Creates a household. */
export async function createHousehold(
  store: LedgerStore,
  input: { id?: string; name?: string; plan?: Plan; createdAt?: string },
): Promise<HouseholdRecord> {
  const id = input.id ?? store.newId();
  return store.households.insert({
    id,
    name: input.name ?? 'Household',
    plan: input.plan ?? 'household_sharing',
    created_at: input.createdAt ?? store.nowIso(),
  });
}

/** Changes a household's plan; every later request is checked against it. */
export async function setPlan(store: LedgerStore, householdId: string, plan: Plan): Promise<HouseholdRecord> {
  requireHousehold(store, householdId);
  return store.households.update(householdId, { plan });
}

/**
 * Creates a user, in the given household or (spec-gaps 20: every user belongs to exactly one) in
 * a new single-user household on `plan`.
 */
export async function createUser(
  store: LedgerStore,
  input: { id?: string; name?: string; householdId?: string; plan?: Plan; createdAt?: string },
): Promise<UserRecord> {
  const household = input.householdId
    ? requireHousehold(store, input.householdId)
    : await createHousehold(store, {
        name: `${input.name ?? 'User'}'s household`,
        plan: input.plan ?? 'household_sharing',
      });
  return store.users.insert({
    id: input.id ?? store.newId(),
    name: input.name ?? 'User',
    household_id: household.id,
    created_at: input.createdAt ?? store.nowIso(),
  });
}

/**
 * Moves a user to another household; `null` gives the user a new single-user household on the
 * free plan (spec-gaps 20). Access follows at once, because it is resolved per request.
 */
export async function moveUser(store: LedgerStore, userId: string, householdId: string | null): Promise<UserRecord> {
  const user = requireUser(store, userId);
  const target = householdId
    ? requireHousehold(store, householdId)
    : await createHousehold(store, { name: `${user.name}'s household`, plan: 'free' });
  return store.users.update(user.id, { household_id: target.id });
}

export function requireUser(store: LedgerStore, userId: string): UserRecord {
  const user = store.users.get(userId);
  if (!user) throw new MockControlError(404, 'not_found', `No user ${userId}`);
  return user;
}

export function requireHousehold(store: LedgerStore, householdId: string): HouseholdRecord {
  const household = store.households.get(householdId);
  if (!household) throw new MockControlError(404, 'not_found', `No household ${householdId}`);
  return household;
}
