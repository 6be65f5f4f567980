import type { components } from '../../src/generated/openapi';
import { MockControlError, notFound } from '../errors';
import type { LedgerStore } from '../store/ledger-store';
import type { AccountKind, AccountRecord, LifecycleStatus, LiquidityTier, Visibility } from '../store/records';
import { requireAccessibleCategory } from './categories';
import { accountLabel, accountRefusal } from './explain';
import {
  canChangeVisibility,
  canEditAccount,
  canSeeAccount,
  requireUser,
  visibleAccounts,
  type Reach,
} from './households';
import { resolveLiquidityTier } from './liquidity';
import { requireSharingFor } from './plans';
import { requireValidBody } from './validation';

export type AccountView = components['schemas']['Account'];
export type AccountDetailView = components['schemas']['AccountDetail'];
type AccountCreate = components['schemas']['AccountCreate'];
type AccountUpdate = components['schemas']['AccountUpdate'];

/** Spec 4 (POST /accounts): defaults on create. */
export const ACCOUNT_DEFAULTS = {
  institution_name: 'Public API',
  visibility: 'private',
  liquidity_tier: 'auto',
} as const satisfies Partial<AccountRecord>;

/** Spec 2 (Account), list form: category name and type joined in, tier resolved (spec-gaps 22). */
export function toAccountView(store: LedgerStore, account: AccountRecord): AccountView {
  const category = store.categories.peek(account.category_id);
  if (!category) throw new Error(`account ${account.id} has no category ${account.category_id}`);
  return {
    id: account.id,
    name: account.name,
    institution_name: account.institution_name,
    category_id: account.category_id,
    category_name: category.name,
    category_type: category.type,
    visibility: account.visibility,
    lifecycle_status: account.lifecycle_status,
    liquidity_tier: resolveLiquidityTier(account.liquidity_tier, category),
  };
}

/** The detail form: the list form plus `auto_carry_forward`. */
export function toAccountDetail(store: LedgerStore, account: AccountRecord): AccountDetailView {
  return { ...toAccountView(store, account), auto_carry_forward: account.auto_carry_forward };
}

/** Spec 4 (GET /accounts): every standard account visible to the token, archived ones included. */
export function listAccounts(store: LedgerStore, reach: Reach): AccountView[] {
  return visibleAccounts(store, reach).map((account) => toAccountView(store, account));
}

/** Spec 4 (GET /accounts/{id}): 404 when the account is not visible to the token. */
export function getAccount(store: LedgerStore, reach: Reach, id: string): AccountDetailView {
  const account = store.accounts.peek(id);
  if (!account || !canSeeAccount(reach, account))
    throw notFound().because(accountRefusal(store, reach, id, account, 'see'));
  return toAccountDetail(store, account);
}

/**
 * Spec 4 (POST /accounts): validation (422), category accessible (422 `category_not_found`),
 * then sharing (402), in that order (spec-gaps 17). The account belongs to the token's owner.
 */
export async function createAccount(store: LedgerStore, reach: Reach, body: unknown): Promise<AccountDetailView> {
  requireValidBody('AccountCreate', body);
  const input = body as Partial<AccountCreate> & Pick<AccountCreate, 'name' | 'category_id'>;
  requireAccessibleCategory(store, reach.user.id, input.category_id);
  requireSharingFor(reach.household, input.visibility);
  const account = await store.accounts.insert({
    id: store.newId(),
    owner_user_id: reach.user.id,
    kind: 'standard',
    name: input.name,
    institution_name: input.institution_name ?? ACCOUNT_DEFAULTS.institution_name,
    category_id: input.category_id,
    visibility: input.visibility ?? ACCOUNT_DEFAULTS.visibility,
    lifecycle_status: 'active',
    liquidity_tier: input.liquidity_tier ?? ACCOUNT_DEFAULTS.liquidity_tier,
    auto_carry_forward: false,
    created_at: store.nowIso(),
  });
  return toAccountDetail(store, account);
}

/**
 * Spec 4 (PATCH /accounts/{id}): validation (422, at least one field), then editable (404; a
 * member changing visibility is 404 too, spec-gaps 23), category (422), sharing (402).
 */
export async function updateAccount(
  store: LedgerStore,
  reach: Reach,
  id: string,
  body: unknown,
): Promise<AccountDetailView> {
  requireValidBody('AccountUpdate', body);
  const change = body as AccountUpdate;
  const account = store.accounts.peek(id);
  if (!account || !canEditAccount(reach, account))
    throw notFound().because(accountRefusal(store, reach, id, account, 'write'));
  if (
    change.visibility !== undefined &&
    change.visibility !== account.visibility &&
    !canChangeVisibility(reach, account)
  ) {
    throw notFound().because(
      `${accountLabel(account)} is not ${reach.user.name}'s: only its owner may change its visibility (spec-gaps 23)`,
    );
  }
  if (change.category_id !== undefined) requireAccessibleCategory(store, reach.user.id, change.category_id);
  requireSharingFor(reach.household, change.visibility);
  return toAccountDetail(store, await store.accounts.update(id, change));
}

/** What the control API may set on an account: anything, for any user, vault items included. */
export interface AccountSeed {
  id?: string;
  userId: string;
  name: string;
  categoryId: string;
  institutionName?: string;
  visibility?: Visibility;
  lifecycleStatus?: LifecycleStatus;
  liquidityTier?: LiquidityTier;
  autoCarryForward?: boolean;
  kind?: AccountKind;
  createdAt?: string;
}

/** Creates an account directly (no plan or reach checks: the control API sets up state). */
export async function seedAccount(store: LedgerStore, input: AccountSeed): Promise<AccountRecord> {
  requireUser(store, input.userId);
  if (!store.categories.get(input.categoryId))
    throw new MockControlError(404, 'not_found', `No category ${input.categoryId}`);
  return store.accounts.insert({
    id: input.id ?? store.newId(),
    owner_user_id: input.userId,
    kind: input.kind ?? 'standard',
    name: input.name,
    institution_name: input.institutionName ?? ACCOUNT_DEFAULTS.institution_name,
    category_id: input.categoryId,
    visibility: input.visibility ?? ACCOUNT_DEFAULTS.visibility,
    lifecycle_status: input.lifecycleStatus ?? 'active',
    liquidity_tier: input.liquidityTier ?? ACCOUNT_DEFAULTS.liquidity_tier,
    auto_carry_forward: input.autoCarryForward ?? false,
    created_at: input.createdAt ?? store.nowIso(),
  });
}
