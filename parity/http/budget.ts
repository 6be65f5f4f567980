// The request budget of one side: probes may use it up to what is kept for undoing writes and the final read.

/** Thrown when the budget has no room for a request of that purpose. */
export class BudgetSpent extends Error {
  override readonly name = 'BudgetSpent';
}

/**
 * Counts requests against a budget. Probes may use it up to `budget - reserve`; the reserve is kept for undoing
 * writes and the final read, which may use it all.
 */
export class Budget {
  #used = 0;
  #reserve = 0;

  constructor(readonly total: number) {}

  /** Requests counted so far. */
  get used(): number {
    return this.#used;
  }

  /** Keeps `requests` of the budget for cleanup and the final read. */
  keep(requests: number): void {
    this.#reserve = requests;
  }

  /** Counts one request, or throws BudgetSpent. */
  take(purpose: 'probe' | 'upkeep'): void {
    const limit = purpose === 'probe' ? this.total - this.#reserve : this.total;
    if (this.#used >= limit) {
      throw new BudgetSpent(
        purpose === 'probe'
          ? `the request budget (${this.total}, of which ${this.#reserve} kept for cleanup and the final read) is spent`
          : `the request budget (${this.total}) is spent`,
      );
    }
    this.#used += 1;
  }
}
