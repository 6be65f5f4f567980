// The errors of a request that got no response to read: NetworkError (no HTTP response at all) and TimeoutError (none
// within the attempt's time), and what both keep of the request: its method and path, never its headers.
import { redact } from '../shared/redact';
import { LedgerError, nameErrorClass } from './ledger-error';

/** What {@link NetworkError} and {@link TimeoutError} are built from: the request, never its headers. */
export interface RequestFailureInit {
  /** The request's HTTP method, e.g. `POST`. */
  method: string;
  /** The request's URL; only its path and query are kept. */
  url: string;
  /** How many attempts were made, retries included. @default 1 */
  attempts?: number;
  /** Strings scrubbed from the path and from the cause (the client passes its token). @default [] */
  redact?: readonly string[];
}

/** `POST /api/public/v1/snapshots/bulk`: method and path + query, with secrets scrubbed. */
export function describeRequest(init: RequestFailureInit): { method: string; path: string } {
  return { method: init.method.toUpperCase(), path: redact(pathOf(init.url), init.redact ?? []) };
}

/** Path and query of a URL (absolute or not): no origin, no credentials, no fragment; '' if it does not parse. */
export function pathOf(url: string): string {
  if (url === '') return '';
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '';
  }
}

/**
 * True when an error (its message, stack, `code`, and its causes, a few levels deep) mentions a secret.
 * Used to decide whether the original error may ride along as `cause`: fetch implementations do not put
 * request headers into errors, but a custom `fetch` could.
 */
export function mentionsSecret(error: unknown, secrets: readonly string[], depth = 0): boolean {
  const present = secrets.filter((secret) => secret !== '');
  if (present.length === 0 || error === undefined || error === null || depth > 4) return false;
  if (typeof error !== 'object') return present.some((secret) => String(error).includes(secret));
  const record = error as { message?: unknown; stack?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
  const texts = [record.message, record.stack, record.code].filter((t): t is string => typeof t === 'string');
  if (!(error instanceof Error)) {
    try {
      texts.push(JSON.stringify(error) ?? '');
    } catch {
      return true; // cannot look inside: assume the worst
    }
  }
  if (texts.some((text) => present.some((secret) => text.includes(secret)))) return true;
  if (mentionsSecret(record.cause, present, depth + 1)) return true;
  return Array.isArray(record.errors) && record.errors.some((inner) => mentionsSecret(inner, present, depth + 1));
}

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
function systemCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

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
