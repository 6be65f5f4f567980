import { nameErrorClass } from './brand';
import { LedgerApiError, type LedgerApiErrorInit } from './ledger-api-error';

/** What an {@link UnexpectedStatusError} is built from. */
export interface UnexpectedStatusErrorInit<Status extends number = number> extends LedgerApiErrorInit {
  status: Status;
  /** The wait the response's `Retry-After` header asked for (429, 503), in milliseconds. @default undefined */
  retryAfterMs?: number | undefined;
}

/**
 * Any status the specification does not name: 413 (`body_too_large`, `too_many_rows`), 429 (`rate_limited`),
 * 5xx, or a proxy's answer. Check `status` and `code`; for 429 and 503, `retryAfterMs` says when to try again.
 * `isLedgerApiError(e, 429)` narrows to `UnexpectedStatusError<429>`.
 */
export class UnexpectedStatusError<Status extends number = number> extends LedgerApiError {
  /** The HTTP status of the response. */
  declare readonly status: Status;
  /**
   * The wait the `Retry-After` header asked for, in milliseconds, when the response had one (429, 503). A 429
   * reaches you when retries are used up or the wait is longer than `retry.maxRetryAfterMs`.
   */
  declare readonly retryAfterMs: number | undefined;

  static {
    nameErrorClass(this, 'UnexpectedStatusError');
  }

  /** Builds the error; most callers want {@link createApiError}. */
  constructor(init: UnexpectedStatusErrorInit<Status>) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
