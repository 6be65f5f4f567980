import type { components } from '../../src/generated/openapi';
import { createClock, type Clock } from './clock';
import { EntityTable } from './entity-table';
import { createRandomSource, type RandomSource } from './random';
import type {
  AccountRecord,
  CategoryRecord,
  HouseholdRecord,
  TokenRecord,
  UserRecord,
  WebhookRecord,
} from './records';
import {
  accountSchema,
  categorySchema,
  householdSchema,
  tokenSchema,
  userSchema,
  webhookSchema,
} from './schemas';
import { SnapshotStore } from './snapshot-store';

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

/**
 * All state of one fake: entities in tables checked by their schemas, snapshots in an indexed store, the
 * events emitted, the clock and the source of ids. Rules are plain functions over this object;
 * nothing here knows about HTTP or MSW.
 */
export class LedgerStore {
  readonly households = new EntityTable<HouseholdRecord>(householdSchema);
  readonly users = new EntityTable<UserRecord>(userSchema);
  readonly categories = new EntityTable<CategoryRecord>(categorySchema);
  readonly accounts = new EntityTable<AccountRecord>(accountSchema);
  readonly tokens = new EntityTable<TokenRecord>(tokenSchema);
  readonly webhooks = new EntityTable<WebhookRecord>(webhookSchema);
  readonly snapshots = new SnapshotStore();
  /** Every snapshot.upserted event emitted, oldest first. */
  readonly events: EventLogEntry[] = [];
  readonly clock: Clock;
  #random: RandomSource;
  #seed: string | number | undefined;
  #tail: Promise<unknown> = Promise.resolve();
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
   */
  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.#tail.then(task);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Empties every table and the event log, and restarts ids from the seed. */
  clear(): void {
    for (const table of [this.households, this.users, this.categories, this.accounts, this.tokens, this.webhooks]) {
      table.clear();
    }
    this.snapshots.clear();
    this.events.length = 0;
    this.#random = createRandomSource(this.#seed);
  }
}
