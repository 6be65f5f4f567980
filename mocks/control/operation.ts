// What one control operation is: its in-process call (over one fake's context), the area of docs/testing.md that
// names it, and its route under /__mock with the wire schema of the body and the mapping from the snake_case wire to
// the call. The table of operations (operations/) holds one entry per operation; `LedgerControl`, `createControl`,
// the /__mock routes and the docs check all read it. Its doc comment is the entry's own: `ControlOf` keeps it.
import type { FaultInjector } from '../core/faults';
import type { RequestJournal } from '../core/journal';
import { MockControlError } from '../errors';
import type { LedgerStore } from '../store/ledger-store';
import type * as z from '../zod';
import type { Checkpoints } from './checkpoints';
import type { Scenario } from './scenario-types';

/** How a fake starts: its scenario and clock, and (for a persisted fake) what replaces the first scenario load. */
export interface ControlStart {
  scenario: Scenario;
  now: string | Date | number | undefined;
  setReady(ready: Promise<void>): void;
  /**
   * Runs instead of loading `scenario` at start (`ledger-mock --state` restores its file here); it may call
   * `loadScenario` to load it after all. @default loads `scenario`
   */
  start?(loadScenario: () => Promise<void>): Promise<void>;
}

/** What an operation's call works with: one fake's store, journal and faults, and the control's own state. */
export interface ControlContext {
  store: LedgerStore;
  journal: RequestJournal;
  faults: FaultInjector;
  checkpoints: Checkpoints;
  initial: ControlStart;
  /** Runs a state change after the scenario load, never beside a request's rules; settles once it is durable. */
  act<T>(task: () => T | Promise<T>): Promise<T>;
  /** Replaces the state with a checked scenario; a `clockStart` sets the clock there, frozen. */
  load(scenario: Scenario, clockStart: string | Date | number | undefined): Promise<void>;
}

/** The areas of docs/testing.md's table of the control API, in its order. */
export const CONTROL_AREAS = [
  'Households and users',
  'Categories and accounts',
  'Snapshots',
  'Tokens',
  'Webhooks',
  'Clock',
  'Faults',
  'Journal',
  'State',
] as const;

/** A row of docs/testing.md's table of the control API. */
export type ControlArea = (typeof CONTROL_AREAS)[number];

/** What a route's mapping sees of a request. */
export interface RouteInput<Body = undefined> {
  /** The body, checked by the route's schema (`{}` for an empty body); `undefined` for a route without one. */
  body: Body;
  /** The path's `:name` parameters, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** ledger-mock --state: the file a reset or scenario load rewrites. */
  stateFile?: string | undefined;
}

/** One route under /__mock: the HTTP form of a member of the control API. */
export interface ControlRoute<Member, Body extends z.ZodMiniType = z.ZodMiniType<undefined>> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /__mock, with `:name` for path parameters. */
  path: string;
  /** What GET /__mock says of it. */
  summary: string;
  /** Checks the JSON body (an empty body is `{}`); routes without one ignore any body. */
  body?: Body;
  /**
   * Refuses an empty body (400 with this code and message) instead of reading it as `{}`: for a route where `{}` does
   * something drastic and an empty body is most likely a mistake (`curl -d @file` sends nothing when it cannot read
   * the file).
   */
  nonEmpty?: { code: string; message: string };
  /** Refuses a body too big to check (control-http/limits.ts), on the parsed JSON, before `body` looks at it. */
  limit?(body: unknown): void;
  /** @default 200 */
  status?: number;
  /** Answers `text/plain` (the result is a string) instead of JSON. */
  text?: boolean;
  /** The wire to the in-process call (snake_case to camelCase) and its result to the answer. */
  run(member: Member, input: RouteInput<z.output<Body>>): unknown;
}

/** A key of a scenario file that lists records (`households`, `accounts`...). */
export type ScenarioKey = Exclude<keyof Scenario, '$schema' | 'name' | 'description' | 'now'>;
/** One record of a scenario file under `key`, as the public `Scenario` type says. */
export type ScenarioRecord<Key extends ScenarioKey> = NonNullable<Scenario[Key]>[number];

// Compile-time equality of two types (not mere assignability).
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The schema of records under `key`, proved at compile time to describe exactly the public type of those records. */
export type RecordSchema<Key extends ScenarioKey, Schema extends z.ZodMiniType> =
  Same<z.output<Schema>, ScenarioRecord<Key>> extends true ? Schema : never;

/** The records of a scenario file an operation makes, and how they are loaded. */
export interface ScenarioPart {
  /** The keys of a scenario file it reads, each a list of records of this schema. */
  sections: Partial<Record<ScenarioKey, z.ZodMiniType>>;
  /**
   * Writes the records of those keys into a store being loaded (in the table's order: what a record refers to is
   * loaded before it). `at` is the scenario's `now`: when its records were made.
   */
  load(store: LedgerStore, scenario: Scenario, at: string | undefined): Promise<void> | void;
}

/**
 * A method of the control API, as the table holds it: what `LedgerControl` is made of. Its route and scenario part
 * are in its whole declaration (`OperationSpec`), whose zod types stay out of the package's public types.
 */
export interface ControlOperation<Call> {
  readonly kind: 'operation';
  area: ControlArea;
  /** The call itself, over one fake's context. */
  call(context: ControlContext): Call;
}

