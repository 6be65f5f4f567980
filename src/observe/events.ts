// The client's events and its log option: what a listener is given, and what a logger must have.

/** What every client event carries. */
export interface ClientEventBase {
  /**
   * Numbers the calls a client makes while something listens, from 1: every event of one call (its attempts and
   * retries) carries the same `callId`, so a listener can pair a call's first `request` with its final event.
   */
  callId: number;
  /** The HTTP method, e.g. `GET`. */
  method: string;
  /**
   * The operation's route template, as in openapi.json: `/api/public/v1/accounts/{id}`, never the ids. Few
   * distinct values: fit for metric labels and span names.
   */
  route: string;
  /** The request's path and query, with the ids: `/api/public/v1/accounts/7d1c…`. Never the token. */
  path: string;
  /** Which attempt of the call this is: 1, then 2 for the first retry... */
  attempt: number;
}

/** An attempt is being sent (after middleware, so with the headers that go out). */
export interface ClientRequestEvent extends ClientEventBase {
  /** The request's headers, names in lower case; `authorization` is `[REDACTED]`, and the token is never in a value. */
  headers: Record<string, string>;
  /** Bytes of the JSON body (UTF-8), or `undefined` for a request without one. */
  requestBytes: number | undefined;
  /** The body given to the call (before JSON encoding), with `eventBodies: true` only; the token never in it. */
  body?: unknown;
}

/** An attempt got a response, of any status, and its body was read. */
export interface ClientResponseEvent extends ClientEventBase {
  /** The HTTP status. */
  status: number;
  /** From the start of the attempt to the end of the body read, in milliseconds. */
  durationMs: number;
  /**
   * The service's id for the request, from the first of these response headers that is present: `x-request-id`,
   * `request-id`, `x-correlation-id` (docs/spec-gaps.md, 33); `undefined` when none is.
   */
  requestId: string | undefined;
  /** The response's headers, names in lower case; the token is never in a value. */
  headers: Record<string, string>;
  /** Bytes of the body, from `Content-Length`; `undefined` when the response did not say. */
  responseBytes: number | undefined;
  /** `true` when this is the call's outcome, `false` when a retry follows (a `retry` event comes next). */
  final: boolean;
  /** The parsed body (data or error body), with `eventBodies: true` only; the token never in it. */
  body?: unknown;
}

/** The client is about to wait `delayMs` and then send attempt `attempt + 1`. */
export interface ClientRetryEvent extends ClientEventBase {
  /** How long the client waits first (Retry-After, or backoff with full jitter), in milliseconds. */
  delayMs: number;
  /** The status that caused it, when the failed attempt got a response. */
  status?: number;
  /** The failure that caused it (`NetworkError` or `TimeoutError`), when the failed attempt got no response. */
  error?: Error;
}

/**
 * An attempt ended without a response (a network failure or a timeout), or the call stopped with an error of its
 * own: the caller's abort, a body that is not JSON, an error thrown by middleware.
 */
export interface ClientErrorEvent extends ClientEventBase {
  /** What ended it: a `NetworkError`, a `TimeoutError`, the abort reason, or the error thrown. */
  error: unknown;
  /** From the start of the attempt to the failure, in milliseconds. */
  durationMs: number;
  /** `true` when this is the call's outcome (the call rejects with `error`), `false` when a retry follows. */
  final: boolean;
}

/** The client's events by name. */
export interface ClientEvents {
  request: ClientRequestEvent;
  response: ClientResponseEvent;
  retry: ClientRetryEvent;
  error: ClientErrorEvent;
}

/** The name of a client event. */
export type ClientEventName = keyof ClientEvents;

/** A listener of one client event. It runs synchronously; what it throws is reported, never thrown into the call. */
export type ClientListener<E extends ClientEventName> = (event: ClientEvents[E]) => void;

/** Listeners by event name, as the `on` option takes them. */
export type ClientListeners = { [E in ClientEventName]?: ClientListener<E> | undefined };

/** A console-like logger: `console`, or pino, winston, a logger of your framework. */
export interface ClientLogger {
  /** Gets one line per attempt. */
  debug(message: string, ...details: unknown[]): void;
  /** Not used by the client today; part of the console-like shape. */
  info(message: string, ...details: unknown[]): void;
  /** Gets one line per retry. */
  warn(message: string, ...details: unknown[]): void;
  /** Gets a listener's error, with the error as the second argument. */
  error(message: string, ...details: unknown[]): void;
}

// Every event once: the compiler checks this against ClientEvents, so the list below cannot drift from it.
const NAMES: Record<ClientEventName, true> = { request: true, response: true, retry: true, error: true };

/** The events' names. */
export const CLIENT_EVENT_NAMES = Object.keys(NAMES) as readonly ClientEventName[];
