import type { AccountKind, LifecycleStatus, LiquidityTier, Plan, Scope, Visibility } from '../store/records';

/**
 * A starting state for the fake, as JSON. Ids are pinned by the file; a snapshot without an `id` is
 * given the next free one in load order (`snp_1`, `snp_2`...). Tokens carry their known value: only its hash is stored.
 */
export interface Scenario {
  $schema?: string;
  name?: string;
  description?: string;
  /** Freezes the clock here (ISO 8601) unless the mock's `now` option says otherwise. */
  now?: string;
  households?: ScenarioHousehold[];
  users?: ScenarioUser[];
  categories?: ScenarioCategory[];
  accounts?: ScenarioAccount[];
  snapshots?: ScenarioSnapshot[];
  /** Compact generators of snapshots, loaded after `snapshots`. */
  snapshot_series?: ScenarioSnapshotSeries[];
  tokens?: ScenarioToken[];
  webhooks?: ScenarioWebhook[];
}

/** A household of a scenario, with its plan. */
export interface ScenarioHousehold {
  id: string;
  name?: string;
  plan: Plan;
}

/** A user of a scenario and the household they belong to. */
export interface ScenarioUser {
  id: string;
  name?: string;
  household_id: string;
}

/** A category of a scenario: a shared default, or owned by `owner_user_id`. */
export interface ScenarioCategory {
  id: string;
  name: string;
  /** @default 'asset' */
  type?: string;
  /** The owning user; omitted or null for a shared default. */
  owner_user_id?: string | null;
}

/** An account of a scenario, owned by `owner_user_id` (`kind: 'vault'` for an unreachable vault item). */
export interface ScenarioAccount {
  id: string;
  owner_user_id: string;
  name: string;
  category_id: string;
  /** @default 'Public API' */
  institution_name?: string;
  /** @default 'private' */
  visibility?: Visibility;
  /** @default 'active' */
  lifecycle_status?: LifecycleStatus;
  /** @default 'auto' */
  liquidity_tier?: LiquidityTier;
  /** @default false */
  auto_carry_forward?: boolean;
  /** @default 'standard' */
  kind?: AccountKind;
}

/** One snapshot of a scenario. */
export interface ScenarioSnapshot {
  /**
   * Its id, in the fake's form (`snp_` and a base-36 number, as the fake answers), kept as it is: a copy of a ledger
   * answers with the ids it was read with. @default the next free id, in load order
   */
  id?: string;
  account_id: string;
  snapshot_date: string;
  balance: number;
  /** @default false */
  is_estimated?: boolean;
}

/** One snapshot per month end (or per day) from `from` to `to`: start_balance, then + step each time. */
export interface ScenarioSnapshotSeries {
  account_id: string;
  every: 'month_end' | 'day';
  from: string;
  to: string;
  start_balance: number;
  /** Added per snapshot, rounded to cents. @default 0 */
  step?: number;
  /** @default false */
  is_estimated?: boolean;
}

/** A token of a scenario with a known value (only its hash is stored). */
export interface ScenarioToken {
  id: string;
  user_id: string;
  /** The known value, `plk_` and 40 base62 characters. */
  value: string;
  name?: string;
  /** @default all three */
  scopes?: Scope[];
  created_at?: string;
  expires_at?: string | null;
  revoked_at?: string | null;
}

/** A webhook subscription of a scenario. */
export interface ScenarioWebhook {
  id: string;
  user_id: string;
  url: string;
  /** @default true */
  active?: boolean;
}