/** A method's whole declaration: its call, its route under /__mock, its part of a scenario file. */
export interface OperationSpec<Call, Body extends z.ZodMiniType> extends ControlOperation<Call> {
  /** Its route under /__mock, if it has one. */
  http?: ControlRoute<Call, Body>;
  /** The records of a scenario file it makes, if any. */
  scenario?: ScenarioPart;
}

/** A member of the control API that is an object of its own (the clock); its routes are in its declaration. */
export interface ControlValue<Value> {
  readonly kind: 'value';
  area: ControlArea;
  get(context: ControlContext): Value;
}

/** Members of the control API under one name (`journal`, `faults`); routes over several of them are in its declaration. */
export interface ControlGroup<Members> {
  readonly kind: 'group';
  members: Members;
}

/** Any entry of the table. */
// biome-ignore lint/suspicious/noExplicitAny: any call, value or members
export type ControlEntry = ControlOperation<any> | ControlValue<any> | ControlGroup<any>;

// biome-ignore lint/suspicious/noExplicitAny: each route checks its own body
type AnyRoute = ControlRoute<any, any>;

/** An entry's route(s) under /__mock, in the order GET /__mock lists them (a group's: after its members'). */
export function routesOf(entry: ControlEntry): readonly AnyRoute[] {
  const http = (entry as { http?: AnyRoute | readonly AnyRoute[] }).http;
  if (http === undefined) return [];
  return Array.isArray(http) ? http : [http as AnyRoute];
}

/** An operation's part of a scenario file, if it has one. */
export function scenarioPartOf(entry: ControlEntry): ScenarioPart | undefined {
  return entry.kind === 'operation' ? (entry as OperationSpec<unknown, z.ZodMiniType>).scenario : undefined;
}

/** The member of the control API an entry makes. */
type MemberOf<Entry> = Entry extends { kind: 'operation'; call(context: ControlContext): infer Call }
  ? Call
  : Entry extends { kind: 'value'; get(context: ControlContext): infer Value }
    ? Value
    : Entry extends { kind: 'group'; members: infer Members }
      ? { [K in keyof Members]: MemberOf<Members[K]> }
      : never;

/** The control API a table makes: one member per entry, with the entry's doc comment (a homomorphic mapped type). */
export type ControlOf<Table> = {
  [K in keyof Table as Table[K] extends { kind: 'operation' } ? K : never]: MemberOf<Table[K]>;
} & {
  // The clock, the journal...: objects of the control API, never replaced.
  readonly [K in keyof Table as Table[K] extends { kind: 'operation' } ? never : K]: MemberOf<Table[K]>;
};

/** An entry for a method: its call, and its route under /__mock and part of a scenario file if it has them. */
export function operation<Call, Body extends z.ZodMiniType = z.ZodMiniType<undefined>>(
  entry: Omit<OperationSpec<Call, Body>, 'kind'>,
): ControlOperation<Call> {
  const spec: OperationSpec<Call, Body> = { kind: 'operation', ...entry };
  return spec;
}

/** The sections of a scenario part: each key's schema, proved to describe exactly the public type of its records. */
export function recordSchema<Key extends ScenarioKey, Schema extends z.ZodMiniType>(
  _key: Key,
  schema: RecordSchema<Key, Schema>,
): Schema {
  return schema;
}

/** A scenario part of one key, whose records are loaded one at a time, in order. */
export function scenarioRecords<Key extends ScenarioKey, Schema extends z.ZodMiniType>(
  key: Key,
  record: RecordSchema<Key, Schema>,
  load: (store: LedgerStore, record: ScenarioRecord<Key>, at: string | undefined) => Promise<unknown>,
): ScenarioPart {
  return {
    sections: { [key]: record },
    load: async (store, scenario, at) => {
      for (const one of (scenario[key] ?? []) as ReadonlyArray<ScenarioRecord<Key>>) await load(store, one, at);
    },
  };
}

/** An entry for an object of the control API (the clock), and its routes. */
export function value<Value>(entry: {
  area: ControlArea;
  get(context: ControlContext): Value;
  // biome-ignore lint/suspicious/noExplicitAny: each route checks its own body
  http: ReadonlyArray<ControlRoute<Value, any>>;
}): ControlValue<Value> {
  return { kind: 'value', ...entry };
}

/** Entries under one name, and routes over several of them (after the members' own). */
export function group<Members extends Record<string, ControlEntry>>(
  members: Members,
  http: ReadonlyArray<ControlRoute<ControlOf<Members>, z.ZodMiniType<undefined>>> = [],
): ControlGroup<Members> {
  const declared: ControlGroup<Members> & { http: typeof http } = { kind: 'group', members, http };
  return declared;
}

/** Says in an answer that the state file now holds the new state and nothing before it. */
export function stateFileReset(stateFile: string | undefined): { state_file?: { path: string; reset: true } } {
  return stateFile === undefined ? {} : { state_file: { path: stateFile, reset: true } };
}

/** A time as records keep it, UTC ISO 8601, whatever form (offset, Date) the caller gave. */
export function isoOrUndefined(time: string | Date | undefined): string | undefined {
  if (time === undefined) return undefined;
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) throw new MockControlError(400, 'invalid_date', `${String(time)} is not a time`);
  return date.toISOString();
}
