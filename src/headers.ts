import type { NormalizedClientOptions } from './options';

/**
 * The headers of every request: the caller's `headers`, then `Authorization: Bearer <token>` and `User-Agent` (the
 * caller's product token, then `personal-ledger-sdk/<version>`) over any of the caller's with those names, so a
 * header in the options never replaces the token. Given to openapi-fetch as its static headers.
 */
export function clientHeaders(options: NormalizedClientOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(options.headers).forEach((value, name) => {
    headers[name] = value;
  });
  headers.authorization = `Bearer ${options.token}`;
  headers['user-agent'] = options.userAgent;
  return headers;
}
