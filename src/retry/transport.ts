// The client's transport: per-attempt timeouts and safe retries around each openapi-fetch call.
//
// Each attempt is one whole openapi-fetch call (request built, middleware, fetch, body read) given a fetch that
// carries the attempt's signal in `init`. Racing the whole call against the attempt's deadline makes the timeout
// cover the body read without buffering the response into a second one, and a retry rebuilds the request
// instead of cloning it. Measured on Node 20 (bench/results.md, benchmark 4): a Request copied to attach a
// signal cost about 26 µs and a buffered copy of the response about 34 µs per call, most of the SDK's overhead.
import type { BodySerializer, Middleware } from 'openapi-fetch';
import { NetworkError } from '../errors/network-error';
import { describeRequest } from '../errors/request-failure';
import { TimeoutError } from '../errors/timeout-error';
import { CallWatch } from '../observe/call-watch';
import type { ClientObserver } from '../observe/observer';
import type { FetchLike } from '../options';
import { sleep as defaultSleep } from './abort';
import { Attempt } from './attempt';
import { backoffDelay } from './backoff';
import { Deadlines } from './deadlines';
import { RetryBudget } from './budget';
import { failedBeforeSending, isIdempotentRequest } from './policy';
import { parseRetryAfter } from '../shared/retry-after';
import type { NormalizedRetryOptions, RetryInfo } from './retry-options';

