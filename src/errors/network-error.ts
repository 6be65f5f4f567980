import { nameErrorClass } from './brand';
import { LedgerError } from './ledger-error';
import { describeRequest, mentionsSecret, type RequestFailureInit } from './request-failure';

/** What a {@link NetworkError} is built from. */
export interface NetworkErrorInit extends RequestFailureInit {
  /** What fetch threw. Kept as `cause` unless it mentions a secret. @default undefined */
  cause?: unknown;
}

/**
 * The request got no HTTP response: DNS failure, refused or reset connection, TLS error, or a body that broke
 * off. `code` is the system error code when fetch gave one (`ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`...).
 * Carries the request's method and path, never its headers; `cause` is the original error unless it mentions
 * the token. Test with {@link isNetworkError}.
 */
export class NetworkError extends LedgerError {
  /** The request's HTTP method, e.g. `GET`. */
  declare readonly method: string;
  /** The request's URL path and query. */
  declare readonly path: string;
  /** The system error code from the cause (`ECONNREFUSED`, `ENOTFOUND`, `EAI_AGAIN`, `ECONNRESET`...), if any. */
  declare readonly code: string | undefined;
  /** Attempts made, retries included. */
  declare readonly attempts: number;

  static {
    nameErrorClass(this, 'NetworkError');
  }

  /** Builds the error; the retry layer throws it once retries are used up or not allowed. */
  constructor(init: NetworkErrorInit) {
    const { method, path } = describeRequest(init);
    const code = systemCodeOf(init.cause);
    const attempts = init.attempts ?? 1;
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    const keepCause = init.cause !== undefined && !mentionsSecret(init.cause, init.redact ?? []);
    super(
      `Network error on ${method} ${path}${code ? ` (${code})` : ''}${tries}: no response was received`,
      keepCause ? { cause: init.cause } : undefined,
    );
    this.method = method;
    this.path = path;
    this.code = code;
    this.attempts = attempts;
  }
}

/** The system error code of a fetch failure: on the error itself or its `cause` (undici puts it there). */
export function systemCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
