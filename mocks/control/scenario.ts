import { isMockControlError, MockControlError } from '../errors';
import demo from '../scenarios/demo.json' with { type: 'json' };
import { LedgerStore } from '../store/ledger-store';
import * as z from '../zod';
import { didYouMean } from '../../src/shared/suggest';
import { type ControlEntry, type ScenarioPart, scenarioPartOf } from './operation';
import { tokenOperations, webhookOperations } from './operations/access';
import { accountOperations, snapshotOperations } from './operations/accounts';
import { categoryOperations, householdOperations } from './operations/people';
import type { Scenario } from './scenario-types';

// The operations that make what a scenario file holds, in load order: what a record refers to comes before it.
const SOURCES = {
  ...householdOperations,
  ...categoryOperations,
  ...accountOperations,
  ...snapshotOperations,
  ...tokenOperations,
  ...webhookOperations,
};

/** The scenario parts of the operations, in load order. */
const PARTS: readonly ScenarioPart[] = Object.values(SOURCES as Record<string, ControlEntry>)
  .map(scenarioPartOf)
  .filter((part) => part !== undefined);

const labels = {
  $schema: z.optional(z.string()),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  now: z.optional(z.iso.datetime({ offset: true })),
};
const sections = Object.fromEntries(
  PARTS.flatMap((part) =>
    Object.entries(part.sections).map(([key, record]) => [key, z.optional(z.array(record as z.ZodMiniType))]),
  ),
);

/**
 * A scenario file: its labels, and a list of records per key, each key's schema declared by the operation that makes
 * those records (createHousehold: `households`...), which proves at compile time that it describes exactly the public
 * type of those records (`RecordSchema` in operation.ts). Strict objects: a misspelled key in a scenario file is an
 * error, not a silent default.
 */
export const scenarioSchema = z.strictObject({ ...labels, ...sections }) as unknown as z.ZodMiniType<Scenario>;

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

/** Writes a checked scenario into an empty store, in dependency order: each operation's part, in the table's order. */
export async function loadScenarioInto(store: LedgerStore, scenario: Scenario): Promise<void> {
  const at = scenario.now === undefined ? undefined : new Date(scenario.now).toISOString();
  for (const part of PARTS) await part.load(store, scenario, at);
}
