import { DayTable } from './day-table';
import type { BulkDuplicate } from './types';

/**
 * Finds rows of a run that share (account_id, snapshot_date) with a later row. Memory per row read: one slot
 * per distinct key in a typed-array table per account (day numbers, so no string is built per row; about
 * 16-32 bytes) and one float64 for the balance (to describe a superseded row without keeping it).
 */
export class DuplicateTracker {
  readonly #lastByAccount = new Map<string, DayTable>();
  #balances = new Float64Array(1024);
  readonly #found: BulkDuplicate[] = [];

  /** True once a row of this account id was noted (so the id was already checked). */
  knows(accountId: string): boolean {
    return this.#lastByAccount.has(accountId);
  }

  /** Notes a good row; returns the input position of the previous row with the same key, or -1. */
  note(index: number, accountId: string, snapshotDate: string, day: number, balance: number): number {
    let byDay = this.#lastByAccount.get(accountId);
    if (byDay === undefined) {
      byDay = new DayTable();
      this.#lastByAccount.set(accountId, byDay);
    }
    const previous = byDay.swap(day, index);
    if (index >= this.#balances.length) {
      const grown = new Float64Array(Math.max(index + 1, this.#balances.length * 2));
      grown.set(this.#balances);
      this.#balances = grown;
    }
    this.#balances[index] = balance;
    if (previous < 0) return -1;
    const row = { account_id: accountId, snapshot_date: snapshotDate, balance: this.#balances[previous]! };
    this.#found.push({ index: previous, row, superseded_by: index });
    return previous;
  }

  /**
   * The duplicates to report, sorted by index. A row the service skipped supersedes nothing (the next written
   * row with the key does), and a skipped or unconfirmed row is not reported as superseded.
   */
  report(skipped: ReadonlySet<number>, unconfirmed: ReadonlySet<number>): BulkDuplicate[] {
    const next = new Map<number, number>();
    for (const found of this.#found) next.set(found.index, found.superseded_by);
    const out: BulkDuplicate[] = [];
    for (const found of this.#found) {
      if (skipped.has(found.index) || unconfirmed.has(found.index)) continue;
      let by: number | undefined = found.superseded_by;
      while (by !== undefined && skipped.has(by)) by = next.get(by);
      if (by === undefined || unconfirmed.has(by)) continue;
      out.push(by === found.superseded_by ? found : { ...found, superseded_by: by });
    }
    return out.sort((a, b) => a.index - b.index);
  }
}
