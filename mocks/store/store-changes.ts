// The store's changes as plain data: what a persister records (LedgerStore hands every mutation to a
// ChangeSink) and what restoring applies again. No node: here; the file itself lives in mocks/server.
// Below LedgerStore: it imports this module, so applyChange names only what it needs of a store (ChangeTarget).
import type { AccountRecord, CategoryRecord, HouseholdRecord, TokenRecord, UserRecord, WebhookRecord } from './records';

/** The entity tables of the store, by name. */
export interface EntityRecords {
  households: HouseholdRecord;
  users: UserRecord;
  categories: CategoryRecord;
  accounts: AccountRecord;
  tokens: TokenRecord;
  webhooks: WebhookRecord;
}

/** The name of an entity table. */
export type EntityTableName = keyof EntityRecords;

/** Every entity table, in the order an image lists them. */
export const ENTITY_TABLES: readonly EntityTableName[] = [
  'households',
  'users',
  'categories',
  'accounts',
  'tokens',
  'webhooks',
];

/** One snapshot row as stored: its sequence number (the id is `snp_` + seq in base 36) and its values. */
export interface SnapshotRowData {
  seq: number;
  accountId: string;
  day: number;
  balance: number;
  estimated: boolean;
}

/** One mutation of the store. */
export type StoreChange =
  /** A record inserted or changed: the whole record as it now is (never mutated afterwards). */
  | { kind: 'put'; table: EntityTableName; record: EntityRecords[EntityTableName] }
  /** A snapshot inserted or changed: the whole row as it now is. */
  | ({ kind: 'snapshot' } & SnapshotRowData)
  | { kind: 'snapshot_deleted'; seq: number }
  /** Everything emptied (a reset or a scenario load follows). */
  | { kind: 'cleared' };

/** Where a store's changes go: a persister. */
export interface ChangeSink {
  /** Called with every mutation, synchronously and in order. */
  record(change: StoreChange): void;
  /**
   * Called at the end of each exclusive task (one request's or control call's rules): the changes recorded
   * since the last seal are one unit, kept or lost together.
   */
  seal(): void;
  /** Settles once every sealed unit is durable; rejects if it cannot be made so. */
  durable(): Promise<void>;
}

/** An entity table as restoring uses it. */
interface RestorableTable {
  get(id: string): unknown;
  insert(record: never): Promise<unknown>;
  update(id: string, change: never): Promise<unknown>;
}

/** What applying a change needs of a store: its tables, its snapshots and `clear()` (a LedgerStore has them all). */
export type ChangeTarget = { readonly [table in EntityTableName]: RestorableTable } & {
  readonly snapshots: { restore(row: SnapshotRowData): void; delete(id: string): unknown; idOf(seq: number): string };
  clear(): void;
};

/** Applies a recorded change to a store (restoring): entity puts insert or replace, rows go back to their seq. */
export async function applyChange(store: ChangeTarget, change: StoreChange): Promise<void> {
  switch (change.kind) {
    case 'put': {
      const table = store[change.table] as unknown as {
        get(id: string): unknown;
        insert(record: object): Promise<unknown>;
        update(id: string, record: object): Promise<unknown>;
      };
      const { id, ...rest } = change.record;
      await (table.get(id) === undefined ? table.insert(change.record) : table.update(id, rest));
      return;
    }
    case 'snapshot':
      store.snapshots.restore(change);
      return;
    case 'snapshot_deleted':
      store.snapshots.delete(store.snapshots.idOf(change.seq));
      return;
    case 'cleared':
      store.clear();
      return;
  }
}
