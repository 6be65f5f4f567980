// A scenario of the fake from what one token sees of a service (an Inventory, read with GET requests only): the same
// ids, names, dates, balances and estimated marks, one household, the token's owner as its user, and a new token of
// the fake's own. ledger-parity builds the fake it compares with from it; ledger-mock copy writes it to a file.
import type { Inventory } from '../../reading/inventory';
import { TOKEN_PREFIX } from '../rules/auth';
import { inferLiquidityTier } from '../rules/liquidity';
import { createRandomSource } from '../store/random';
import { SNAPSHOT_ID_FORM } from '../store/snapshot-store';
import type { Scenario, ScenarioAccount, ScenarioSnapshot } from './scenario-types';

/** A scenario built from an inventory, the token it issues, and what it had to assume. */
export interface InventoryScenario {
  scenario: Scenario;
  /** The value of the scenario's token for the token's owner (with the token id read from GET /me): the fake's own, never the service's. */
  token: string;
  /** The household's plan, and why: no API shows it. */
  plan: { name: 'household' | 'household_sharing'; why: string };
  /** What the scenario could not copy as it was read, or had to assume, in sentences. */
  notes: string[];
}

/** Options of scenarioFromInventory. */
export interface InventoryScenarioOptions {
  /** The scenario's `name`. @default 'copy of a ledger' */
  name?: string;
  /** The name of the token it issues. @default 'copy' */
  tokenName?: string;
}

/**
 * A scenario of the fake holding what `inventory` holds, so that the fake answers the token's reads as the service
 * did. Whose an account is cannot be read: an account whose category the token's categories do not list is given to
 * a placeholder member of the household (another member's account, shared with the token's owner), every other one
 * to the token's owner.
 */
export function scenarioFromInventory(inventory: Inventory, options: InventoryScenarioOptions = {}): InventoryScenario {
  const notes: string[] = [];
  const { me } = inventory;
  const member = `${me.user_id}-household-member`;
  const listed = new Map(inventory.categories.map((c) => [c.id, c]));
  const shared = inventory.accounts.some((a) => a.visibility !== 'private');
  const plan: InventoryScenario['plan'] = shared
    ? { name: 'household_sharing', why: 'an account the token sees has a shared visibility' }
    : { name: 'household', why: 'no account the token sees is shared' };

  // Categories an account uses but GET /categories does not list belong to another member of the household.
  const hidden = new Map<string, { name: string; type: string }>();
  let withoutDetail = 0;
  const accounts: ScenarioAccount[] = inventory.accounts.map((listedAccount) => {
    const detail = inventory.details[listedAccount.id];
    if (!detail) withoutDetail += 1;
    const account = { ...listedAccount, ...detail };
    const category = listed.get(account.category_id) ?? { name: account.category_name, type: account.category_type };
    if (!listed.has(account.category_id)) hidden.set(account.category_id, category);
    // The stored tier is not shown, only its label: `auto` where the fake infers that label, else the label itself.
    if (account.liquidity_tier === 'auto')
      notes.push(
        `account ${account.id} is shown with liquidity_tier auto, which answers never show (spec-gaps 22); the copy stores auto`,
      );
    return {
      id: account.id,
      owner_user_id: listed.has(account.category_id) ? me.user_id : member,
      name: account.name,
      institution_name: account.institution_name,
      category_id: account.category_id,
      visibility: account.visibility,
      lifecycle_status: account.lifecycle_status,
      liquidity_tier: inferLiquidityTier(category) === account.liquidity_tier ? 'auto' : account.liquidity_tier,
      auto_carry_forward: detail?.auto_carry_forward === true,
    };
  });
  if (withoutDetail > 0)
    notes.push(
      `${withoutDetail} account(s) without a readable detail: auto_carry_forward could not be read and is false`,
    );
  let renumbered = 0;
  const snapshots = inventory.snapshots.map((s): ScenarioSnapshot => {
    const kept = SNAPSHOT_ID_FORM.test(s.id);
    if (!kept) renumbered += 1;
    return {
      ...(kept ? { id: s.id } : {}),
      account_id: s.account_id,
      snapshot_date: s.snapshot_date,
      balance: s.balance,
      is_estimated: s.is_estimated,
    };
  });
  if (renumbered > 0)
    notes.push(
      `${renumbered} snapshot id(s) are not in the fake's form (snp_ and base 36): those snapshots get the fake's own ids`,
    );
  if (hidden.size > 0)
    notes.push(
      `${hidden.size} categor${hidden.size === 1 ? 'y' : 'ies'} used by accounts but not listed: given, with those accounts, to a placeholder member of the household`,
    );

  const token = `${TOKEN_PREFIX}_${createRandomSource().base62(40)}`;
  const scenario: Scenario = {
    name: options.name ?? 'copy of a ledger',
    households: [{ id: me.household_id, name: 'Household', plan: plan.name }],
    users: [
      { id: me.user_id, name: "The token's owner", household_id: me.household_id },
      ...(hidden.size > 0 ? [{ id: member, name: 'Another household member', household_id: me.household_id }] : []),
    ],
    categories: [
      ...inventory.categories.map((c) => ({ id: c.id, name: c.name, type: c.type })),
      ...[...hidden].map(([id, c]) => ({ id, name: c.name, type: c.type, owner_user_id: member })),
    ],
    accounts,
    snapshots,
    tokens: [{ id: me.token_id, user_id: me.user_id, value: token, name: options.tokenName ?? 'copy' }],
  };
  return { scenario, token, plan, notes };
}
