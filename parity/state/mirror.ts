// The fake that mirrors the target: a scenario built from what the token sees, with the same ids, the user in a
// household on the plan the answers imply, and a token for that user. Built through the fake's public entry only.
import { createLedgerMock, type LedgerMock, type Scenario, type ScenarioAccount } from 'personal-ledger-sdk/mocks';
import { randomBase62 } from '../http/credentials';
import type { Inventory } from './inventory';

/** The mirrored fake, its token, and what the mirror had to assume. */
export interface Mirror {
  mock: LedgerMock;
  /** A token of the mirrored user (the fake's own; never the target's). */
  token: string;
  /** The plan the mirror's household is on, and why. */
  plan: { name: 'household' | 'household_sharing'; why: string };
  /** Where the target's answers could not be copied as they are. */
  notes: string[];
}

const VISIBILITIES = ['private', 'shared_read_only', 'shared_full_access'] as const;
const STATUSES = ['active', 'archived'] as const;
const TIERS = ['cash', 'taxable_investment', 'retirement', 'property', 'other_illiquid', 'debt'] as const;
const MIRROR_BASE_URL = 'https://ledger-parity-mirror.test';

/** Builds and loads the mirror of `inventory`. Throws when the fake refuses the scenario. */
export async function createMirror(inventory: Inventory): Promise<Mirror> {
  const notes: string[] = [];
  const token = `plk_${randomBase62(40)}`;
  const { me } = inventory;
  const member = `${me.user_id}-household-member`;
  const listed = new Set(inventory.categories.map((c) => c.id));
  const shared = inventory.accounts.some((a) => a.visibility !== 'private');
  const plan: Mirror['plan'] = shared
    ? { name: 'household_sharing', why: 'an account the token sees has a shared visibility' }
    : { name: 'household', why: 'no account the token sees is shared' };

  // Categories an account uses but GET /categories does not list belong to another member of the household.
  const hidden = new Map<string, { name: string; type: string }>();
  const accounts: ScenarioAccount[] = inventory.accounts.map((listedAccount) => {
    const account = { ...listedAccount, ...inventory.details[listedAccount.id] };
    const categoryHidden = !listed.has(account.category_id);
    if (categoryHidden) hidden.set(account.category_id, { name: String(account.category_name), type: String(account.category_type) });
    return {
      id: account.id,
      owner_user_id: categoryHidden ? member : me.user_id,
      name: String(account.name),
      institution_name: String(account.institution_name),
      category_id: account.category_id,
      visibility: oneOf(VISIBILITIES, account.visibility, 'private', `account ${account.id} visibility`, notes),
      lifecycle_status: oneOf(STATUSES, account.lifecycle_status, 'active', `account ${account.id} lifecycle_status`, notes),
      liquidity_tier: 'auto', // settled below: explicit where auto would infer another label
      auto_carry_forward: account.auto_carry_forward === true,
    };
  });
  const snapshots = inventory.snapshots.flatMap((snapshot) => {
    if (typeof snapshot.balance !== 'number' || !Number.isFinite(snapshot.balance)) {
      notes.push(`snapshot ${snapshot.id}: balance ${JSON.stringify(snapshot.balance)} is not a number; left out of the mirror`);
      return [];
    }
    return [{ account_id: snapshot.account_id, snapshot_date: snapshot.snapshot_date, balance: snapshot.balance, is_estimated: snapshot.is_estimated === true }];
  });

  const scenario: Scenario = {
    name: 'ledger-parity mirror',
    households: [{ id: me.household_id, name: 'Mirrored household', plan: plan.name }],
    users: [
      { id: me.user_id, name: 'Mirrored user', household_id: me.household_id },
      ...(hidden.size > 0 ? [{ id: member, name: 'Another household member', household_id: me.household_id }] : []),
    ],
    categories: [
      ...inventory.categories.map((c) => ({ id: c.id, name: String(c.name), type: String(c.type) })),
      ...[...hidden].map(([id, c]) => ({ id, name: c.name, type: c.type, owner_user_id: member })),
    ],
    accounts,
    snapshots,
    tokens: [{ id: me.token_id, user_id: me.user_id, value: token, name: 'ledger-parity' }],
  };
  if (hidden.size > 0) notes.push(`${hidden.size} categor${hidden.size === 1 ? 'y' : 'ies'} used by accounts but not listed: given to another household member`);

  const mock = createLedgerMock({ scenario, baseUrl: MIRROR_BASE_URL });
  await mock.ready;
  await settleTiers(mock, token, inventory, notes);
  return { mock, token, plan, notes };
}

/**
 * A tier shown by the target is `auto` in the mirror when the fake infers the same label, else set explicitly:
 * the stored setting is not visible, only its label.
 */
async function settleTiers(mock: LedgerMock, token: string, inventory: Inventory, notes: string[]): Promise<void> {
  const response = await mock.fetch(`${mock.baseUrl}/api/public/v1/accounts`, { headers: { authorization: `Bearer ${token}` } });
  const { accounts = [] } = (await response.json()) as { accounts?: Array<{ id: string; liquidity_tier: string }> };
  const inferred = new Map(accounts.map((a) => [a.id, a.liquidity_tier]));
  for (const account of inventory.accounts) {
    const shown = inventory.details[account.id]?.liquidity_tier ?? account.liquidity_tier;
    if (inferred.get(account.id) === shown) continue;
    const tier = oneOf(TIERS, shown, 'other_illiquid', `account ${account.id} liquidity_tier`, notes);
    await mock.control.updateAccount(account.id, { liquidityTier: tier });
  }
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T, what: string, notes: string[]): T {
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  notes.push(`${what} ${JSON.stringify(value)} is not one the fake knows; the mirror uses ${fallback}`);
  return fallback;
}
