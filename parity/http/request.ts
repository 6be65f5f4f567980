// A request as the kit describes it, before the gate adds the credentials: the wire types every layer above the
// gate (state, probes, the run) speaks.

/**
 * The places a request may carry the real token other than `Authorization: Bearer <token>`, the only one the
 * specification accepts (spec 4, 5.1): each is one entry (what the report calls it, and where the gate puts the
 * token). The gate sends these with GET only, to the base URL given, and never with an Authorization header.
 */
export const TOKEN_ELSEWHERE = {
  'query-access_token': { where: 'the query parameter access_token', query: 'access_token' },
  'query-token': { where: 'the query parameter token', query: 'token' },
  'query-api_key': { where: 'the query parameter api_key', query: 'api_key' },
  'cookie-access_token': { where: 'a cookie access_token', cookie: 'access_token' },
  'cookie-token': { where: 'a cookie token', cookie: 'token' },
  'cookie-session': { where: 'a cookie session', cookie: 'session' },
  'x-api-key': { where: 'the header X-API-Key', header: 'x-api-key', prefix: '' },
  'no-scheme': { where: 'Authorization without a scheme', header: 'authorization', prefix: '' },
  'token-scheme': { where: 'Authorization under the scheme Token', header: 'authorization', prefix: 'Token ' },
} as const satisfies Record<
  string,
  { where: string; query?: string; cookie?: string; header?: string; prefix?: string }
>;

/** A place of TOKEN_ELSEWHERE. */
export type TokenElsewhere = keyof typeof TOKEN_ELSEWHERE;

/**
 * The Authorization a request carries. Only `valid`, `valid-lowercase-scheme` and the TOKEN_ELSEWHERE places carry
 * the token; every other kind carries no valid token, so the service cannot act on it whatever its rules.
 */
export type AuthKind =
  | 'valid'
  /** `bearer <token>`: the token under a lower-case scheme name. */
  | 'valid-lowercase-scheme'
  /** No Authorization header. */
  | 'none'
  /** `Bearer ` with no token. */
  | 'empty-bearer'
  /** `Basic <base64>`: another scheme, with made-up credentials. */
  | 'basic'
  /** `Bearer <prefix>_<40 random characters>`: the form of a token, but one nobody was issued. */
  | 'made-up'
  /** `Bearer abc def`: two values where one token goes. */
  | 'two-values'
  /** The real token, somewhere the specification does not take it from (GET only). */
  | TokenElsewhere;

/** The methods the kit sends: the API's, PUT, and HEAD and OPTIONS (which change nothing, by HTTP's rules). */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** One request of a probe. */
export interface ProbeRequest {
  method: (typeof METHODS)[number];
  /** The path from the root, `/api/public/v1/...` (some probes leave that prefix on purpose). */
  path: string;
  /** The query string without `?`. */
  query?: string;
  /** @default 'valid' */
  auth?: AuthKind;
  /** A JSON body, sent as `application/json`. */
  json?: unknown;
  /** A body sent as it is (text or bytes), with `contentType`. */
  raw?: string | Uint8Array;
  /** The Content-Type of a `raw` body; `null` sends none. @default 'application/json' */
  contentType?: string | null;
}
