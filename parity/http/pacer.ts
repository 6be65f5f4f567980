// Pacing and the request budget of one side.

/** Spaces request starts at least 1/rate seconds apart. */
export class Pacer {
  readonly #gapMs: number;
  #next = 0;

  /** @param perSecond at most this many request starts a second; Infinity: no pacing */
  constructor(perSecond: number) {
    this.#gapMs = Number.isFinite(perSecond) ? 1000 / perSecond : 0;
  }

  /** Resolves when the next request may start. */
  async wait(): Promise<void> {
    if (this.#gapMs === 0) return;
    const now = Date.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

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
