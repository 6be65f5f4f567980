// "May this request be retried, and after how long?": answered here, in one function, from the request, what its
// attempt ended with and the client's retry options (src/retry/retry-options.ts holds their defaults).
import type { NetworkError, TimeoutError } from '../errors/request-errors';
import { API_PREFIX } from '../generated/api-constants';
import { parseRetryAfter } from '../shared/retry-after';
import type { NormalizedRetryOptions, RetryBudgetOptions } from './retry-options';

/** What an attempt ended with: a response of any status, or no response at all. */
export type AttemptOutcome =
  | { result: { response: Response } }
  | {
      error: NetworkError | TimeoutError;
      /** What fetch threw (for a `NetworkError`), read to tell a request that never left. */
      cause: unknown;
    };

/** The request behind an attempt, as the decision reads it. */
export interface RetryRequest {
  /** The schema path of the call (`/api/public/v1/snapshots/bulk`), which says whether the request is idempotent. */
  route: string;
  /** What was sent: its method, and its URL (read only for `retryNonIdempotent`'s predicate). */
  sent: { readonly method: string; readonly url: string };
}

/** What a client's retries draw on: its options, its budget, and (for tests) its randomness and clock. */
export interface RetryState {
  readonly options: NormalizedRetryOptions;
  /** The client's budget, or `undefined` with `budget: false`. */
  readonly budget: RetryBudget | undefined;
  readonly random: () => number;
  readonly now: () => number;
}

/**
 * Whether attempt `attempt` of `request` is followed by another, and after how long: the wait in milliseconds, or
 * `undefined` when `outcome` is the call's. In order:
 * - a response whose status is not in `statusCodes` is final (a first-attempt success refunds the budget);
 * - the request must be safe to repeat: idempotent (GET, PATCH, DELETE, POST /snapshots, POST /snapshots/bulk, or
 *   `retryNonIdempotent` says so), or refused unprocessed (a 429, or a connection refused or a name that did not
 *   resolve, before anything was sent);
 * - retries left (`maxRetries`), a `Retry-After` no longer than `maxRetryAfterMs`, and a budget token;
 * - then the wait is the response's `Retry-After`, else backoff with full jitter.
 */
export function decideRetry(
  request: RetryRequest,
  outcome: AttemptOutcome,
  attempt: number,
  state: RetryState,
): number | undefined {
  const { options, budget } = state;
  let retryAfterMs: number | undefined;
  let unprocessed: boolean;
  if ('result' in outcome) {
    const { response } = outcome.result;
    if (!options.statusCodes.has(response.status)) {
      if (attempt === 1 && response.ok) budget?.refund();
      return undefined;
    }
    retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), state.now());
    if (retryAfterMs !== undefined && retryAfterMs > options.maxRetryAfterMs) return undefined;
    // A 429 says the request was refused, not processed.
    unprocessed = response.status === 429;
  } else {
    // Without a response the outcome is unknown, unless the connection was never made.
    unprocessed = outcome.error.name === 'NetworkError' && failedBeforeSending(outcome.cause);
  }
  if (attempt > options.maxRetries) return undefined;
  const { sent, route } = request;
  if (
    !unprocessed &&
    !isIdempotentRequest(sent.method, route) &&
    !options.retryNonIdempotent({ method: sent.method, path: new URL(sent.url).pathname })
  )
    return undefined;
  if (budget && !budget.tryTake()) return undefined;
  return retryAfterMs ?? backoffDelay(attempt - 1, options.baseDelayMs, options.maxDelayMs, state.random);
}

/** POST paths that are upserts keyed by (account_id, snapshot_date): sending one twice stores the same state. */
const IDEMPOTENT_POSTS = [`${API_PREFIX}/snapshots`, `${API_PREFIX}/snapshots/bulk`];
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when sending the request twice has the effect of sending it once: GET, PATCH (sets fields), DELETE,
 * POST /snapshots and POST /snapshots/bulk. POST /accounts creates a new account each time.
 */
export function isIdempotentRequest(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  if (IDEMPOTENT_METHODS.has(upper)) return true;
  const pathname = path.split('?')[0] ?? '';
  return upper === 'POST' && IDEMPOTENT_POSTS.some((post) => pathname.endsWith(post));
}

/** System error codes that mean the request never left: nothing was connected to, or the name did not resolve. */
const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when a fetch failure proves the request was not sent (so not processed): connection refused or DNS
 * failure, as `error.cause.code` (undici) or `error.code`, or every error of an AggregateError (several
 * addresses tried) being one of those.
 */
export function failedBeforeSending(error: unknown): boolean {
  return [error, (error as { cause?: unknown } | null)?.cause].some(isUnsentCause);
}

function isUnsentCause(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const { code, errors } = value as { code?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.length > 0) return errors.every(isUnsentCause);
  return typeof code === 'string' && UNSENT_CODES.has(code);
}

/**
 * Exponential backoff with full jitter: a random wait in [0, min(maxDelayMs, baseDelayMs * 2 ** retryIndex)],
 * where `retryIndex` is 0 before the first retry. Full jitter spreads clients that failed together.
 */
export function backoffDelay(
  retryIndex: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/**
 * A token bucket shared by all requests of one client. Each retry takes `retryCost`; each request that
 * succeeds on its first attempt gives back `successRefund`. When the bucket runs dry the client stops
 * retrying (failures are returned at once) until enough requests succeed.
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
