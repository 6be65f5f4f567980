import type { RetryBudgetOptions } from './retry-options';

/**
 * A token bucket shared by all requests of one client. Each retry takes `retryCost`; each request that
 * succeeds on its first attempt gives back `successRefund`. When the bucket runs dry the client stops
 * retrying (failures are returned at once) until enough requests succeed: with the defaults (10, 1, 0.1)
 * a burst of up to 10 retries is allowed, then about one retry per 10 successful requests.
 */
export class RetryBudget {
  #tokens: number;
  readonly #options: Required<RetryBudgetOptions>;

  constructor(options: Required<RetryBudgetOptions>) {
    this.#options = options;
    this.#tokens = options.capacity;
  }

  /** Takes the cost of one retry; false (and nothing taken) when the bucket holds too little. */
  tryTake(): boolean {
    if (this.#tokens < this.#options.retryCost) return false;
    this.#tokens -= this.#options.retryCost;
    return true;
  }

  /** Gives back the refund of a request that succeeded on its first attempt. */
  refund(): void {
    this.#tokens = Math.min(this.#options.capacity, this.#tokens + this.#options.successRefund);
  }

  /** Tokens left (for tests and logging). */
  get tokens(): number {
    return this.#tokens;
  }
}
