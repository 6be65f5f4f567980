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
 * The client's own middleware, in order. Later stages (retries, timeouts: see the bulk-helper issue) are
 * added here from their normalized options.
 */
export function clientMiddleware(options: NormalizedClientOptions): Middleware[] {
  return [authorizationMiddleware(options.token), userAgentMiddleware(options.userAgent)];
}
