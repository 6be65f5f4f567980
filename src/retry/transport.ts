// The client's transport: a call is a loop of attempts. Each attempt is one whole openapi-fetch call (request built,
// middleware, fetch, body read) given a fetch of its own, which passes the attempt's signal on; its time limit covers
// the body read, and a retry builds the request again. After each attempt decideRetry says whether another follows.
import type { BodySerializer } from 'openapi-fetch';
import { describeRequest, NetworkError, TimeoutError } from '../errors/request-errors';
import type { CallWatch } from '../observe/call-watch';
import type { ClientObserver } from '../observe/observer';
import { watchCall } from '../observe/watch';
import type { FetchLike } from '../options';
import { AttemptSignal, sleep as defaultSleep } from './abort';
import { decideRetry, RetryBudget, type AttemptOutcome, type RetryState } from './decide-retry';
import type { NormalizedRetryOptions, RetryInfo } from './retry-options';

/** What the transport is built from (normalized client options). */
export interface TransportOptions {
  /** The client's base URL, used to name a request that was never built. */
  baseUrl: string;
  fetch: FetchLike;
  retry: NormalizedRetryOptions;
  /** Per-attempt timeout, or `false` for none. */
  timeoutMs: number | false;
  /** Scrubbed from errors (the token). */
  secrets: readonly string[];
  /** The client's listeners; calls are watched only while something listens. @default undefined */
  observer?: ClientObserver | undefined;
}

/** Internal seams for tests: time and randomness. Not part of the public API. */
export interface TransportInternals {
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/** One call to run: an openapi-fetch method with its schema path, the caller's signal and fetch, and its body. */
export interface CallSpec<R extends { response: Response }> {
  method: string;
  /** The schema path, e.g. `/api/public/v1/snapshots/bulk`. */
  path: string;
  /** Whether the result says how many attempts it took and what it sent ({@link Traced}): a helper's call. @default false */
  traced?: boolean;
  signal?: AbortSignal | null | undefined;
  /** The call's own `fetch` option, if it has one (else the client's). */
  fetch?: FetchLike | undefined;
  /** The body given to the call, and the caller's own serializer of it, if any (for events). */
  body?: unknown;
  bodySerializer?: BodySerializer<unknown> | undefined;
  /**
   * Makes one attempt: the openapi-fetch call with `fetch` as its fetch, and `bodySerializer` as its body serializer
   * when one is given (a watched call's, which notes the bytes sent).
   */
  attempt(fetch: FetchLike, bodySerializer: BodySerializer<unknown> | undefined): Promise<R>;
}

/** The method and URL of a request; never its headers. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
}

/** A traced call's openapi-fetch result: with how many attempts it took, and its last request. */
export type Traced<R> = R & {
  attempts: number;
  /** The last attempt's request: the Request given to fetch, or the call's method and URL when none was. */
  request: SentRequest;
};

export interface Transport {
  /**
   * Runs a call with per-attempt timeouts and retries: resolves with the last attempt's openapi-fetch result (traced
   * if the spec says so), or rejects with a transport failure once no retry follows.
   */
  run<R extends { response: Response }>(spec: CallSpec<R>): Promise<R | Traced<R>>;
}

/** An attempt's outcome, with the Request it gave fetch (if it got that far). */
type Attempted<R> = ({ result: R } | { error: NetworkError | TimeoutError; cause: unknown }) & {
  request: Request | undefined;
};

export function createTransport(options: TransportOptions, internals: TransportInternals = {}): Transport {
  const { retry, timeoutMs, secrets, observer } = options;
  const sleep = internals.sleep ?? defaultSleep;
  const state: RetryState = {
    options: retry,
    budget: retry.budget === false ? undefined : new RetryBudget(retry.budget),
    random: internals.random ?? Math.random,
    now: internals.now ?? Date.now,
  };
  const armed = timeoutMs !== false;

  async function run<R extends { response: Response }>(spec: CallSpec<R>): Promise<R | Traced<R>> {
    const caller = spec.signal ?? undefined;
    // Decided once per call, so a listener added meanwhile never sees half a call.
    let watch = observer?.active
      ? watchCall(observer, { method: spec.method, route: spec.path, body: spec.body })
      : undefined;
    if (watch instanceof Promise) watch = await watch;
    let attempt = 1;
    let request: SentRequest | undefined;
    try {
      for (; ; attempt += 1) {
        if (caller?.aborted) throw caller.reason;
        const outcome = await attemptOnce(spec, attempt, watch);
        request = outcome.request ?? callRequest(spec);
        const delayMs = decideRetry({ route: spec.path, sent: request }, outcome, attempt, state);
        watch?.ended(outcome, request, attempt, delayMs === undefined);
        if (delayMs === undefined) {
          if ('error' in outcome) throw outcome.error;
          return spec.traced ? Object.assign(outcome.result, { attempts: attempt, request }) : outcome.result;
        }
        const info = retryInfo(outcome, request, attempt, delayMs);
        retry.onRetry?.(info);
        watch?.retrying(info, request, attempt);
        await sleep(delayMs, caller);
      }
    } catch (error) {
      watch?.threw(error, request ?? callRequest(spec), attempt);
      throw error;
    }
  }

  async function attemptOnce<R extends { response: Response }>(
    spec: CallSpec<R>,
    number: number,
    watch: CallWatch | undefined,
  ): Promise<Attempted<R>> {
    const caller = spec.signal ?? undefined;
    const signal = armed || caller ? new AttemptSignal(caller, timeoutMs) : undefined;
    const base = spec.fetch ?? options.fetch;
    let request: Request | undefined;
    let response: Response | undefined;
    const fetch: FetchLike = async (sent, init) => {
      request = sent;
      watch?.sent(sent, number);
      response = await base(sent, signal ? signal.init(init) : init);
      return response;
    };
    watch?.start();
    try {
      const call = spec.attempt(fetch, watch?.serializer(spec.bodySerializer));
      return { result: await (signal ? signal.race(call) : call), request };
    } catch (cause) {
      if (caller?.aborted) throw caller.reason;
      const { method, url } = request ?? callRequest(spec);
      const failure = { method, url, attempts: number, redact: secrets };
      if (signal?.timedOut)
        return { error: new TimeoutError({ ...failure, timeoutMs: timeoutMs as number }), cause, request };
      // fetch itself failed, or the body broke off while it was read (a body that is not JSON was still answered).
      if (request && (!response || (response.bodyUsed && !(cause instanceof SyntaxError))))
        return { error: new NetworkError({ ...failure, cause }), cause, request };
      throw cause; // thrown while the request was built, or by middleware: the caller's or the code's own error
    } finally {
      signal?.close();
    }
  }

  /** What a retry is about to do, for `onRetry` and the `retry` event. */
  function retryInfo(outcome: AttemptOutcome, request: SentRequest, attempt: number, delayMs: number): RetryInfo {
    const { method, path } = describeRequest({ method: request.method, url: request.url, redact: secrets });
    const cause = 'result' in outcome ? { status: outcome.result.response.status } : { error: outcome.error };
    return { method, path, retry: attempt, delayMs, ...cause };
  }

  /** The method and URL of a call whose Request was never built, from its schema path. */
  function callRequest(spec: CallSpec<{ response: Response }>): SentRequest {
    return { method: spec.method, url: options.baseUrl + spec.path };
  }

  return { run };
}
