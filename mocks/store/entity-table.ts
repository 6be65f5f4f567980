import { MockControlError } from '../errors';

/** A Standard Schema (zod 4 is one): checks a value and returns it, or lists what is wrong. */
export interface RecordSchema {
  readonly '~standard': {
    validate(value: unknown): StandardResult | Promise<StandardResult>;
  };
}
type StandardResult = { value: unknown; issues?: undefined } | { issues: ReadonlyArray<{ message: string }> };

/**
 * One kind of entity, behind plain methods. Reads return copies, so a rule can never change the store by
 * accident; every write is checked against the record's schema first. A Map keeps insertion order, and an
 * update keeps its record's place; `where` is a linear scan, fine for the few entities a test holds
 * (snapshots live elsewhere). Plain code over a Map: @msw/data's collections, used before, scanned and
 * copied on every query and called crypto.randomUUID(), which insecure origins lack.
 */
export class EntityTable<T extends { id: string }> {
  /** id -> the record as stored (never handed out: reads copy it). */
  readonly #byId = new Map<string, T>();
  readonly #schema: RecordSchema;

  /**
   * @param schema a Standard Schema (zod) describing one record
   * @param onChange told of every record inserted or changed, with the record as stored (frozen, never mutated later)
   */
  constructor(
    schema: RecordSchema,
    private readonly onChange?: (record: T) => void,
  ) {
    this.#schema = schema;
  }

  /**
   * The stored record itself, frozen, without a copy: for rules that only read (the hot path of every request).
   * Changing it throws; write through `update`.
   */
  peek(id: string): Readonly<T> | undefined {
    return this.#byId.get(id);
  }

  /** The stored records for which `predicate` is true, frozen, without copies (see `peek`), in insertion order. */
  filter(predicate: (record: Readonly<T>) => boolean): Array<Readonly<T>> {
    const out: Array<Readonly<T>> = [];
    for (const record of this.#byId.values()) if (predicate(record)) out.push(record);
    return out;
  }

  /** The record with this id, if any (a copy: yours to change). */
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
    const created = await this.#checked(record);
    this.#byId.set(created.id, created);
    this.onChange?.(created);
    return copy(created);
  }

  /** Changes some fields of the record with this id and returns the new record. */
  async update(id: string, change: Partial<Omit<T, 'id'>>): Promise<T> {
    const current = this.#byId.get(id);
    if (!current) throw new Error(`No record with the id ${id} to update`);
    const next: Record<string, unknown> = { ...current };
    for (const [key, value] of Object.entries(change)) if (value !== undefined) next[key] = value;
    const updated = await this.#checked(next as T);
    this.#byId.set(id, updated);
    this.onChange?.(updated);
    return copy(updated);
  }

  /** Removes every record. */
  clear(): void {
    this.#byId.clear();
  }

  /**
   * The stored records themselves, frozen, in insertion order: an image of the table that later writes never
   * change (a write stores a new frozen record), so a checkpoint keeps them without a copy.
   */
  image(): ReadonlyArray<Readonly<T>> {
    return [...this.#byId.values()];
  }

  /** Replaces every record with those of an `image()` (checked when first stored; told to no one). */
  restoreImage(records: ReadonlyArray<Readonly<T>>): void {
    this.#byId.clear();
    for (const record of records) this.#byId.set(record.id, record as T);
  }

  /** The record as its schema returns it (a new object, frozen), or a bug in the fake: a rule stored a bad record. */
  async #checked(record: T): Promise<T> {
    const result = await this.#schema['~standard'].validate(record);
    if (result.issues) {
      throw new Error(`A record does not match its schema: ${result.issues.map((issue) => issue.message).join('; ')}`);
    }
    const value = result.value as Record<string, unknown>;
    for (const key in value) if (Array.isArray(value[key])) Object.freeze(value[key]);
    return Object.freeze(value) as T;
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
