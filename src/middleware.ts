import type { Middleware } from 'openapi-fetch';
import type { NormalizedClientOptions } from './options';

/**
 * The client's own middleware: sets `Authorization: Bearer <token>` (as middleware, so the token is never a
 * static header) and `User-Agent` (the caller's product token, then `personal-ledger-sdk/<version>`).
 * Retries and timeouts are not middleware: the transport (src/retry/transport.ts) runs each attempt as a whole
 * openapi-fetch call, so this runs once per attempt.
 */
export function clientMiddleware(options: NormalizedClientOptions): Middleware[] {
  const authorization = `Bearer ${options.token}`;
  return [
    {
      onRequest({ request }) {
        request.headers.set('Authorization', authorization);
        request.headers.set('User-Agent', options.userAgent);
        return request;
      },
    },
  ];
}
