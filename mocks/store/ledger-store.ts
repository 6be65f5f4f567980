import type { components } from '../../src/generated/openapi';
import { createClock, type Clock } from './clock';
import { EntityTable } from './entity-table';
import { createRandomSource, type RandomSource } from './random';
import type { AccountRecord, CategoryRecord, HouseholdRecord, TokenRecord, UserRecord, WebhookRecord } from './records';
import { accountSchema, categorySchema, householdSchema, tokenSchema, userSchema, webhookSchema } from './schemas';
import { SnapshotStore, type SnapshotImage } from './snapshot-store';
import {
  ENTITY_TABLES,
  type ChangeSink,
  type EntityRecords,
  type EntityTableName,
  type StoreChange,
} from './store-changes';

/** The snapshot.upserted event as delivered (spec-gaps 25). */
export type SnapshotUpsertedEvent = components['schemas']['SnapshotUpsertedEvent'];

/** What became of one delivery attempt of an event to one subscription. */
export interface DeliveryOutcome {
  subscription_id: string;
  url: string;
  /** `recorded`: kept in the journal, no network (the default deliverer); `pending`: still running. */
  outcome: 'pending' | 'recorded' | 'delivered' | 'failed';
  status?: number;
  error?: string;
}

/** One emitted event with its per-subscription outcomes. */
export interface EventLogEntry {
  event: SnapshotUpsertedEvent;
  deliveries: DeliveryOutcome[];
}

const RESOLVED: Promise<void> = Promise.resolve();

/** The state of a store at one moment, but its events: what a checkpoint keeps. Later writes never change it. */
export interface StoreImage {
  readonly tables: { readonly [K in EntityTableName]: ReadonlyArray<Readonly<EntityRecords[K]>> };
  readonly snapshots: SnapshotImage;
  /** The seeded random source's position (`undefined` without a seed). */
  readonly random: readonly number[] | undefined;
}

/**
 * All state of one fake: entities in tables checked by their schemas, snapshots in an indexed store, the
 * events emitted, the clock and the source of ids. Rules are plain functions over this object;
 * nothing here knows about HTTP or MSW.
 *
 * Every mutation of the tables and snapshots is also handed to the change sink, when one is attached
 * (`ledger-mock --state`): this is the one place changes are captured.
 */
export class LedgerStore {
  #sink: ChangeSink | undefined;
  readonly households = new EntityTable<HouseholdRecord>(householdSchema, this.#recorder('households'));
  readonly users = new EntityTable<UserRecord>(userSchema, this.#recorder('users'));
  readonly categories = new EntityTable<CategoryRecord>(categorySchema, this.#recorder('categories'));
  readonly accounts = new EntityTable<AccountRecord>(accountSchema, this.#recorder('accounts'));
  readonly tokens = new EntityTable<TokenRecord>(tokenSchema, this.#recorder('tokens'));
  readonly webhooks = new EntityTable<WebhookRecord>(webhookSchema, this.#recorder('webhooks'));
  readonly snapshots = new SnapshotStore();
  /** Every snapshot.upserted event emitted, oldest first. */
  readonly events: EventLogEntry[] = [];
  readonly clock: Clock;
  #random: RandomSource;
  #seed: string | number | undefined;
  #tail: Promise<unknown> = Promise.resolve();
  #running = 0;
  #lastIso = { ms: Number.NaN, text: '' };

  constructor(options: { seed?: string | number; now?: string | Date | number } = {}) {
    this.#seed = options.seed;
    this.#random = createRandomSource(options.seed);
    this.clock = createClock(options.now);
  }

  /** The source of ids and token values (seeded when the mock has a seed). */
  get random(): RandomSource {
    return this.#random;
  }

  /** The clock's time as an ISO 8601 string. */
  nowIso(): string {
    return this.isoString(this.clock.now());
  }

  /**
   * `date.toISOString()`, remembering the last one made: every request asks for the current time once or
   * twice, and with a frozen clock (or within one millisecond) it is the same string each time.
   */
  isoString(date: Date): string {
    const ms = date.getTime();
    if (ms !== this.#lastIso.ms) this.#lastIso = { ms, text: date.toISOString() };
    return this.#lastIso.text;
  }

  /** A new UUID from the store's random source. */
  newId(): string {
    return this.#random.uuid();
  }

  /**
   * Runs `task` after every task queued before it has finished. Each request's rules run inside
   * one task, so checks and the writes they guard are never interleaved with another request.
   * With a change sink, the changes of one task are sealed as one unit when it ends.
   */
  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.#tail.then(this.#sink ? () => this.#sealed(task) : task);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Settles once every change made so far is durable: at once without a change sink. Answers wait for it,
   * so nothing is acknowledged that a crash could lose.
   */
  durable(): Promise<void> {
    if (!this.#sink) return RESOLVED;
    if (this.#running === 0) this.#sink.seal(); // changes made outside any task (direct store use)
    return this.#sink.durable();
  }

  /** Sends every later change to `sink` (one at a time: a new sink replaces the old). */
  attachChangeSink(sink: ChangeSink | undefined): void {
    this.#sink = sink;
    this.snapshots.onChange = sink ? (change) => sink.record(change) : undefined;
  }

  /** The seeded random source's position (persisted, so a restart does not issue the same ids again). */
  randomState(): number[] | undefined {
    return this.#random.state();
  }

  /** Continues the seeded random source from a persisted position (no effect without a seed). */
  restoreRandomState(state: readonly number[]): void {
    if (this.#seed !== undefined) this.#random = createRandomSource(this.#seed, state);
  }

  /** The seed of the random source, if any. */
  get seed(): string | number | undefined {
    return this.#seed;
  }

  /** Empties every table and the event log, and restarts ids from the seed. */
  clear(): void {
    for (const table of [this.households, this.users, this.categories, this.accounts, this.tokens, this.webhooks]) {
      table.clear();
    }
    this.snapshots.clear();
    this.events.length = 0;
    this.#random = createRandomSource(this.#seed);
    this.#sink?.record({ kind: 'cleared' });
  }

  /**
   * The state as it is now, but the events: entity records are shared (they are frozen, and a write stores a new
   * one), snapshots copied. Take it inside `exclusive` so that no request is half applied.
   */
  image(): StoreImage {
    const tables = Object.fromEntries(
      ENTITY_TABLES.map((table) => [table, this[table].image()]),
    ) as unknown as StoreImage['tables'];
    return { tables, snapshots: this.snapshots.image(), random: this.#random.state() };
  }

  /**
   * Replaces the state with an image and empties the event log. Recorded as a clear (a change sink, such as a state
   * file, then writes the whole store anew); the records themselves are put back unchecked and told to no one.
   */
  restoreImage(image: StoreImage): void {
    this.clear();
    for (const table of ENTITY_TABLES) this.#restoreTable(table, image);
    this.snapshots.restoreImage(image.snapshots);
    if (image.random) this.restoreRandomState(image.random);
  }

  #restoreTable<K extends EntityTableName>(table: K, image: StoreImage): void {
    (this[table] as unknown as EntityTable<EntityRecords[K]>).restoreImage(image.tables[table]);
  }

  async #sealed<T>(task: () => T | Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await task();
    } finally {
      this.#running--;
      this.#sink?.seal();
    }
  }

  #recorder<K extends EntityTableName>(table: K): (record: EntityRecords[K]) => void {
    return (record) => this.#sink?.record({ kind: 'put', table, record } as StoreChange);
  }
}
