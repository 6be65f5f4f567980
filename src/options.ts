import { ClientOptionsError } from './errors/client-options-error';

/** A fetch function: takes a `Request`, returns its `Response` (`globalThis.fetch` fits). */
export type FetchLike = (request: Request) => Promise<Response>;

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
}

/** The SDK's own User-Agent product token. */
export const SDK_USER_AGENT = `personal-ledger-sdk/${__SDK_VERSION__}`;

const API_PREFIX = /\/api\/public\/v1$/;
// A header value the Fetch API accepts; checked here so Headers' own error (which quotes the value) never fires.
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;
const USER_AGENT_SHAPE = /^[\x20-\x7e]*$/;

/** Validates the caller's options and fills defaults. Throws `ClientOptionsError`, never quoting the token. */
export function normalizeClientOptions(options: LedgerClientOptions): NormalizedClientOptions {
  if (typeof options !== 'object' || options === null) fail('options must be an object with baseUrl and token');
  const custom = options.fetch;
  if (custom !== undefined && typeof custom !== 'function') fail('`fetch` must be a function');
  return {
    baseUrl: normalizeBaseUrl(options.baseUrl),
    token: checkToken(options.token),
    fetch: (request) => (custom ?? globalThis.fetch)(request),
    headers: options.headers,
    userAgent: userAgentFor(options.userAgent),
  };
}

function normalizeBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') fail('`baseUrl` is required, e.g. https://ledger.example.com');
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    fail('`baseUrl` must be an absolute http(s) URL, e.g. https://ledger.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`\`baseUrl\` must use http or https, not ${url.protocol}`);
  if (url.username || url.password) fail('`baseUrl` must not contain credentials; pass the token as `token`');
  if (url.search || url.hash) fail('`baseUrl` must not contain a query or fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(API_PREFIX, '')}`;
}

function checkToken(token: unknown): string {
  if (typeof token !== 'string' || token === '') fail('`token` is required (an API token from Settings > Developer > API tokens)');
  if (/^bearer\s/i.test(token)) fail('`token` must not start with "Bearer "; pass the token alone');
  if (!TOKEN_SHAPE.test(token)) fail('`token` must be printable ASCII without spaces or line breaks');
  return token;
}

function userAgentFor(userAgent: unknown): string {
  if (userAgent === undefined || userAgent === '') return SDK_USER_AGENT;
  if (typeof userAgent !== 'string' || !USER_AGENT_SHAPE.test(userAgent)) fail('`userAgent` must be printable ASCII');
  return `${userAgent.trim()} ${SDK_USER_AGENT}`;
}

function fail(message: string): never {
  throw new ClientOptionsError(`createLedgerClient: ${message}`);
}
