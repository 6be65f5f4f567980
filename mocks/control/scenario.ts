import { isMockControlError, MockControlError } from '../errors';
import { issueToken } from '../rules/auth';
import { seedAccount } from '../rules/accounts';
import { createCategory } from '../rules/categories';
import { createHousehold, createUser } from '../rules/households';
import { seedSnapshots, seedSnapshotsWithIds, type SnapshotSeedRow } from '../rules/snapshots';
import { createWebhook } from '../rules/webhooks';
import demo from '../scenarios/demo.json' with { type: 'json' };
import { dayNumber } from '../../src/shared/calendar-date';
import { formatDay, monthEnds } from '../store/dates';
import { LedgerStore } from '../store/ledger-store';
import { LIFECYCLE_STATUSES, LIQUIDITY_TIERS, VISIBILITIES } from '../../src/generated/api-constants';
import { SNAPSHOT_ID_FORM } from '../store/snapshot-store';
import { ACCOUNT_KINDS, PLANS, SCOPES } from '../store/schemas';
import * as z from '../zod';
import type { Scenario, ScenarioSnapshot, ScenarioSnapshotSeries } from './scenario-types';
import { didYouMean } from '../../src/shared/suggest';

const id = z.string().check(z.minLength(1));
const date = z.string().check(z.refine((text) => dayNumber(text) !== undefined, 'must be a real YYYY-MM-DD date'));
const time = z.iso.datetime({ offset: true });
const balance = z.number().check(z.refine(Number.isFinite, 'must be finite'));
const text = z.optional(z.string());
const flag = z.optional(z.boolean());

// Strict objects: a misspelled key in a scenario file is an error, not a silent default.
export const scenarioSchema = z.strictObject({
  $schema: text,
  name: text,
  description: text,
  now: z.optional(time),
  households: z.optional(z.array(z.strictObject({ id, name: text, plan: z.enum(PLANS) }))),
  users: z.optional(z.array(z.strictObject({ id, name: text, household_id: id }))),
  categories: z.optional(
    z.array(z.strictObject({ id, name: z.string(), type: text, owner_user_id: z.optional(z.nullable(id)) })),
  ),
  accounts: z.optional(
    z.array(
      z.strictObject({
        id,
        owner_user_id: id,
        name: z.string(),
        category_id: id,
        institution_name: text,
        visibility: z.optional(z.enum(VISIBILITIES)),
        lifecycle_status: z.optional(z.enum(LIFECYCLE_STATUSES)),
        liquidity_tier: z.optional(z.enum(LIQUIDITY_TIERS)),
        auto_carry_forward: flag,
        kind: z.optional(z.enum(ACCOUNT_KINDS)),
      }),
    ),
  ),
  snapshots: z.optional(
    z.array(
      z.strictObject({
        id: z.optional(
          z.string().check(z.regex(SNAPSHOT_ID_FORM, 'must be a snapshot id of the fake: snp_ and a base-36 number')),
        ),
        account_id: id,
        snapshot_date: date,
        balance,
        is_estimated: flag,
      }),
    ),
  ),
  snapshot_series: z.optional(
    z.array(
      z.strictObject({
        account_id: id,
        every: z.enum(['month_end', 'day']),
        from: date,
        to: date,
        start_balance: balance,
        step: z.optional(balance),
        is_estimated: flag,
      }),
    ),
  ),
  tokens: z.optional(
    z.array(
      z.strictObject({
        id,
        user_id: id,
        value: z.string(),
        name: text,
        scopes: z.optional(z.array(z.enum(SCOPES))),
        created_at: z.optional(time),
        expires_at: z.optional(z.nullable(time)),
        revoked_at: z.optional(z.nullable(time)),
      }),
    ),
  ),
  webhooks: z.optional(z.array(z.strictObject({ id, user_id: id, url: z.string(), active: flag }))),
});

// Compile-time proof that the schema and the public Scenario interface describe the same thing.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const proof: Same<z.infer<typeof scenarioSchema>, Scenario> = true;
void proof;

/** The scenarios that ship with the fake. */
export type ScenarioName = 'demo' | 'empty';

const SHIPPED: Record<ScenarioName, unknown> = { demo, empty: {} };
/** The names of the shipped scenarios. */
export const SCENARIO_NAMES = Object.keys(SHIPPED) as ScenarioName[];

// What a scenario may hold besides state: an object with none of the rest and a `name` refers to a shipped one.
const LABEL_KEYS = new Set(['$schema', 'name', 'description']);

/**
 * Checks a scenario and returns it as an object; a refusal throws MockControlError 400 and changes nothing.
 * - A string names a shipped scenario (`'demo'`, `'empty'`); any other string is refused (`unknown_scenario`,
 *   listing the names).
 * - An object that holds no state (no keys but `name`, `description`, `$schema`) and has a `name` also names a
 *   shipped scenario: `{ name: 'demo' }` is the demo, `{ name: 'dmeo' }` is refused like `'dmeo'`. (It never means
 *   "an empty state labelled dmeo": for an empty state load `'empty'` or `{}`.)
 * - Any other object is a scenario of your own, checked against the scenario schema (`invalid_scenario`);
 *   its `name` is only a label.
 */