/** What the transport is built from (normalized client options). */
export interface TransportOptions {
  /** The client's base URL, used to name a request that failed before it was built. */
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

/** One call to run: an openapi-fetch method with its schema path, caller's signal and fetch. */
export interface CallSpec<R extends { response: Response }> {
  method: string;
  /** The schema path, e.g. `/api/public/v1/snapshots/bulk`. */
  path: string;
  signal?: AbortSignal | null | undefined;
  /** The fetch the call would use (a per-call `fetch` option, or the client's). */
  fetch?: FetchLike | undefined;
  /** The call awaits something before its fetch (its own middleware): the attempt's fetch goes in the call. */
  fetchInCall?: boolean;
  /** The body given to the call, and the caller's own serializer of it, if any (for events). */
  body?: unknown;
  bodySerializer?: BodySerializer<unknown> | undefined;
  /**
   * Makes one attempt: the openapi-fetch call, with the fetch it must use when one is given (else the client's
   * `Transport.fetch` serves it), and a body serializer to use when one is given (a watched call's, which notes the
   * bytes sent).
   */
  attempt: (fetch: FetchLike | undefined, bodySerializer?: BodySerializer<unknown>) => Promise<R>;
}

export interface Transport {
  /** Runs a call with per-attempt timeouts and retries; resolves with the last attempt's openapi-fetch result. */
  run<R extends { response: Response }>(spec: CallSpec<R>): Promise<R>;
  /**
   * Call before the caller's first middleware is added to `client`: puts the transport's marker first (its
   * `onResponse` runs last, as openapi-fetch starts reading the body), so a failure in the caller's middleware is
   * told from one of the body read. Without middleware the body read follows the fetch at once, and no marker runs.
   */
  watchMiddleware(client: { use(...middleware: Middleware[]): void }): void;
  /**
   * The fetch to give openapi-fetch's client: it runs the attempt that is starting. An attempt calls openapi-fetch,
   * which, with no middleware to await, calls its fetch before it returns: the attempt is handed over in between.
   * Passing the attempt's fetch in each call instead costs openapi-fetch about 3 µs a call (its options are then
   * rest-spread and merged; benchmark 4), so that is done only when something is awaited first (middleware).
   */
  fetch: FetchLike;
}

/** What the transport records of the call that produced a response. */
interface CallRecord {
  attempts: number;
  /** The last attempt's Request, read for its method and URL only (never its headers) when asked. */
  request: Request | undefined;
  /** The call's method and URL from its schema path, for a call whose Request was never built. */
  method: string;
  url: string;
}

const callsByResponse = new WeakMap<Response, CallRecord>();

/** How many attempts produced this response (retries included), if it came through the transport. */
export function attemptsOf(response: Response): number | undefined {
  return callsByResponse.get(response)?.attempts;
}

/** The method and URL of the request that got this response, if it came through the transport. */
export function requestOf(response: Response): { method: string; url: string } | undefined {
  const call = callsByResponse.get(response);
  if (!call) return undefined;
  // Read only now: a Request's URL is serialized on every read, and most responses are never asked about.
  return call.request ? { method: call.request.method, url: call.request.url } : { method: call.method, url: call.url };
}

/** An attempt's result, or its transport failure; with the last Request it sent, if it got that far. */
type Outcome<R> = ({ result: R } | { error: NetworkError | TimeoutError; raw: unknown }) & { request?: Request | undefined };

export function createTransport(options: TransportOptions, internals: TransportInternals = {}): Transport {
  const { retry, timeoutMs, secrets, observer } = options;
  const sleep = internals.sleep ?? defaultSleep;
  const random = internals.random ?? Math.random;
  const now = internals.now ?? Date.now;
  const budget = retry.budget === false ? undefined : new RetryBudget(retry.budget);
  const deadlines = timeoutMs === false ? undefined : new Deadlines(timeoutMs, now);
  // The attempt of each request in flight, for the marker below; each entry is removed when its attempt ends. Not a
  // WeakMap: one whose values (an Attempt) hold their keys (its Request) made each scavenge about 3x longer.
  const attempts = new Map<Request, Attempt>();
  const track = (request: Request, attempt: Attempt) => attempts.set(request, attempt);
  const untracked = () => undefined;

  // The fetch of the attempt being started, from the call to openapi-fetch until it calls `fetch` (synchronously).
  let handoff: FetchLike | undefined;
  const fetch: FetchLike = (request, init) => {
    const send = handoff;
    handoff = undefined;
    if (send === undefined) throw new Error('personal-ledger-sdk: openapi-fetch called fetch outside an attempt (was it upgraded?)');
    return send(request, init);
  };

  let marked = false;
  const marker: Middleware = {
    onResponse({ request }) {
      const attempt = attempts.get(request);
      if (attempt) attempt.phase = 'body';
    },
  };
  function watchMiddleware(client: { use(...middleware: Middleware[]): void }): void {
    if (marked) return;
    marked = true;
    client.use(marker);
  }

  async function attemptOnce<R extends { response: Response }>(spec: CallSpec<R>, number: number, watch: CallWatch | undefined): Promise<Outcome<R>> {
    const attempt = new Attempt(spec.signal ?? undefined, deadlines);
    watch?.start();
    try {
      const onSend = watch ? (request: Request, a: Attempt) => (marked && track(request, a), watch.sent(request, number)) : marked ? track : untracked;
      const send = attempt.fetchWith(spec.fetch ?? options.fetch, onSend, marked);
      let call: Promise<R>;
      if (marked || spec.fetchInCall || spec.fetch) {
        call = spec.attempt(send, watch?.serializer(spec.bodySerializer));
      } else {
        handoff = send;
        try {
          call = spec.attempt(undefined, watch?.serializer(spec.bodySerializer));
        } finally {
          handoff = undefined;
        }
      }
      return { result: await attempt.guard(call), request: attempt.request };
    } catch (raw) {
      if (spec.signal?.aborted) throw spec.signal.reason;
      const { request, phase } = attempt;
      const failure = { ...sentOf(spec, request), attempts: number, redact: secrets };
      if (attempt.timedOut) return { error: new TimeoutError({ ...failure, timeoutMs: timeoutMs as number }), raw, request };
      if (phase === 'fetch' || (phase === 'body' && !(raw instanceof SyntaxError))) return { error: new NetworkError({ ...failure, cause: raw }), raw, request };
      throw raw;
    } finally {
      if (marked && attempt.request) attempts.delete(attempt.request);
      attempt.dispose();
    }
  }

  async function run<R extends { response: Response }>(spec: CallSpec<R>): Promise<R> {
    const caller = spec.signal ?? undefined;
    // Decided once per call, so a listener added meanwhile never sees half a call.
    const watch = observer?.active ? new CallWatch(observer, { method: spec.method, route: spec.path, body: spec.body }) : undefined;
    let attempt = 1;
    let request: Request | undefined;
    try {
      for (; ; attempt += 1) {
        if (caller?.aborted) throw caller.reason;
        const outcome = await attemptOnce(spec, attempt, watch);
        request = outcome.request;
        const info = nextRetry(spec, outcome, attempt);
        watch?.ended(outcome, sentOf(spec, request), attempt, info === undefined);
        if (info === undefined) {
          if ('result' in outcome) return outcome.result;
          throw outcome.error;
        }
        retry.onRetry?.(info);
        watch?.retrying(info, sentOf(spec, request), attempt);
        await sleep(info.delayMs, caller);
      }
    } catch (error) {
      watch?.threw(error, sentOf(spec, request), attempt);
      throw error;
    }
  }

  /** The retry that follows an attempt's outcome (a budget token taken for it), or `undefined` when the outcome is the call's. */
  function nextRetry(spec: CallSpec<{ response: Response }>, outcome: Outcome<{ response: Response }>, attempt: number): RetryInfo | undefined {
    const canRetry = attempt <= retry.maxRetries;
    if ('result' in outcome) {
      const { response } = outcome.result;
      callsByResponse.set(response, { attempts: attempt, request: outcome.request, method: spec.method, url: options.baseUrl + spec.path });
      if (!retry.statusCodes.has(response.status)) {
        if (attempt === 1 && response.ok) budget?.refund();
        return undefined;
      }
      const { method, path, idempotent } = describe(spec, outcome.request);
      // A 429 says the request was refused, not processed: safe to repeat even for POST /accounts.
      const allowed = idempotent || response.status === 429;
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
      if (!allowed || !canRetry || (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs)) return undefined;
      if (budget && !budget.tryTake()) return undefined;
      return { method, path, retry: attempt, status: response.status, delayMs: retryAfterMs ?? backoff(attempt) };
    }
    const { error, raw } = outcome;
    const { method, path, idempotent } = describe(spec, outcome.request);
    // Without a response the outcome is unknown, unless the connection was never made.
    const allowed = idempotent || (error instanceof NetworkError && failedBeforeSending(raw));
    if (!allowed || !canRetry) return undefined;
    if (budget && !budget.tryTake()) return undefined;
    return { method, path, retry: attempt, error, delayMs: backoff(attempt) };
  }

  /** Method, redacted path and idempotency of a failed call (a success never needs them). */
  function describe(spec: CallSpec<{ response: Response }>, request: Request | undefined) {
    const sent = sentOf(spec, request);
    const url = sent.url;
    const { method, path } = describeRequest({ ...sent, redact: secrets });
    const idempotent = isIdempotentRequest(method, spec.path) || retry.retryNonIdempotent({ method, path: new URL(url).pathname });
    return { method, path, idempotent };
  }

  /** The method and URL of a call: its last Request's, or the schema path's when none was built. */
  function sentOf(spec: CallSpec<{ response: Response }>, request: Request | undefined): { method: string; url: string } {
    return request ? { method: request.method, url: request.url } : { method: spec.method, url: options.baseUrl + spec.path };
  }

  function backoff(attempt: number): number {
    return backoffDelay(attempt - 1, retry.baseDelayMs, retry.maxDelayMs, random);
  }

  return { run, watchMiddleware, fetch };
}
