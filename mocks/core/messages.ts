// What the fake's core takes and gives: plain data, no fetch Request/Response, no msw, no node:http.
// Each adapter (MSW, mock.fetch, node:http) translates to and from these at its edge.

/** A request as the core sees it. */
export interface MockRequest {
  /** The HTTP method, upper case (`GET`, `POST`...). */
  method: string;
  /** The path under the fake's base URL as the URL parser leaves it (still percent-encoded), e.g. `/api/public/v1/me`. */
  path: string;
  /** The query string without its `?`; `''` when there is none. */
  query: string;
  /** Header names in lower case; a repeated header is one value joined with `, `. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The body, if the request has one. */
  body?: MockRequestBody;
}

/**
 * A request body: the text or bytes themselves, or a reader the core calls only when an operation reads a
 * body (after authentication), so a refused request is never buffered.
 */
export type MockRequestBody = string | Uint8Array | BodyReader;

/** A body read on demand. */
export interface BodyReader {
  /** The length the client declared (Content-Length), if any: over the limit is 413 before a byte is read. */
  declaredLength?: number;
  /**
   * Reads the whole body. Past `limit` bytes it stops reading and throws the core's 413 (`bodyTooLarge()`);
   * an adapter may also throw 408 (idle body) or 400 (the client went away mid-body) as an ApiError.
   */
  read(limit: number): Promise<Uint8Array | string>;
  /** What `read` returned, once it has, if the adapter keeps it (node:http's does: ledger-mock's inspector page shows it). */
  readonly received?: Uint8Array | string;
}

/** An answer: status, headers (lower-case names) and the body text. */
export interface MockResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** "Drop the connection": an injected network error. The client sees no response at all. */
export interface NetworkErrorReply {
  readonly networkError: true;
}

/** What the core answers: a response, or a dropped connection. The one reply type; adapters translate it. */
export type MockReply = MockResponse | NetworkErrorReply;

/** A reply on its way out of the pipeline, with what the journal notes about it (core/journal.ts). */
export interface NotedReply<R extends MockReply = MockReply> {
  reply: R;
  /** Why the fake answered so: the rule that decided and its facts, or what a fault did. */
  reason?: string;
  /** The error code of the answer, when it is one (a fault may keep the operation's). */
  code?: string;
  /** With an `afterApply` fault: the status the operation produced before its answer was replaced. */
  appliedStatus?: number;
}

/** The one dropped-connection reply. */
export const NETWORK_ERROR: NetworkErrorReply = Object.freeze({ networkError: true });

/** True when the reply is a dropped connection (not to be confused with the client's `isNetworkError`, an error guard). */
export function isDroppedConnection(reply: MockReply): reply is NetworkErrorReply {
  return (reply as Partial<NetworkErrorReply>).networkError === true;
}

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' });

/** A JSON answer. Without extra headers every answer shares one frozen header object. */
export function jsonReply(status: number, body: unknown, headers?: Record<string, string>): MockResponse {
  return { status, headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS, body: JSON.stringify(body) };
}
