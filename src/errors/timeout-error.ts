import { nameErrorClass } from './brand';
import { LedgerError } from './ledger-error';
import { describeRequest, type RequestFailureInit } from './request-failure';

/** What a {@link TimeoutError} is built from. */
export interface TimeoutErrorInit extends RequestFailureInit {
  /** The per-attempt limit that was reached. */
  timeoutMs: number;
}

/**
 * An attempt got no complete response within `timeoutMs` (the client's per-attempt timeout). The request may
 * or may not have been processed. Carries the request's method and path, never its headers.
 * Test with {@link isTimeoutError}.
 */
export class TimeoutError extends LedgerError {
  /** The request's HTTP method, e.g. `POST`. */
  declare readonly method: string;
  /** The request's URL path and query. */
  declare readonly path: string;
  /** The per-attempt limit that was reached, in milliseconds. */
  declare readonly timeoutMs: number;
  /** Attempts made, retries included. */
  declare readonly attempts: number;

  static {
    nameErrorClass(this, 'TimeoutError');
  }

  /** Builds the error; the retry layer throws it once retries are used up or not allowed. */
  constructor(init: TimeoutErrorInit) {
    const { method, path } = describeRequest(init);
    const attempts = init.attempts ?? 1;
    const tries = attempts > 1 ? ` on attempt ${attempts} (retries used up or not allowed)` : '';
    super(`${method} ${path} timed out after ${init.timeoutMs} ms${tries}`);
    this.method = method;
    this.path = path;
    this.timeoutMs = init.timeoutMs;
    this.attempts = attempts;
  }
}
