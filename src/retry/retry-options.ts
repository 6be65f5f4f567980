// The retry and timeout knobs of createLedgerClient, their defaults (RETRY_DEFAULTS, DEFAULT_TIMEOUT_MS: the one place
// each default is written), and their normalized form. What they decide is decideRetry's (./decide-retry.ts).

/** The token bucket that bounds retries per client, so a failing service is not hammered. */
export interface RetryBudgetOptions {
  /** Tokens the bucket holds (and starts with). @default RETRY_DEFAULTS.budget.capacity */
  capacity?: number;
  /** Tokens one retry takes; with fewer left, the failure is returned without a retry. @default RETRY_DEFAULTS.budget.retryCost */
  retryCost?: number;
  /** Tokens given back by each request that succeeds on its first attempt (up to `capacity`). @default RETRY_DEFAULTS.budget.successRefund */
  successRefund?: number;
}

/** What a retry is about to do: passed to `onRetry`. */
export interface RetryInfo {
  /** The request's HTTP method. */
  method: string;
  /** The request's URL path and query (never headers). */
  path: string;
  /** 1 for the first retry, 2 for the second... */
  retry: number;
  /** How long the client waits before it (Retry-After, or backoff with full jitter). */
  delayMs: number;
  /** The status that caused it, if there was a response. */
  status?: number;
  /** The failure that caused it, if there was no response (`NetworkError` or `TimeoutError`). */
  error?: Error;
}

/** A predicate that lets a request which is not idempotent (e.g. POST /accounts) be retried like one. */
export type RetryRequestPredicate = (request: { method: string; path: string }) => boolean;

/**
 * When and how the client retries. Retries happen only when safe: on a network error, a timeout, or a status of
 * `statusCodes`, for GET, PATCH, DELETE, POST /snapshots and POST /snapshots/bulk (upserts keyed by account_id and
 * snapshot_date). Any other POST (POST /accounts) is retried only when the failure proves it was not processed (a
 * 429, or a connection refused / DNS failure before sending), unless `retryNonIdempotent`. Each default is in
 * {@link RETRY_DEFAULTS}.
 */
export interface RetryOptions {
  /** Retries after the first attempt (0 disables retries). @default RETRY_DEFAULTS.maxRetries */
  maxRetries?: number;
  /** Backoff base: retry n waits a random time in [0, min(maxDelayMs, baseDelayMs * 2 ** (n - 1))]. @default RETRY_DEFAULTS.baseDelayMs */
  baseDelayMs?: number;
  /** Backoff cap, in milliseconds. @default RETRY_DEFAULTS.maxDelayMs */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` the client waits for; a response asking for longer is returned as is (the error's
   * `retryAfterMs` says how long). @default RETRY_DEFAULTS.maxRetryAfterMs
   */
  maxRetryAfterMs?: number;
  /** Statuses that are retried. @default RETRY_DEFAULTS.statusCodes */
  statusCodes?: readonly number[];
  /**
   * Also retry requests that are not idempotent (POST /accounts) on any retryable failure: `true`, or a
   * predicate per request. A retried POST /accounts can create the account twice. @default false
   */
  retryNonIdempotent?: boolean | RetryRequestPredicate;
  /** The per-client retry budget, or `false` for none. @default RETRY_DEFAULTS.budget */
  budget?: RetryBudgetOptions | false;
  /** Called before each retry waits (for logging). @default undefined */
  onRetry?: ((info: RetryInfo) => void) | undefined;
}

/** The retry settings after validation and defaults. */
export interface NormalizedRetryOptions {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  statusCodes: ReadonlySet<number>;
  retryNonIdempotent: RetryRequestPredicate;
  budget: Required<RetryBudgetOptions> | false;
  onRetry: ((info: RetryInfo) => void) | undefined;
}

/**
 * The defaults of {@link RetryOptions}, each written here only (your editor and the API reference show the values).
 * `statusCodes` are the failures worth repeating: a timeout of the request (408), a refusal to be retried later
 * (429), and a server or gateway failing for now (500, 502, 503, 504); 501 and other 5xx will not change on a retry.
 */
export const RETRY_DEFAULTS = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  statusCodes: [408, 429, 500, 502, 503, 504],
  budget: { capacity: 10, retryCost: 1, successRefund: 0.1 },
} as const satisfies Required<Omit<RetryOptions, 'retryNonIdempotent' | 'onRetry' | 'budget'>> & {
  budget: Required<RetryBudgetOptions>;
};

/** The default per-attempt timeout of `createLedgerClient` (`timeoutMs`), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 30_000;
