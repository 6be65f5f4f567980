import { MockControlError } from '../errors';
import type { ActiveFault, FaultSpec } from '../core/fault-spec';
import { explainEntries, type JournalEntry } from '../core/journal';
import { compileJournalFilter, type JournalFilter } from '../core/journal-filter';
import type { MockContext } from '../core/pipeline';
import { seedAccount, type AccountSeed } from '../rules/accounts';
import { expireToken, issueToken, revokeToken, tokenStatus, type IssuedToken, type TokenStatus } from '../rules/auth';
import { carryForward } from '../rules/carry-forward';
import { createCategory } from '../rules/categories';
import { createHousehold, createUser, moveUser, setPlan } from '../rules/households';
import { seedSnapshots, type SnapshotSeedRow } from '../rules/snapshots';
import { createWebhook, deactivateWebhook } from '../rules/webhooks';
import type { Clock } from '../store/clock';
import { dayNumber } from '../../src/shared/calendar-date';
import type { EventLogEntry } from '../store/ledger-store';
import type {
  AccountRecord,
  CategoryRecord,
  HouseholdRecord,
  LifecycleStatus,
  LiquidityTier,
  Plan,
  Scope,
  TokenRecord,
  UserRecord,
  Visibility,
  WebhookRecord,
} from '../store/records';
import type { SnapshotView } from '../store/snapshot-store';
import { Checkpoints, type CheckpointInfo } from './checkpoints';
import type { Scenario } from './scenario-types';
import { checkScenarioLoads, loadScenarioInto, resolveScenario, type ScenarioName } from './scenario';

/** A token as listed: everything but the hash (the value is never kept). */
export type TokenInfo = Omit<TokenRecord, 'hash'> & { status: TokenStatus };

/** The whole state, for debugging and assertions: no token values or hashes. */
export interface LedgerDump {
  now: string;
  households: HouseholdRecord[];
  users: UserRecord[];
  categories: CategoryRecord[];
  accounts: AccountRecord[];
  tokens: TokenInfo[];
  webhooks: WebhookRecord[];
  /** Every snapshot, vault items' included, by account_id then date. */
  snapshots: SnapshotView[];
  events: EventLogEntry[];
}

/** Changes the control API may make to an existing account. */
export interface AccountChange {
  name?: string;
  institutionName?: string;
  categoryId?: string;
  visibility?: Visibility;
  lifecycleStatus?: LifecycleStatus;
  liquidityTier?: LiquidityTier;
  autoCarryForward?: boolean;
}

