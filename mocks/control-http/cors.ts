// Opt-in CORS for the API (ledger-mock --cors <origin>), so a front end served from its own dev server can call the
// fake from the browser. API routes only: /__mock never answers a preflight (cross-site.ts). Without --cors the
// fake sends no CORS header at all, as the real service's own pages need none.
import { operations } from '../core/handle-request';
import type { MockReply, MockRequest, MockResponse } from '../core/messages';
import { isDroppedConnection } from '../core/messages';

/** The methods of the API, from its operations (openapi.json). */
const API_METHODS = [...new Set(operations.map((operation) => operation.method.toUpperCase()))].join(', ');
/** The request headers the API and the SDK use. */
const API_REQUEST_HEADERS = 'Authorization, Content-Type, User-Agent';
/** The response headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = 'Retry-After, WWW-Authenticate, Ledger-Mock-Reason';

/** The CORS of the API for a set of allowed origins. */
export interface ApiCors {
  /** The answer to a preflight from an allowed origin (204), or `undefined` (the request is routed as usual). */
  preflight(request: MockRequest): MockResponse | undefined;
  /** The API's answer with the CORS headers for this request's Origin (and `Vary: Origin` on every answer). */
  decorate(request: MockRequest, reply: MockReply): MockReply;
}

/** An origin as browsers send it: `scheme://host[:port]`, lower case, no path. */
export function corsOriginProblem(origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http: or https: origin';
  if (url.origin !== origin) return `must be an origin alone, as a browser sends it: ${url.origin}`;
  return undefined;
}

/** CORS for the API, allowing exactly `origins` (each as corsOriginProblem accepts it). */
export function apiCors(origins: readonly string[]): ApiCors {
  const allowed = new Set(origins);
  const vary = { vary: 'Origin' };
  return {
    preflight({ method, headers }) {
      const origin = headers.origin;
      if (
        method !== 'OPTIONS' ||
        origin === undefined ||
        !allowed.has(origin) ||
        headers['access-control-request-method'] === undefined
      )
        return undefined;
      return {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': API_METHODS,
          'access-control-allow-headers': API_REQUEST_HEADERS,
          'access-control-max-age': '600',
          vary: 'Origin',
        },
        body: '',
      };
    },
    decorate({ headers }, reply) {
      if (isDroppedConnection(reply)) return reply;
      const origin = headers.origin;
      const added =
        origin !== undefined && allowed.has(origin)
          ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, ...vary }
          : vary;
      return { ...reply, headers: { ...reply.headers, ...added } };
    },
  };
}
