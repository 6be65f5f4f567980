// The client's transport: a fetch wrapper under openapi-fetch that adds per-attempt timeouts and safe retries.
// It sees the final Request (after the client's middleware), so every attempt carries the same headers.
import { NetworkError } from '../errors/network-error';
import { describeRequest } from '../errors/request-failure';
import { TimeoutError } from '../errors/timeout-error';
import type { FetchLike } from '../options';
import { sleep as defaultSleep } from './abort';
import { backoffDelay } from './backoff';
import { RetryBudget } from './budget';
import { failedBeforeSending, isIdempotentRequest } from './policy';
import { parseRetryAfter } from './retry-after';
import type { NormalizedRetryOptions, RetryInfo } from './retry-options';

/** What the transport is built from (normalized client options). */
export interface RetryingFetchOptions {
  fetch: FetchLike;
  retry: NormalizedRetryOptions;
  /** Per-attempt timeout, or `false` for none. */
  timeoutMs: number | false;
  /** Scrubbed from errors (the token). */
  secrets: readonly string[];
}

/** Internal seams for tests: time and randomness. Not part of the public API. */
export interface RetryingFetchInternals {
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

const attemptsByResponse = new WeakMap<Response, number>();

/** How many attempts produced this response (retries included), if it came through the transport. */
export function attemptsOf(response: Response): number | undefined {
  return attemptsByResponse.get(response);
}

type Attempt = { response: Response } | { error: NetworkError | TimeoutError; raw: unknown };

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Builds the fetch the client hands to openapi-fetch. Each attempt gets its own copy of the request and a signal
 * that aborts on the caller's signal or on the per-attempt timeout. The response body is
 * read within the attempt, so a stalled or broken body is a timeout or network error too. A caller's abort
 * rejects with the caller's reason and is never retried.
 */
export function createRetryingFetch(options: RetryingFetchOptions, internals: RetryingFetchInternals = {}): FetchLike {
  const { retry, timeoutMs, secrets } = options;
  const sleep = internals.sleep ?? defaultSleep;
  const random = internals.random ?? Math.random;
  const now = internals.now ?? Date.now;
  const budget = retry.budget === false ? undefined : new RetryBudget(retry.budget);

  async function attemptOnce(request: Request, attempt: number): Promise<Attempt> {
    const caller = request.signal;
    // One controller per attempt, aborted by the timeout or by the caller's signal (cheaper than AbortSignal.any),
    // and one promise that rejects with the reason: the attempt ends on time even with a fetch that ignores
    // `Request.signal` (MSW's interceptor, some custom fetches).
    const controller = timeoutMs === false ? undefined : new AbortController();
    const signal = controller?.signal ?? caller;
    let rejectAborted!: (reason: unknown) => void;
    const aborted = new Promise<never>((_, reject) => (rejectAborted = reject));
    aborted.catch(() => undefined);
    const abort = (reason: unknown) => {
      controller?.abort(reason);
      rejectAborted(reason);
    };
    const onCallerAbort = () => abort(caller.reason);
    caller.addEventListener('abort', onCallerAbort);
    if (caller.aborted) onCallerAbort();
    const timer = controller && setTimeout(() => abort(new DOMException('The attempt timed out', 'TimeoutError')), timeoutMs as number);
    try {
      // A body is a stream that an attempt uses up: later attempts need their own copy.
      const sent = new Request(request.body === null ? request : request.clone(), { signal });
      const response = await Promise.race([Promise.resolve().then(() => options.fetch(sent)), aborted]);
      const body = NULL_BODY_STATUSES.has(response.status) || response.body === null ? null : await Promise.race([response.arrayBuffer(), aborted]);
      const buffered = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      Object.defineProperty(buffered, 'url', { value: response.url });
      return { response: buffered };
    } catch (raw) {
      if (caller.aborted) throw caller.reason;
      const failure = { method: request.method, url: request.url, attempts: attempt, redact: secrets };
      if (signal.aborted) return { error: new TimeoutError({ ...failure, timeoutMs: timeoutMs as number }), raw };
      return { error: new NetworkError({ ...failure, cause: raw }), raw };
    } finally {
      clearTimeout(timer);
      caller.removeEventListener('abort', onCallerAbort);
    }
  }

  return async function retryingFetch(request: Request): Promise<Response> {
    // Described on the first failure only: a success never needs the path or the retry policy.
    let described: { method: string; path: string; idempotent: boolean } | undefined;
    const describe = () => {
      if (described) return described;
      const { method, path } = describeRequest({ method: request.method, url: request.url, redact: secrets });
      const pathname = new URL(request.url).pathname;
      const idempotent = isIdempotentRequest(method, pathname) || retry.retryNonIdempotent({ method, path: pathname });
      return (described = { method, path, idempotent });
    };
    for (let attempt = 1; ; attempt += 1) {
      if (request.signal.aborted) throw request.signal.reason;
      const outcome = await attemptOnce(request, attempt);
      const canRetry = attempt <= retry.maxRetries;
      let info: RetryInfo;
      if ('response' in outcome) {
        const { response } = outcome;
        attemptsByResponse.set(response, attempt);
        if (!retry.statusCodes.has(response.status)) {
          if (attempt === 1 && response.ok) budget?.refund();
          return response;
        }
        const { method, path, idempotent } = describe();
        // A 429 says the request was refused, not processed: safe to repeat even for POST /accounts.
        const allowed = idempotent || response.status === 429;
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
        if (!allowed || !canRetry || (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs)) return response;
        if (budget && !budget.tryTake()) return response;
        info = { method, path, retry: attempt, status: response.status, delayMs: retryAfterMs ?? backoff(attempt) };
      } else {
        const { error, raw } = outcome;
        const { method, path, idempotent } = describe();
        // Without a response the outcome is unknown, unless the connection was never made.
        const allowed = idempotent || (error instanceof NetworkError && failedBeforeSending(raw));
        if (!allowed || !canRetry) throw error;
        if (budget && !budget.tryTake()) throw error;
        info = { method, path, retry: attempt, error, delayMs: backoff(attempt) };
      }
      retry.onRetry?.(info);
      await sleep(info.delayMs, request.signal);
    }
  };

  function backoff(attempt: number): number {
    return backoffDelay(attempt - 1, retry.baseDelayMs, retry.maxDelayMs, random);
  }
}
