/** One entry of an error body's `detail`: where (`body.<field>`, `query.<name>`...) and what. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * A rule's refusal, answered as a JSON error body `{ error, code, detail? }` with `status`.
 * `extra` adds fields to the body (the bulk `nothing_written` 422 carries the bulk result).
 * `reason` says, for the journal only, which rule decided and on what facts (never a token value).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Why, in a test author's words: the rule and the facts it used. Journaled, never sent. */
  reason: string | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail?: ErrorDetail[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** Sets the reason and returns the error: `throw notFound().because('...')`. */
  because(reason: string): this {
    this.reason = reason;
    return this;
  }

  /** The JSON body of the response. */
  body(): Record<string, unknown> {
    return {
      error: this.message,
      code: this.code,
      ...(this.detail ? { detail: this.detail } : {}),
      ...this.extra,
    };
  }
}

/**
 * Thrown by the control API when an action is refused, with the status the application would
 * answer: 402 for tokens or webhooks on a plan without API access, 404 for an unknown id, 400 for
 * bad input.
 */
export class MockControlError extends Error {
  override readonly name = 'MockControlError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** True for a MockControlError, also across bundles (matched by name). */
export function isMockControlError(error: unknown): error is MockControlError {
  return error instanceof MockControlError || (error instanceof Error && error.name === 'MockControlError');
}

/** Spec-gaps 11: unknown, malformed or out-of-reach ids all answer 404 `not_found`. */
export function notFound(): ApiError {
  return new ApiError(404, 'not_found', 'Not found');
}
