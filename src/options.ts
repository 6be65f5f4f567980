import { ClientOptionsError } from './errors/ledger-error';
import type { ClientListeners, ClientLogger } from './observe/events';
import { listenerProblem } from './observe/observer';
import { basePath } from './shared/base-path';
import { tokenProblem, type TokenProblem } from './shared/token';
import {
  DEFAULT_TIMEOUT_MS,
  RETRY_DEFAULTS,
  type NormalizedRetryOptions,
  type RetryBudgetOptions,
  type RetryOptions,
} from './retry/retry-options';

/**
 * A fetch function: takes a `Request` and an optional `init`, returns its `Response` (`globalThis.fetch` fits).
 * The client passes each attempt's `signal` in `init` (it aborts on the timeout or the caller's signal): a custom
 * fetch should pass `init` on, so that a timed-out request is cancelled, not just abandoned.
 */
export type FetchLike = (request: Request, init?: RequestInit) => Promise<Response>;

/** Options of {@link createLedgerClient}. */
export interface LedgerClientOptions {
  /**
   * The service's base address, e.g. `https://ledger.example.com` (http or https). A trailing slash, and a
   * trailing `/api/public/v1` (the typed paths already include it), are removed.
   */
  baseUrl: string;
  /** An API token (`plk_...`), without the `Bearer ` prefix. Sent as `Authorization: Bearer <token>`. */
  token: string;
  /** The fetch to use, resolved at call time. @default globalThis.fetch (looked up on every request) */
  fetch?: FetchLike | undefined;
  /** Extra headers sent with every request. `Authorization` and `User-Agent` are always set by the client. @default {} */
  headers?: HeadersInit | undefined;
  /** Your product token, put before the SDK's: `my-sync/1.0 personal-ledger-sdk/<version>`. @default undefined */
  userAgent?: string | undefined;
  /**
   * Retries of failed requests (only when safe: see {@link RetryOptions}), or `false` for none.
   * @default RETRY_DEFAULTS
   */
  retry?: RetryOptions | false | undefined;
  /**
   * Limit per attempt, in milliseconds, from sending to the whole response body; `false` for none. A timeout
   * raises `TimeoutError` (after retries, for idempotent requests). Pass `signal` per call to cancel.
   * @default DEFAULT_TIMEOUT_MS
   */
  timeoutMs?: number | false | undefined;
  /**
   * Listeners of the client's events (`request`, `response`, `retry`, `error`), for metrics, tracing or logs;
   * more can be added with `client.on`. A listener that throws never fails the call. See docs/observability.md.
   * @default {}
   */
  on?: ClientListeners | undefined;
  /** A console-like logger (`console`, pino...): one `debug` line per attempt, one `warn` line per retry. @default undefined (silent) */
  log?: ClientLogger | undefined;
  /** Whether `request` and `response` events carry the bodies (the token scrubbed from them). @default false */
  eventBodies?: boolean | undefined;
}

/**
 * The options after validation and defaults: one place where every later knob (retries, timeouts) is settled
 * before the client is assembled.
 */
export interface NormalizedClientOptions {
  baseUrl: string;
  token: string;
  /** Resolves `options.fetch ?? globalThis.fetch` per request, so MSW patching fetch later is seen. */
  fetch: FetchLike;
  headers: HeadersInit | undefined;
  /** The full User-Agent header value. */
  userAgent: string;
  /** Retry settings; `retry: false` becomes `maxRetries: 0` with no budget. */
  retry: NormalizedRetryOptions;
  /** Per-attempt timeout in milliseconds, or `false`. */
  timeoutMs: number | false;
  on: ClientListeners;
  log: ClientLogger | undefined;
  eventBodies: boolean;
}

// Filled in by the build (tsup) and the tests (vitest); 'dev' when the source runs as is (tsx).
/** The package version (`dev` when run from the sources without the build's define). */
export const SDK_VERSION: string = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : 'dev';
/** The SDK's own User-Agent product token. */
export const SDK_USER_AGENT = `personal-ledger-sdk/${SDK_VERSION}`;

const USER_AGENT_SHAPE = /^[\x20-\x7e]*$/;

/** Validates the caller's options and fills defaults. Throws `ClientOptionsError`, never quoting the token. */
export function normalizeClientOptions(options: LedgerClientOptions): NormalizedClientOptions {
  if (typeof options !== 'object' || options === null) fail('options must be an object with baseUrl and token');
  const custom = options.fetch;
  if (custom !== undefined && typeof custom !== 'function') fail('`fetch` must be a function');
  return {
    baseUrl: normalizeBaseUrl(options.baseUrl),
    token: checkToken(options.token),
    fetch: (request, init) => (custom ?? globalThis.fetch)(request, init),
    headers: options.headers,
    userAgent: userAgentFor(options.userAgent),
    retry: normalizeRetry(options.retry),
    timeoutMs: normalizeTimeout(options.timeoutMs),
    on: normalizeListeners(options.on),
    log: normalizeLog(options.log),
    eventBodies: normalizeFlag('eventBodies', options.eventBodies),
  };
}

const LOG_METHODS = ['debug', 'info', 'warn', 'error'] as const;

function normalizeListeners(on: unknown): ClientListeners {
  if (on === undefined) return {};
  if (typeof on !== 'object' || on === null)
    fail('`on` must be an object of listeners, e.g. { response: (event) => {} }');
  for (const [name, listener] of Object.entries(on)) {
    const problem = listener === undefined ? undefined : listenerProblem(name, listener);
    if (problem) fail(`\`on\`: ${problem}`);
  }
  return on as ClientListeners;
}

