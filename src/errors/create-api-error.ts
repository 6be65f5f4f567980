import { parseRetryAfter } from '../shared/retry-after';
import type { LedgerApiError } from './ledger-api-error';
import { readErrorBody } from './read-error-body';
import { redact } from '../shared/redact';
import { pathOf } from './request-failure';
import { apiErrorClassFor, STATUS_TEXT } from './status-classes';
import { UnexpectedStatusError } from './unexpected-status-error';

/** The parts of a `Response` an API error is built from. */
export type ErrorResponseLike = Pick<Response, 'status' | 'statusText'> & {
  readonly url?: string;
  /** Read for `Retry-After` only (429, 503). */
  readonly headers?: Pick<Headers, 'get'>;
};

/** The request an error describes: only its method and URL are read (never its headers). */
export interface ErrorRequestLike {
  readonly method: string;
  readonly url: string;
}

/** Options of {@link createApiError}. */
export interface CreateApiErrorOptions {
  /** Strings scrubbed from the body and path before they are kept (the client passes its token). @default [] */
  redact?: readonly string[];
}

/**
 * Builds the error for a failed response, picking the class from the status (404 -> `NotFoundError`,
 * 413/429/5xx -> `UnexpectedStatusError`...). `body` is what openapi-fetch returned as `error`: parsed JSON,
 * raw text, or `undefined` for an empty body. Only the request's method and URL path + query are kept.
 *
 * @example
 * const { data, error, response } = await client.GET('/api/public/v1/me');
 * if (error !== undefined || !response.ok) throw createApiError(response, error);
 */
export function createApiError(
  response: ErrorResponseLike,
  body: unknown,
  request?: ErrorRequestLike,
  options: CreateApiErrorOptions = {},
): LedgerApiError {
  const secrets = options.redact ?? [];
  const fields = readErrorBody(redact(body, secrets));
  const method = request?.method.toUpperCase() ?? '';
  const path = redact(pathOf(request?.url ?? response.url ?? ''), secrets);
  const init = {
    message: fields.error ?? fallbackMessage(response, method, path),
    code: fields.code,
    detail: fields.detail,
    body: fields.body,
    method,
    path,
  };
  const NamedClass = apiErrorClassFor(response.status);
  if (NamedClass) return new NamedClass(init);
  const retryAfterMs =
    response.status === 429 || response.status === 503
      ? parseRetryAfter(response.headers?.get('retry-after'))
      : undefined;
  return new UnexpectedStatusError({ ...init, status: response.status, retryAfterMs });
}

// `HTTP 502 Bad Gateway from GET /api/public/v1/me`
function fallbackMessage(response: ErrorResponseLike, method: string, path: string): string {
  const text = response.statusText || STATUS_TEXT[response.status] || '';
  const status = `HTTP ${response.status}${text ? ` ${text}` : ''}`;
  const target = [method, path].filter(Boolean).join(' ');
  return target ? `${status} from ${target}` : status;
}