/** The fake's control API: sets up state, looks inside, and bends the rules of time and failure. */
export interface LedgerControl {
  /** Creates a household; `id` and `createdAt` pin what would be generated. @default plan 'household_sharing' */
  createHousehold(input?: {
    id?: string;
    name?: string;
    plan?: Plan;
    createdAt?: string | Date;
  }): Promise<HouseholdRecord>;
  /** Changes a household's plan; every later request is checked against it. */
  setPlan(householdId: string, plan: Plan): Promise<HouseholdRecord>;
  /** Every household. */
  listHouseholds(): Promise<HouseholdRecord[]>;
  /**
   * Creates a user in `householdId`, or in a new single-user household on `plan`; `id` and `createdAt` pin what
   * would be generated. @default plan 'household_sharing'
   */
  createUser(input?: {
    id?: string;
    name?: string;
    householdId?: string;
    plan?: Plan;
    createdAt?: string | Date;
  }): Promise<UserRecord>;
  /** Moves a user to a household; `null` gives the user a new single-user household on the free plan. */
  moveUser(userId: string, householdId: string | null): Promise<UserRecord>;
  /** Every user. */
  listUsers(): Promise<UserRecord[]>;
  /** Creates a category: the user's own with `userId`, a shared default without (or with null). @default type 'asset' */
  createCategory(input: { id?: string; name: string; type?: string; userId?: string | null }): Promise<CategoryRecord>;
  /** Every category, own and shared. */
  listCategories(): Promise<CategoryRecord[]>;
  /** Creates an account for any user, with any visibility, tier or kind (`vault` items too). */
  createAccount(input: AccountSeed): Promise<AccountRecord>;
  /** Changes an account directly (no plan or reach checks). */
  updateAccount(accountId: string, change: AccountChange): Promise<AccountRecord>;
  /** Every account, vault items included. */
  listAccounts(): Promise<AccountRecord[]>;
  /** Writes many snapshots straight into the store (fast path; `is_estimated` allowed; no events). */
  seedSnapshots(rows: readonly SnapshotSeedRow[]): Promise<{ inserted: number; updated: number }>;
  /** Snapshots of any account (no reach checks), by account_id then date; bounds inclusive. */
  listSnapshots(query?: { accountId?: string; from?: string; to?: string }): Promise<SnapshotView[]>;
  /** Runs the carry-forward step for `date` (spec-gaps 27) and returns the estimated snapshots written. */
  carryForward(date: string): Promise<SnapshotView[]>;
  /** Creates a token; its value is returned only here. 402 MockControlError without API access. */
  createToken(input: {
    userId: string;
    name?: string;
    scopes?: Scope[];
    expiresAt?: string | Date | null;
  }): Promise<IssuedToken>;
  /** Revokes a token at once; it stays listed. */
  revokeToken(tokenId: string): Promise<TokenInfo>;
  /** Expires a token now. */
  expireToken(tokenId: string): Promise<TokenInfo>;
  /** Every token, with prefix, status and last-used time (never the value or hash). */
  listTokens(): Promise<TokenInfo[]>;
  /** Creates a webhook subscription for a user (`active` unless told otherwise). 402 MockControlError without API access. */
  createWebhook(input: {
    userId: string;
    url?: string;
    id?: string;
    active?: boolean;
    createdAt?: string | Date;
  }): Promise<WebhookRecord>;
  /** Every webhook subscription. */
  listWebhooks(): Promise<WebhookRecord[]>;
  /** Stops a subscription from receiving events; it stays listed. */
  deactivateWebhook(webhookId: string): Promise<WebhookRecord>;
  /** The snapshot.upserted events emitted, with payloads and per-subscription outcomes. */
  readonly events: {
    /** Every event kept (the most recent 10,000 at least), oldest first, as copies. */
    list(): EventLogEntry[];
    /** Forgets every event. */
    clear(): void;
  };
  /**
   * The clock used for token expiry, last-used times and event timestamps. Frozen when the mock was created with
   * `now` (or a scenario with `now`), else running with the real clock. `set(time)` keeps that mode;
   * `set(time, { frozen: true })` or `freeze()` stops it for exact timestamps, `resume()` lets it run.
   */
  readonly clock: Clock;
  /** The requests answered: method, path, operationId, status, token id, duration, fault, bugs. */
  readonly journal: {
    /** The most recent 10,000 requests, oldest first. */
    entries(): JournalEntry[];
    /**
     * The requests kept that match every field of `filter`, oldest first: `find({ operation: 'getMe', status: '4xx' })`.
     * A filter that cannot match as meant (a misspelt operation, say) throws MockControlError 400 `invalid_filter`,
     * naming the near miss. @default filter {} (every request)
     */
    find(filter?: JournalFilter): JournalEntry[];
    /** How many requests kept match `filter` (as `find`, without copying them). @default filter {} (every request) */
    count(filter?: JournalFilter): number;
    /** The requests that hit a bug in the fake (answered 500 `internal_error`). */
    internalErrors(): JournalEntry[];
    /**
     * The last requests as a short readable text, each refusal with its `reason`, for a failing test's message:
     * `expect(res.status, mock.control.journal.explain({ last: 5 })).toBe(200)`. @default last 10
     */
    explain(options?: { last?: number }): string;
    /** Forgets every entry. */
    clear(): void;
  };
  /** Injected failures: latency, a status, a network error, or a failure after the write is applied. */
  readonly faults: {
    /** Adds a fault; returns its id. Faults are tried in the order injected; one applies per request. */
    inject(spec: FaultSpec): string;
    /** Removes one fault by id. */
    remove(faultId: string): void;
    /** Removes every fault. */
    clear(): void;
    /** The faults still active, with the hits they have left. */
    list(): ActiveFault[];
  };
  /**
   * Replaces the state with a scenario. Journal, faults and clock are kept, unless the scenario has `now`: the
   * clock is then set there and frozen.
   * By name: `'demo'` or `'empty'`; an object that holds no state but a `name` (`{ name: 'demo' }`) also loads
   * the shipped scenario of that name. Any other object is your own scenario, checked against the scenario
   * schema and loaded only if all of it loads. A refusal (MockControlError 400 `unknown_scenario`, listing the
   * shipped names, or `invalid_scenario`) changes nothing.
   */
  loadScenario(scenario: ScenarioName | Scenario): Promise<void>;
  /**
   * Back to the starting state: the initial scenario, clock (time and frozen or running), empty journal, no faults,
   * no events. Checkpoints are kept.
   */
  reset(): Promise<void>;
  /**
   * Keeps the state (every record and snapshot, the seeded ids' position) and the clock under `name`, to come back
   * to with `restore(name)`; replaces a checkpoint of that name. Later writes never reach it: it shares what the fake
   * holds, and the fake copies an account's snapshots before it first changes them (copy on write: about 4 ms and
   * 0.8 MB per 100,000 snapshots). The journal, faults and events are not kept. Checkpoints live in memory only (not
   * in a `--state` file); `deleteCheckpoint` frees one.
   */
  checkpoint(name: string): Promise<CheckpointInfo>;
  /**
   * Back to checkpoint `name`, as `reset()` goes back to the start: its state and clock (a frozen clock at its
   * reading; a running one runs on from where it would be), with an empty journal, no faults and no events.
   * The checkpoint stays, for the next restore. With `ledger-mock --state` the file is rewritten, as by a reset.
   * An unknown name throws MockControlError 404 `not_found`, naming the near miss.
   */
  restore(name: string): Promise<CheckpointInfo>;
  /** Every checkpoint, in the order taken. */
  listCheckpoints(): CheckpointInfo[];
  /** Forgets a checkpoint and frees its memory; an unknown name throws MockControlError 404 `not_found`. */
  deleteCheckpoint(name: string): void;
  /** The whole state, without token values or hashes. */
  dump(): Promise<LedgerDump>;
}

