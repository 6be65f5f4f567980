import { redact } from '../shared/redact';

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
