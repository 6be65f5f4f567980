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

/** What a write did to the (account_id, snapshot_date) pair. */
export type UpsertAction = 'inserted' | 'updated';

// Kept small on purpose (a million of these must fit in well under 300 MB): the id is a sequence
// number, the date a day number, and the account id a reference to one shared string.
interface Row {
  seq: number;
  accountId: string;
  day: number;
  balance: number;
  estimated: boolean;
}

interface Series {
  days: number[]; // sorted ascending; binary-searched for points and ranges
  rows: Row[]; // in the order of `days`, so a range is read straight off the array
}

const ID_PREFIX = 'snp_';

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
  upsert(accountId: string, day: number, balance: number, estimated: boolean): { snapshot: SnapshotView; action: UpsertAction } {
    let series = this.#series.get(accountId);
    if (!series) {
      series = { days: [], rows: [] };
      this.#series.set(accountId, series);
    }
    const existing = this.#rowOn(accountId, day);
    if (existing) {
      existing.balance = balance;
      existing.estimated = estimated;
      this.#changed(existing);
      return { snapshot: view(existing), action: 'updated' };
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
    const row = this.#row(id);
    if (!row) return undefined;
    if (change.day !== undefined && change.day !== row.day) {
      const series = this.#series.get(row.accountId)!;
      if (this.#rowOn(row.accountId, change.day)) throw new Error(`day ${change.day} is taken`);
      removeSorted(series, row.day);
      row.day = change.day;
      insertSorted(series, row);
    }
    if (change.balance !== undefined) row.balance = change.balance;
    row.estimated = change.estimated;
    this.#changed(row);
    return view(row);
  }

  /** Removes a snapshot; true if it existed. */
  delete(id: string): boolean {
    const row = this.#row(id);
    if (!row) return false;
    const series = this.#series.get(row.accountId)!;
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
    this.#series.clear();
    this.#bySeq = [undefined];
    this.#count = 0;
  }

  /** The sequence number the next new snapshot gets (ids of deleted snapshots are never reissued). */
  get nextSeq(): number {
    return this.#bySeq.length;
  }

  /** The id of the snapshot with this sequence number. */
  idOf(seq: number): string {
    return ID_PREFIX + seq.toString(36);
  }

  /**
   * Puts a row back at its sequence number (restoring a persisted store), replacing the row with that
   * seq if there is one. Tells no one. Throws when another row already holds (account, day).
   */
  restore(data: SnapshotRowData): void {
    const { seq, accountId, day, balance, estimated } = data;
    if (!Number.isInteger(seq) || seq < 1 || seq > 2 ** 31) throw new RangeError(`not a snapshot sequence number: ${seq}`);
    const taken = this.#rowOn(accountId, day);
    const current = this.#bySeq[seq];
    if (taken && taken !== current) throw new RangeError(`snapshot ${this.idOf(seq)}: ${formatDay(day)} is already held by ${this.idOf(taken.seq)}`);
    if (current) {
      if (current.accountId !== accountId) throw new RangeError(`snapshot ${this.idOf(seq)} cannot move to another account`);
      if (current.day !== day) {
        removeSorted(this.#series.get(accountId)!, current.day);
        current.day = day;
        insertSorted(this.#series.get(accountId)!, current);
      }
      current.balance = balance;
      current.estimated = estimated;
      return;
    }
    let series = this.#series.get(accountId);
    if (!series) {
      series = { days: [], rows: [] };
      this.#series.set(accountId, series);
    }
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
      for (const { seq, accountId, day, balance, estimated } of series.rows) yield { seq, accountId, day, balance, estimated };
    }
  }

  #changed(row: Row): void {
    if (this.onChange) {
      const { seq, accountId, day, balance, estimated } = row;
      this.onChange({ kind: 'snapshot', seq, accountId, day, balance, estimated });
    }
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
    if (!id.startsWith(ID_PREFIX)) return undefined;
    const text = id.slice(ID_PREFIX.length);
    if (!/^[1-9a-z][0-9a-z]*$/.test(text)) return undefined;
    return this.#bySeq[parseInt(text, 36)];
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