// Records keep times as UTC ISO 8601 strings, whatever form (offset, Date) the caller gave.
function isoOrUndefined(time: string | Date | undefined): string | undefined {
  if (time === undefined) return undefined;
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) throw new MockControlError(400, 'invalid_date', `${String(time)} is not a time`);
  return date.toISOString();
}

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

/** Builds the control API over a mock's context and starts loading the initial scenario. */
export function createControl(context: MockContext, initial: ControlStart): LedgerControl {
  const { store, journal, faults } = context;
  const checkpoints = new Checkpoints();
  // Every state change runs after the scenario load and never interleaves with a request's rules; its
  // result is handed back once the change is durable (at once, unless the store is persisted).
  const act = async <T>(task: () => T | Promise<T>): Promise<T> => {
    await context.ready();
    const result = await store.exclusive(task);
    await store.durable();
    return result;
  };
  const info = (token: TokenRecord): TokenInfo => {
    const { hash: _hash, ...rest } = token;
    return { ...rest, status: tokenStatus(token, store.clock.now()) };
  };
  const run = (scenario: Scenario, clockStart: string | Date | number | undefined): Promise<void> =>
    store
      .exclusive(async () => {
        store.clear();
        if (clockStart !== undefined) store.clock.set(clockStart, { frozen: true }); // a scenario's `now` freezes the clock there
        await loadScenarioInto(store, scenario);
      })
      .then(() => store.durable());
  const load = (scenario: Scenario, clockStart: string | Date | number | undefined): Promise<void> => {
    const ready = run(scenario, clockStart);
    initial.setReady(ready);
    return ready;
  };

  // The clock already starts where it should.
  if (initial.start) initial.setReady(initial.start(() => run(initial.scenario, undefined)));
  else void load(initial.scenario, undefined);

  return {
    createHousehold: (input = {}) =>
      act(() => createHousehold(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    setPlan: (householdId, plan) => act(() => setPlan(store, householdId, plan)),
    listHouseholds: () => act(() => store.households.all()),
    createUser: (input = {}) => act(() => createUser(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    moveUser: (userId, householdId) => act(() => moveUser(store, userId, householdId)),
    listUsers: () => act(() => store.users.all()),
    createCategory: (input) => act(() => createCategory(store, input)),
    listCategories: () => act(() => store.categories.all()),
    createAccount: (input) => act(() => seedAccount(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    updateAccount: (accountId, change) =>
      act(() => {
        if (!store.accounts.get(accountId)) throw new MockControlError(404, 'not_found', `No account ${accountId}`);
        if (change.categoryId !== undefined && !store.categories.get(change.categoryId)) {
          throw new MockControlError(404, 'not_found', `No category ${change.categoryId}`);
        }
        return store.accounts.update(accountId, {
          name: change.name,
          institution_name: change.institutionName,
          category_id: change.categoryId,
          visibility: change.visibility,
          lifecycle_status: change.lifecycleStatus,
          liquidity_tier: change.liquidityTier,
          auto_carry_forward: change.autoCarryForward,
        });
      }),
    listAccounts: () => act(() => store.accounts.all()),
    seedSnapshots: (rows) => act(() => seedSnapshots(store, rows)),
    listSnapshots: (query = {}) =>
      act(() => {
        const bound = (text: string | undefined) => {
          if (text === undefined) return undefined;
          const day = dayNumber(text);
          if (day === undefined)
            throw new MockControlError(400, 'invalid_date', `${text} is not a real YYYY-MM-DD date`);
          return day;
        };
        const [from, to] = [bound(query.from), bound(query.to)];
        const ids = query.accountId !== undefined ? [query.accountId] : store.snapshots.accountIds().sort();
        return ids.flatMap((id) => store.snapshots.range(id, from, to));
      }),
    carryForward: (date) => act(() => carryForward(store, date)),
    createToken: (input) => act(() => issueToken(store, input)),
    revokeToken: (tokenId) => act(async () => info(await revokeToken(store, tokenId))),
    expireToken: (tokenId) => act(async () => info(await expireToken(store, tokenId))),
    listTokens: () => act(() => store.tokens.all().map(info)),
    createWebhook: (input) => act(() => createWebhook(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    listWebhooks: () => act(() => store.webhooks.all()),
    deactivateWebhook: (webhookId) => act(() => deactivateWebhook(store, webhookId)),
    events: {
      list: () => structuredClone(store.events),
      clear: () => {
        store.events.length = 0;
      },
    },
    clock: store.clock,
    journal: {
      entries: () => journal.entries(),
      find: (filter) => journal.find(compileJournalFilter(filter)),
      count: (filter) => journal.count(compileJournalFilter(filter)),
      internalErrors: () => journal.internalErrors(),
      explain: ({ last = 10 } = {}) => explainEntries(last > 0 ? journal.entries().slice(-last) : []),
      clear: () => journal.clear(),
    },
    faults: {
      inject: (spec) => faults.inject(spec),
      remove: (faultId) => faults.remove(faultId),
      clear: () => faults.clear(),
      list: () => faults.list(),
    },
    loadScenario: async (scenario) => {
      const checked = resolveScenario(scenario);
      await checkScenarioLoads(checked);
      await load(checked, checked.now);
    },
    reset: async () => {
      journal.clear();
      faults.clear();
      store.clock.set(initial.now ?? Date.now(), { frozen: initial.now !== undefined });
      await load(initial.scenario, undefined);
    },
    checkpoint: (name) => act(() => checkpoints.take(name, store)),
    restore: (name) =>
      act(() => {
        const info = checkpoints.restore(name, store); // an unknown name changes nothing
        journal.clear();
        faults.clear();
        return info;
      }),
    listCheckpoints: () => checkpoints.list(),
    deleteCheckpoint: (name) => checkpoints.delete(name),
    dump: () =>
      act(() => ({
        now: store.nowIso(),
        households: store.households.all(),
        users: store.users.all(),
        categories: store.categories.all(),
        accounts: store.accounts.all(),
        tokens: store.tokens.all().map(info),
        webhooks: store.webhooks.all(),
        snapshots: store.snapshots
          .accountIds()
          .sort()
          .flatMap((id) => store.snapshots.range(id)),
        events: structuredClone(store.events),
      })),
  };
}