export function resolveScenario(scenario: ScenarioName | Scenario, options: ResolveOptions = {}): Scenario {
  const name = shippedName(scenario);
  const input: unknown = name === undefined ? scenario : SHIPPED[name];
  const parsed = parseScenario(input, options.untrusted === true);
  if (!parsed.ok) {
    const problems = parsed.issues
      .slice(0, LISTED_PROBLEMS)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    const more =
      parsed.issues.length > LISTED_PROBLEMS || parsed.more
        ? `; and more (the first ${problems.length} are listed)`
        : '';
    throw new MockControlError(400, 'invalid_scenario', `Invalid scenario: ${problems.join('; ')}${more}`);
  }
  return parsed.value;
}

/** Options of resolveScenario. */
export interface ResolveOptions {
  /** The scenario came over /__mock: its long arrays are checked a slice at a time, so a refusal stays cheap. */
  untrusted?: boolean;
}

/** A refusal lists at most this many problems. */
const LISTED_PROBLEMS = 20;

function parseScenario(input: unknown, untrusted: boolean) {
  if (untrusted) return z.parseWith(scenarioSchema, input, { maxIssues: LISTED_PROBLEMS });
  try {
    // Your own scenario, in code or a file: one parse (a valid one of 100,000 rows costs no second look).
    return z.parseWith(scenarioSchema, input);
  } catch (error) {
    // zod overflows the stack listing more than about 100,000 problems: find the first ones a slice at a time.
    if (error instanceof RangeError) return z.parseWith(scenarioSchema, input, { maxIssues: LISTED_PROBLEMS });
    throw error;
  }
}

/** The shipped scenario `scenario` refers to by name, if it is a reference; an unknown name is refused. */
function shippedName(scenario: unknown): ScenarioName | undefined {
  let name: unknown;
  if (typeof scenario === 'string') name = scenario;
  else if (isPlainObject(scenario) && 'name' in scenario && Object.keys(scenario).every((key) => LABEL_KEYS.has(key)))
    name = scenario.name;
  else return undefined;
  if (typeof name === 'string' && Object.hasOwn(SHIPPED, name)) return name as ScenarioName;
  const shown = typeof name === 'string' ? `"${name}"` : JSON.stringify(name);
  throw new MockControlError(
    400,
    'unknown_scenario',
    `No scenario named ${shown}${typeof name === 'string' ? didYouMean(name, SCENARIO_NAMES) : ''}: the shipped ones are ${SCENARIO_NAMES.join(', ')}. ` +
      'A scenario of your own is an object with households, users, accounts...; for an empty state load "empty".',
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Refuses a checked scenario that cannot be loaded (a user in a household it does not have, a duplicate id...)
 * by loading it into a scratch store first, so that a refused load leaves the real state as it was.
 */
export async function checkScenarioLoads(scenario: Scenario): Promise<void> {
  try {
    await loadScenarioInto(new LedgerStore({ now: scenario.now }), scenario);
  } catch (error) {
    if (!isMockControlError(error)) throw error;
    throw new MockControlError(400, 'invalid_scenario', `Invalid scenario: ${error.message}`);
  }
}

/** Writes a checked scenario into an empty store, in dependency order. */
export async function loadScenarioInto(store: LedgerStore, scenario: Scenario): Promise<void> {
  const createdAt = scenario.now === undefined ? undefined : new Date(scenario.now).toISOString();
  for (const h of scenario.households ?? [])
    await createHousehold(store, { id: h.id, name: h.name ?? h.id, plan: h.plan, createdAt });
  for (const u of scenario.users ?? [])
    await createUser(store, { id: u.id, name: u.name ?? u.id, householdId: u.household_id, createdAt });
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
  // Rows that keep their ids first, so no other row takes one of them.
  const kept = (scenario.snapshots ?? []).filter(
    (row): row is ScenarioSnapshot & { id: string } => row.id !== undefined,
  );
  seedSnapshotsWithIds(store, kept);
  seedSnapshots(store, [
    ...(scenario.snapshots ?? []).filter((row) => row.id === undefined),
    ...(scenario.snapshot_series ?? []).flatMap(expandSeries),
  ]);
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
    await createWebhook(store, {
      id: w.id,
      userId: w.user_id,
      url: w.url,
      active: w.active,
      createdAt,
      skipPlanCheck: true,
    });
  }
}

/** The rows of a series: every month end, or every day, from `from` through `to`. */
export function expandSeries(series: ScenarioSnapshotSeries): SnapshotSeedRow[] {
  let dates: string[];
  if (series.every === 'month_end') {
    dates = monthEnds(series.from, series.to).filter((d) => d >= series.from && d <= series.to);
  } else {
    dates = [];
    for (let day = dayNumber(series.from)!, end = dayNumber(series.to)!; day <= end; day++) dates.push(formatDay(day));
  }
  return dates.map((snapshot_date, i) => ({
    account_id: series.account_id,
    snapshot_date,
    balance: Math.round((series.start_balance + i * (series.step ?? 0)) * 100) / 100,
    is_estimated: series.is_estimated ?? false,
  }));
}
