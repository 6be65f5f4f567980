// A request as the kit describes it, before the gate adds the credentials: the wire types every layer above the
// gate (state, probes, the run) speaks.

/**
 * The Authorization a request carries. Only `valid` and `valid-lowercase-scheme` carry the token; every other
 * kind carries no valid token, so the service cannot act on it whatever its rules.
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
  | 'two-values';

/** One request of a probe. */
export interface ProbeRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
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
