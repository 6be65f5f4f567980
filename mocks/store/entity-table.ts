import { Collection, type Query } from '@msw/data';
import { MockControlError } from '../errors';

/**
 * One kind of entity in an @msw/data Collection, behind plain methods. Reads return copies, so a
 * rule can never change the store by accident; writes go through the collection's schema.
 * Queries are linear scans: fine for the few entities a test holds (snapshots live elsewhere).
 * Lookups by id, which every request makes, go through a plain index kept beside the collection.
 */
export class EntityTable<T extends { id: string }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly collection: Collection<any>;
  /** id -> the record as last written (never handed out: reads copy it). */
  readonly #byId = new Map<string, T>();

  /** @param schema a Standard Schema (zod) describing one record */
  constructor(schema: object) {
    this.collection = new Collection({ schema: schema as never });
  }

  /** The record with this id, if any. */
  get(id: string): T | undefined {
    const record = this.#byId.get(id);
    return record && copy(record);
  }

  /** Every record, in insertion order. */
  all(): T[] {
    return this.collection.findMany().map((record) => copy(record as unknown as T));
  }

  /** The records for which `predicate` is true, in insertion order. */
  where(predicate: (record: T) => boolean): T[] {
    return this.collection
      .findMany((q) => q.where((record: unknown) => predicate(record as T)))
      .map((record) => copy(record as unknown as T));
  }

  /** How many records there are. */
  count(): number {
    return this.collection.count();
  }

  /** Adds a record; the id must be new. */
  async insert(record: T): Promise<T> {
    if (this.#byId.has(record.id)) throw new MockControlError(409, 'duplicate_id', `The id ${record.id} is taken`);
    const created = copy((await this.collection.create(record as never)) as unknown as T);
    this.#byId.set(created.id, created);
    return copy(created);
  }

  /** Changes some fields of the record with this id and returns the new record. */
  async update(id: string, change: Partial<Omit<T, 'id'>>): Promise<T> {
    const updated = await this.collection.update((q: Query<never>) => q.where({ id } as never), {
      data(draft: Record<string, unknown>) {
        for (const [key, value] of Object.entries(change)) if (value !== undefined) draft[key] = value;
      },
      strict: true,
    });
    const record = copy(updated as unknown as T);
    this.#byId.set(record.id, record);
    return copy(record);
  }

  /** Removes every record. */
  clear(): void {
    this.collection.deleteMany((q) => q.where(() => true));
    this.#byId.clear();
  }
}

function copy<T>(record: T): T {
  return structuredClone({ ...record }); // spread drops the collection's internal symbol keys
}
