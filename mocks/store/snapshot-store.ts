import type { components } from '../../src/generated/openapi';
import { formatDay } from './dates';
import type { SnapshotRowData, StoreChange } from './store-changes';

/** One snapshot as the API shows it. */
export interface SnapshotView {
  id: string;
  account_id: string;
  snapshot_date: string;
  balance: number;
  is_estimated: boolean;
}

/** What a write did to the (account_id, snapshot_date) pair (openapi.json's `UpsertAction`). */
export type UpsertAction = components['schemas']['UpsertAction'];

// Kept small on purpose (a million of these must fit in well under 300 MB): the id is a sequence
// number, the date a day number, and the account id a reference to one shared string. Changed in place, unless a
// checkpoint may hold it (see Series.rowsShared).
interface Row {
  readonly seq: number;
  readonly accountId: string;
  day: number;
  balance: number;
  estimated: boolean;
}

interface Series {
  days: number[]; // sorted ascending; binary-searched for points and ranges
  rows: Row[]; // in the order of `days`, so a range is read straight off the array
  /** A checkpoint holds it too: the store copies its two arrays before its first change, and changes the copy. */
  shared: boolean;
  /**
   * A checkpoint may hold its rows (it is the copy of a shared series): a row is then changed by putting a changed
   * copy in its place, never in place. Set for good, on copies only: a fake without checkpoints never pays for it.
   */
  rowsShared: boolean;
}

const ID_PREFIX = 'snp_';
/** A snapshot id in the fake's form: `snp_` and the sequence number in base 36 (no leading zero). */
export const SNAPSHOT_ID_FORM = /^snp_[1-9a-z][0-9a-z]*$/;

/**
 * Every snapshot at one moment, for a checkpoint (SnapshotStore.image). It shares the store's series and rows, marked
 * shared, so no row is copied when it is taken or restored: the store copies an account's two arrays before it first
 * changes them, and a row before it changes it (copy on write), so an image is never changed.
 */
export interface SnapshotImage {
  readonly series: ReadonlyMap<string, Readonly<Series>>;
  readonly bySeq: ReadonlyArray<Row | undefined>;
  readonly count: number;
}

/**
 * Snapshots indexed by account and date, unique per (account_id, snapshot_date).
 * @msw/data scans every record per query; this keeps, per account, the dates sorted (with the
 * rows in the same order) plus an id index: a point lookup or an upsert is a Map lookup and a
 * binary search, and a range query is a binary search then a walk along the array.
 */
export class SnapshotStore {
  #series = new Map<string, Series>();
  // Row by sequence number (ids are `snp_` + seq in base 36, dense from 1): an array, since a
  // Map of a million entries cost about three times as much to fill.
  #bySeq: Array<Row | undefined> = [undefined];
  #count = 0;
  /** Told of every insert, change and delete (LedgerStore passes them to its ChangeSink). */
  onChange: ((change: StoreChange) => void) | undefined;

  /** How many snapshots are stored. */
  get size(): number {
    return this.#count;
  }

  /** The snapshot with this id, if any. */
  get(id: string): SnapshotView | undefined {
    const row = this.#row(id);
    return row && view(row);
  }

  /** The snapshot of an account on a day, if any. */
  find(accountId: string, day: number): SnapshotView | undefined {
    const row = this.#rowOn(accountId, day);
    return row && view(row);
  }

  /** The latest snapshot of an account strictly before a day, if any. */
  latestBefore(accountId: string, day: number): SnapshotView | undefined {
    const series = this.#series.get(accountId);
    if (!series) return undefined;
    const index = lowerBound(series.days, day) - 1;
    return index >= 0 ? view(series.rows[index]!) : undefined;
  }

