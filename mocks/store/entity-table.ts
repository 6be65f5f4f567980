import { Collection, type Query } from '@msw/data';
import { MockControlError } from '../errors';

/**
 * One kind of entity in an @msw/data Collection, behind plain methods. Reads return copies, so a
 * rule can never change the store by accident; writes go through the collection's schema.
 * Reads go through a plain index kept beside the collection (the collection's own queries scan and
 * copy on every call, and every request reads several records); `where` is a linear scan, fine for
 * the few entities a test holds (snapshots live elsewhere). A Map keeps insertion order, as the
 * collection does, and an update keeps its record's place.
 */
export class EntityTable<T extends { id: string }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly collection: Collection<any>;
  /** id -> the record as the collection last returned it (never handed out: reads copy it). */
  readonly #byId = new Map<string, T>();

  /**
   * @param schema a Standard Schema (zod) describing one record
   * @param onChange told of every record inserted or changed, with the record as stored (never mutated later)
   */
  constructor(
    schema: object,
    private readonly onChange?: (record: T) => void,
  ) {
    this.collection = new Collection({ schema: schema as never });
  }

  /** The record with this id, if any. */
  get(id: string): T | undefined {
    const record = this.#byId.get(id);
    return record && copy(record);
  }

  /** Every record, in insertion order. */
  all(): T[] {
    return Array.from(this.#byId.values(), copy);
  }

  /** The records for which `predicate` is true, in insertion order. */
  where(predicate: (record: T) => boolean): T[] {
    const out: T[] = [];
    for (const record of this.#byId.values()) if (predicate(record)) out.push(copy(record));
    return out;
  }

  /** How many records there are. */
  count(): number {
    return this.#byId.size;
  }

  /** Adds a record; the id must be new. */
  async insert(record: T): Promise<T> {
    if (this.#byId.has(record.id)) throw new MockControlError(409, 'duplicate_id', `The id ${record.id} is taken`);
    const created = copy((await this.collection.create(record as never)) as unknown as T);
    this.#byId.set(created.id, created);
    this.onChange?.(created);
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
    this.onChange?.(record);
    return copy(record);
  }

  /** Removes every record. */
  clear(): void {
    this.collection.deleteMany((q) => q.where(() => true));
    this.#byId.clear();
  }
}

// Records hold strings, numbers, booleans, null and arrays of strings: copying string keys and
// arrays is a deep copy (and drops the collection's symbol keys) at a fraction of structuredClone's cost.
function copy<T>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record as object)) {
    const value = (record as Record<string, unknown>)[key];
    out[key] = value === null || typeof value !== 'object' ? value : structuredCopy(value);
  }
  return out as T;
}

function structuredCopy(value: object): unknown {
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.slice();
  return structuredClone(value);
}
