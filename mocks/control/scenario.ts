import { z } from 'zod';
import { MockControlError } from '../errors';
import { issueToken } from '../rules/auth';
import { seedAccount } from '../rules/accounts';
import { createCategory } from '../rules/categories';
import { createHousehold, createUser } from '../rules/households';
import { seedSnapshots, type SnapshotSeedRow } from '../rules/snapshots';
import { createWebhook } from '../rules/webhooks';
import demo from '../scenarios/demo.json' with { type: 'json' };
import { formatDay, monthEnds, parseDay } from '../store/dates';
import { jitless } from '../store/jitless';
import type { LedgerStore } from '../store/ledger-store';
import { ACCOUNT_KINDS, LIFECYCLE_STATUSES, LIQUIDITY_TIERS, PLANS, SCOPES, VISIBILITIES } from '../store/schemas';
import type { Scenario, ScenarioSnapshotSeries } from './scenario-types';

const id = z.string().min(1);
const date = z.string().refine((text) => parseDay(text) !== undefined, 'must be a real YYYY-MM-DD date');
const time = z.iso.datetime({ offset: true });
const balance = z.number().refine(Number.isFinite, 'must be finite');

// Strict objects: a misspelled key in a scenario file is an error, not a silent default.
export const scenarioSchema = jitless(() =>
  z.strictObject({
    $schema: z.string().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    now: time.optional(),
    households: z.array(z.strictObject({ id, name: z.string().optional(), plan: z.enum(PLANS) })).optional(),
    users: z.array(z.strictObject({ id, name: z.string().optional(), household_id: id })).optional(),
    categories: z
      .array(z.strictObject({ id, name: z.string(), type: z.string().optional(), owner_user_id: id.nullable().optional() }))
      .optional(),
    accounts: z
      .array(
        z.strictObject({
          id,
          owner_user_id: id,
          name: z.string(),
          category_id: id,
          institution_name: z.string().optional(),
          visibility: z.enum(VISIBILITIES).optional(),
          lifecycle_status: z.enum(LIFECYCLE_STATUSES).optional(),
          liquidity_tier: z.enum(LIQUIDITY_TIERS).optional(),
          auto_carry_forward: z.boolean().optional(),
          kind: z.enum(ACCOUNT_KINDS).optional(),
        }),
      )
      .optional(),
    snapshots: z
      .array(z.strictObject({ account_id: id, snapshot_date: date, balance, is_estimated: z.boolean().optional() }))
      .optional(),
    snapshot_series: z
      .array(
        z.strictObject({
          account_id: id,
          every: z.enum(['month_end', 'day']),
          from: date,
          to: date,
          start_balance: balance,
          step: balance.optional(),
          is_estimated: z.boolean().optional(),
        }),
      )
      .optional(),
    tokens: z
      .array(
        z.strictObject({
          id,
          user_id: id,
          value: z.string(),
          name: z.string().optional(),
          scopes: z.array(z.enum(SCOPES)).optional(),
          created_at: time.optional(),
          expires_at: time.nullable().optional(),
          revoked_at: time.nullable().optional(),
        }),
      )
      .optional(),
    webhooks: z.array(z.strictObject({ id, user_id: id, url: z.string(), active: z.boolean().optional() })).optional(),
  }),
);

// Compile-time proof that the schema and the public Scenario interface describe the same thing.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const proof: Same<z.infer<typeof scenarioSchema>, Scenario> = true;
void proof;

/** The scenarios that ship with the fake. */
export type ScenarioName = 'demo' | 'empty';

/** Checks a scenario (by name or as an object); a bad one throws MockControlError 400 at once. */
export function resolveScenario(scenario: ScenarioName | Scenario): Scenario {
  if (scenario === 'empty') return {};
  const input: unknown = scenario === 'demo' ? demo : scenario;
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new MockControlError(400, 'invalid_scenario', `Invalid scenario: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Writes a checked scenario into an empty store, in dependency order. */
export async function loadScenarioInto(store: LedgerStore, scenario: Scenario): Promise<void> {
  const createdAt = scenario.now === undefined ? undefined : new Date(scenario.now).toISOString();
  for (const h of scenario.households ?? []) await createHousehold(store, { id: h.id, name: h.name ?? h.id, plan: h.plan, createdAt });
  for (const u of scenario.users ?? []) await createUser(store, { id: u.id, name: u.name ?? u.id, householdId: u.household_id, createdAt });
  for (const c of scenario.categories ?? []) {
    await createCategory(store, { id: c.id, name: c.name, type: c.type ?? 'asset', userId: c.owner_user_id ?? null });
  }
  for (const a of scenario.accounts ?? []) {
    await seedAccount(store, {
      id: a.id,
      userId: a.owner_user_id,
      name: a.name,
      categoryId: a.category_id,
      institutionName: a.institution_name,
      visibility: a.visibility,
      lifecycleStatus: a.lifecycle_status,
      liquidityTier: a.liquidity_tier,
      autoCarryForward: a.auto_carry_forward,
      kind: a.kind,
      createdAt,
    });
  }
  seedSnapshots(store, [...(scenario.snapshots ?? []), ...(scenario.snapshot_series ?? []).flatMap(expandSeries)]);
  for (const t of scenario.tokens ?? []) {
    await issueToken(store, {
      id: t.id,
      userId: t.user_id,
      value: t.value,
      name: t.name,
      scopes: t.scopes,
      expiresAt: t.expires_at,
      revokedAt: t.revoked_at === undefined || t.revoked_at === null ? null : new Date(t.revoked_at).toISOString(),
      createdAt: t.created_at === undefined ? createdAt : new Date(t.created_at).toISOString(),
      skipPlanCheck: true, // a scenario describes state: a token may predate a lapsed plan
    });
  }
  for (const w of scenario.webhooks ?? []) {
    await createWebhook(store, { id: w.id, userId: w.user_id, url: w.url, active: w.active, createdAt, skipPlanCheck: true });
  }
}

/** The rows of a series: every month end, or every day, from `from` through `to`. */
export function expandSeries(series: ScenarioSnapshotSeries): SnapshotSeedRow[] {
  let dates: string[];
  if (series.every === 'month_end') {
    dates = monthEnds(series.from, series.to).filter((d) => d >= series.from && d <= series.to);
  } else {
    dates = [];
    for (let day = parseDay(series.from)!, end = parseDay(series.to)!; day <= end; day++) dates.push(formatDay(day));
  }
  return dates.map((snapshot_date, i) => ({
    account_id: series.account_id,
    snapshot_date,
    balance: Math.round((series.start_balance + i * (series.step ?? 0)) * 100) / 100,
    is_estimated: series.is_estimated ?? false,
  }));
}