function normalizeLog(log: unknown): ClientLogger | undefined {
  if (log === undefined) return undefined;
  const record = log as Record<string, unknown> | null;
  if (typeof log !== 'object' || record === null || LOG_METHODS.some((m) => typeof record[m] !== 'function')) {
    fail('`log` must be a console-like object with debug, info, warn and error methods');
  }
  return log as ClientLogger;
}

function normalizeFlag(name: string, value: unknown): boolean {
  if (value !== undefined && typeof value !== 'boolean') fail(`\`${name}\` must be true or false`);
  return value === true;
}

// setTimeout's largest delay; longer ones fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;
const NEVER: () => boolean = () => false;

function normalizeRetry(retry: unknown): NormalizedRetryOptions {
  if (retry === false) {
    return { ...normalizeRetry(undefined), maxRetries: 0, budget: false };
  }
  if (retry !== undefined && (typeof retry !== 'object' || retry === null)) fail('`retry` must be an object or false');
  const r = (retry ?? {}) as RetryOptions;
  const statusCodes = r.statusCodes ?? RETRY_DEFAULTS.statusCodes;
  if (!Array.isArray(statusCodes) || !statusCodes.every((s) => Number.isInteger(s) && s >= 100 && s <= 599)) {
    fail('`retry.statusCodes` must be an array of HTTP statuses');
  }
  const predicate = r.retryNonIdempotent ?? false;
  if (typeof predicate !== 'boolean' && typeof predicate !== 'function')
    fail('`retry.retryNonIdempotent` must be a boolean or a function');
  if (r.onRetry !== undefined && typeof r.onRetry !== 'function') fail('`retry.onRetry` must be a function');
  const delay = (key: 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs') =>
    numberIn(`retry.${key}`, r[key], RETRY_DEFAULTS[key], MAX_TIMER_MS);
  return {
    maxRetries: numberIn('retry.maxRetries', r.maxRetries, RETRY_DEFAULTS.maxRetries, 100, true),
    baseDelayMs: delay('baseDelayMs'),
    maxDelayMs: delay('maxDelayMs'),
    maxRetryAfterMs: delay('maxRetryAfterMs'),
    statusCodes: new Set(statusCodes),
    retryNonIdempotent: typeof predicate === 'function' ? predicate : predicate ? () => true : NEVER,
    budget: normalizeBudget(r.budget),
    onRetry: r.onRetry,
  };
}

function normalizeBudget(budget: unknown): Required<RetryBudgetOptions> | false {
  if (budget === false) return false;
  if (budget !== undefined && (typeof budget !== 'object' || budget === null))
    fail('`retry.budget` must be an object or false');
  const b = (budget ?? {}) as Record<string, unknown>;
  const entries = Object.entries(RETRY_DEFAULTS.budget).map(([key, fallback]) => [
    key,
    numberIn(`retry.budget.${key}`, b[key], fallback, Number.MAX_SAFE_INTEGER),
  ]);
  return Object.fromEntries(entries) as Required<RetryBudgetOptions>;
}

function normalizeTimeout(timeoutMs: unknown): number | false {
  if (timeoutMs === false) return false;
  if (timeoutMs === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || timeoutMs > MAX_TIMER_MS) {
    fail(`\`timeoutMs\` must be a number of milliseconds from 1 to ${MAX_TIMER_MS}, or false`);
  }
  return timeoutMs;
}

/** `value`, or `fallback` when it is undefined; a number from 0 to `max` (a whole one when `whole`). */
function numberIn(name: string, value: unknown, fallback: number, max: number, whole = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max)
    fail(`\`${name}\` must be a number from 0 to ${max}`);
  if (whole && !Number.isInteger(value)) fail(`\`${name}\` must be a whole number`);
  return value;
}

function normalizeBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '')
    fail('`baseUrl` is required, e.g. https://ledger.example.com');
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    fail('`baseUrl` must be an absolute http(s) URL, e.g. https://ledger.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    fail(`\`baseUrl\` must use http or https, not ${url.protocol}`);
  if (url.username || url.password) fail('`baseUrl` must not contain credentials; pass the token as `token`');
  if (url.search || url.hash) fail('`baseUrl` must not contain a query or fragment');
  return `${url.origin}${basePath(url.pathname)}`;
}

const TOKEN_MESSAGES: Record<TokenProblem, string> = {
  missing: '`token` is required (an API token from Settings > Developer > API tokens)',
  'bearer-prefix': '`token` must not start with "Bearer "; pass the token alone',
  'not-printable': '`token` must be printable ASCII without spaces or line breaks',
};

function checkToken(token: unknown): string {
  const problem = tokenProblem(token);
  if (problem) fail(TOKEN_MESSAGES[problem]);
  return token as string;
}

function userAgentFor(userAgent: unknown): string {
  if (userAgent === undefined || userAgent === '') return SDK_USER_AGENT;
  if (typeof userAgent !== 'string' || !USER_AGENT_SHAPE.test(userAgent)) fail('`userAgent` must be printable ASCII');
  return `${userAgent.trim()} ${SDK_USER_AGENT}`;
}

function fail(message: string): never {
  throw new ClientOptionsError(`createLedgerClient: ${message}`);
}
