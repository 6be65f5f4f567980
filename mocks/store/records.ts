// The fake's stored entities. Plain interfaces (no zod or @msw/data types) so the public
// declaration files stay self-contained; store/schemas.ts checks the zod schemas match them.
import type { components } from '../../src/generated/openapi';

type Schemas = components['schemas'];

/** A household's plan: `free` and `lapsed` have no API access; only `household_sharing` allows sharing. */
export type Plan = 'free' | 'household' | 'household_sharing' | 'lapsed';
/** Who can see an account (openapi.json's `Visibility`). */
export type Visibility = Schemas['Visibility'];
/** An account's lifecycle (openapi.json's `LifecycleStatus`). */
export type LifecycleStatus = Schemas['LifecycleStatus'];
/** An account's liquidity label as stored (openapi.json's `LiquidityTier`): `auto` means "infer it when read". */
export type LiquidityTier = Schemas['LiquidityTier'];
/** A token scope. */
export type Scope = 'ledger:read' | 'snapshots:write' | 'accounts:write';
/** `standard` accounts are the API's; `vault` items (tangible assets) exist but are never reachable. */
export type AccountKind = 'standard' | 'vault';

/** A household as the fake stores it: its plan decides API access and sharing. */
export interface HouseholdRecord {
  id: string;
  name: string;
  plan: Plan;
  created_at: string;
}

/** A user as the fake stores it, with their current household. */
export interface UserRecord {
  id: string;
  name: string;
  household_id: string;
  created_at: string;
}

/** A category as the fake stores it: a shared default (no owner) or a user's own. */
export interface CategoryRecord {
  id: string;
  name: string;
  type: string;
  /** `null` for a shared default category. */
  owner_user_id: string | null;
}

/** An account as the fake stores it, including vault items (`kind: 'vault'`), which the API never reaches. */
export interface AccountRecord {
  id: string;
  owner_user_id: string;
  kind: AccountKind;
  name: string;
  institution_name: string;
  category_id: string;
  visibility: Visibility;
  lifecycle_status: LifecycleStatus;
  /** As set: `auto` is kept and resolved when the account is read. */
  liquidity_tier: LiquidityTier;
  auto_carry_forward: boolean;
  created_at: string;
}

/** A token as the fake stores it: a SHA-256 hash and a display prefix, never the value. */
export interface TokenRecord {
  id: string;
  user_id: string;
  name: string;
  /** The first 8 characters of the value, for display (`plk_ab12`). */
  prefix: string;
  /** SHA-256 of the value, lowercase hex. The value itself is never stored. */
  hash: string;
  scopes: Scope[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** A webhook subscription as the fake stores it. */
export interface WebhookRecord {
  id: string;
  user_id: string;
  url: string;
  active: boolean;
  created_at: string;
}
