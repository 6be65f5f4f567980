// Which failures may be retried for which requests.

/** POST paths that are upserts keyed by (account_id, snapshot_date): sending one twice stores the same state. */
const IDEMPOTENT_POSTS = [/\/api\/public\/v1\/snapshots$/, /\/api\/public\/v1\/snapshots\/bulk$/];
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when sending the request twice has the effect of sending it once: GET, PATCH (sets fields), DELETE,
 * POST /snapshots and POST /snapshots/bulk. POST /accounts creates a new account each time.
 */
export function isIdempotentRequest(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  if (IDEMPOTENT_METHODS.has(upper)) return true;
  const pathname = path.split('?')[0] ?? '';
  return upper === 'POST' && IDEMPOTENT_POSTS.some((pattern) => pattern.test(pathname));
}

/** System error codes that mean the request never left: nothing was connected to, or the name did not resolve. */
const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when a fetch failure proves the request was not sent (so not processed): connection refused or DNS
 * failure, as `error.cause.code` (undici) or `error.code`, or every error of an AggregateError (several
 * addresses tried) being one of those.
 */
export function failedBeforeSending(error: unknown): boolean {
  return [error, (error as { cause?: unknown } | null)?.cause].some(isUnsentCause);
}

function isUnsentCause(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const { code, errors } = value as { code?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.length > 0) return errors.every(isUnsentCause);
  return typeof code === 'string' && UNSENT_CODES.has(code);
}