  /** Writes a balance for (account, day): inserts, or replaces the balance and estimated mark. */
  upsert(
    accountId: string,
    day: number,
    balance: number,
    estimated: boolean,
  ): { snapshot: SnapshotView; action: UpsertAction } {
    const series = this.#writable(accountId) ?? this.#newSeries(accountId);
    const existing = this.#rowOn(accountId, day);
    if (existing) {
      const row = this.#set(series, existing, day, balance, estimated);
      this.#changed(row);
      return { snapshot: view(row), action: 'updated' };
    }
    const row: Row = { seq: this.#bySeq.length, accountId, day, balance, estimated };
    insertSorted(series, row);
    this.#bySeq.push(row);
    this.#count++;
    this.#changed(row);
    return { snapshot: view(row), action: 'inserted' };
  }

  /** Changes the balance and/or day of a snapshot. The caller checks that the new day is free. */
  update(id: string, change: { day?: number; balance?: number; estimated: boolean }): SnapshotView | undefined {
    const current = this.#row(id);
    if (!current) return undefined;
    const day = change.day ?? current.day;
    if (day !== current.day && this.#rowOn(current.accountId, day)) throw new Error(`day ${day} is taken`);
    const row = this.#set(
      this.#writable(current.accountId)!,
      current,
      day,
      change.balance ?? current.balance,
      change.estimated,
    );
    this.#changed(row);
    return view(row);
  }

  /** Removes a snapshot; true if it existed. */
  delete(id: string): boolean {
    const row = this.#row(id);
    if (!row) return false;
    const series = this.#writable(row.accountId)!;
    removeSorted(series, row.day);
    if (series.days.length === 0) this.#series.delete(row.accountId);
    this.#bySeq[row.seq] = undefined;
    this.#count--;
    this.onChange?.({ kind: 'snapshot_deleted', seq: row.seq });
    return true;
  }

  /** Snapshots of one account with `from <= day <= to` (either bound optional), by date. */
  range(accountId: string, from?: number, to?: number): SnapshotView[] {
    const series = this.#series.get(accountId);
    if (!series) return [];
    const out: SnapshotView[] = [];
    const { days, rows } = series;
    for (let i = from === undefined ? 0 : lowerBound(days, from); i < days.length; i++) {
      if (to !== undefined && days[i]! > to) break;
      out.push(view(rows[i]!));
    }
    return out;
  }

  /** How many snapshots one account has. */
  countFor(accountId: string): number {
    return this.#series.get(accountId)?.days.length ?? 0;
  }

  /** The ids of accounts that have at least one snapshot. */
  accountIds(): string[] {
    return [...this.#series.keys()];
  }

  /** Removes every snapshot and restarts ids. */
  clear(): void {
    this.#series = new Map(); // not clear(): an image may hold the old map's series
    this.#bySeq = [undefined];
    this.#count = 0;
  }

  /**
   * Every snapshot as it is now, for a checkpoint: the series are shared, not copied (see SnapshotImage), so it costs
   * a list of references, and later writes copy what they change.
   */
  image(): SnapshotImage {
    for (const series of this.#series.values()) series.shared = true;
    return { series: new Map(this.#series), bySeq: this.#bySeq.slice(), count: this.#count };
  }

  /** Replaces every snapshot with those of an image, shared again (so the image serves any number of restores). Tells no one. */
  restoreImage(image: SnapshotImage): void {
    this.#series = new Map(image.series as ReadonlyMap<string, Series>);
    this.#bySeq = image.bySeq.slice() as Array<Row | undefined>;
    this.#count = image.count;
  }

  /** The sequence number the next new snapshot gets (ids of deleted snapshots are never reissued). */
  get nextSeq(): number {
    return this.#bySeq.length;
  }

  /** The id of the snapshot with this sequence number. */
  idOf(seq: number): string {
    return ID_PREFIX + seq.toString(36);
  }

  /** The sequence number an id in the fake's form (`snp_` and base 36) stands for; undefined for any other string. */
  seqOf(id: string): number | undefined {
    return SNAPSHOT_ID_FORM.test(id) ? parseInt(id.slice(ID_PREFIX.length), 36) : undefined;
  }

  /**
   * Puts a row back at its sequence number (restoring a persisted store), replacing the row with that
   * seq if there is one. Tells no one. Throws when another row already holds (account, day).
   */
  restore(data: SnapshotRowData): void {
    const { seq, accountId, day, balance, estimated } = data;
    if (!Number.isInteger(seq) || seq < 1 || seq > 2 ** 31)
      throw new RangeError(`not a snapshot sequence number: ${seq}`);
    const taken = this.#rowOn(accountId, day);
    const current = this.#bySeq[seq];
    if (taken && taken !== current)
      throw new RangeError(`snapshot ${this.idOf(seq)}: ${formatDay(day)} is already held by ${this.idOf(taken.seq)}`);
    if (current) {
      if (current.accountId !== accountId)
        throw new RangeError(`snapshot ${this.idOf(seq)} cannot move to another account`);
      this.#set(this.#writable(accountId)!, current, day, balance, estimated);
      return;
    }
    const series = this.#writable(accountId) ?? this.#newSeries(accountId);
    // Rows of one account share the first row's account id string (a million rows, one string per account).
    const row: Row = { seq, accountId: series.rows[0]?.accountId ?? accountId, day, balance, estimated };
    insertSorted(series, row);
    this.reserveSeq(seq + 1);
    this.#bySeq[seq] = row;
    this.#count++;
  }

  /** Makes sure new snapshots get sequence numbers from `next` on (a restored store's ids continue). */
  reserveSeq(next: number): void {
    while (this.#bySeq.length < next) this.#bySeq.push(undefined);
  }

  /** Every row, account by account (in first-insert order), each account's by date. */
  *rows(): IterableIterator<SnapshotRowData> {
    for (const series of this.#series.values()) {
      for (const { seq, accountId, day, balance, estimated } of series.rows)
        yield { seq, accountId, day, balance, estimated };
    }
  }

  #changed(row: Row): void {
    if (this.onChange) {
      const { seq, accountId, day, balance, estimated } = row;
      this.onChange({ kind: 'snapshot', seq, accountId, day, balance, estimated });
    }
  }

  /** The account's series, ready to change: its arrays copied first if a checkpoint shares them (its rows stay shared). */
  #writable(accountId: string): Series | undefined {
    const series = this.#series.get(accountId);
    if (!series?.shared) return series;
    const copy: Series = { days: series.days.slice(), rows: series.rows.slice(), shared: false, rowsShared: true };
    this.#series.set(accountId, copy);
    return copy;
  }

  #newSeries(accountId: string): Series {
    const series: Series = { days: [], rows: [], shared: false, rowsShared: false };
    this.#series.set(accountId, series);
    return series;
  }

  /**
   * Gives a row of a writable series a day, balance and estimated mark, and returns it: the row itself, or (when a
   * checkpoint may hold it) a changed copy put in its place in the series and the id index.
   */
  #set(series: Series, row: Row, day: number, balance: number, estimated: boolean): Row {
    let target = row;
    if (series.rowsShared) {
      target = { seq: row.seq, accountId: row.accountId, day: row.day, balance, estimated };
      if (day === row.day) series.rows[lowerBound(series.days, day)] = target;
      this.#bySeq[row.seq] = target;
    }
    if (day !== row.day) {
      removeSorted(series, row.day);
      target.day = day;
      insertSorted(series, target);
    }
    target.balance = balance;
    target.estimated = estimated;
    return target;
  }

  #rowOn(accountId: string, day: number): Row | undefined {
    const series = this.#series.get(accountId);
    if (!series) return undefined;
    const { days } = series;
    // Appends and updates of the latest date are the common case: check the end first.
    const index = days[days.length - 1] === day ? days.length - 1 : lowerBound(days, day);
    return days[index] === day ? series.rows[index] : undefined;
  }

  #row(id: string): Row | undefined {
    const seq = this.seqOf(id);
    return seq === undefined ? undefined : this.#bySeq[seq];
  }
}

function view(row: Row): SnapshotView {
  return {
    id: ID_PREFIX + row.seq.toString(36),
    account_id: row.accountId,
    snapshot_date: formatDay(row.day),
    balance: row.balance,
    is_estimated: row.estimated,
  };
}

/** Index of the first element >= value. */
function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(series: Series, row: Row): void {
  const { days, rows } = series;
  // Balances usually arrive in date order: appending is the common case.
  if (days.length === 0 || days[days.length - 1]! < row.day) {
    days.push(row.day);
    rows.push(row);
  } else {
    const index = lowerBound(days, row.day);
    days.splice(index, 0, row.day);
    rows.splice(index, 0, row);
  }
}

function removeSorted(series: Series, day: number): void {
  const index = lowerBound(series.days, day);
  if (series.days[index] === day) {
    series.days.splice(index, 1);
    series.rows.splice(index, 1);
  }
}
