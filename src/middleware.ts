import type { Middleware } from 'openapi-fetch';
import type { NormalizedClientOptions } from './options';

/** Sets `Authorization: Bearer <token>` on every request (middleware, so the token is never a static header). */
export function authorizationMiddleware(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/** Sets the `User-Agent` header: the caller's product token, then `personal-ledger-sdk/<version>`. */
export function userAgentMiddleware(userAgent: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('User-Agent', userAgent);
      return request;
    },
  };
}

/**
 * The client's own middleware, in order. Retries and timeouts are not middleware: they wrap `fetch` under
 * openapi-fetch (src/retry/fetch-with-retry.ts), so each attempt replays the request these produced.
 */
export function clientMiddleware(options: NormalizedClientOptions): Middleware[] {
  return [authorizationMiddleware(options.token), userAgentMiddleware(options.userAgent)];
}
