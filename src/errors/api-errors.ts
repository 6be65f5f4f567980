// The API's errors: the error of a response whose status is not a success, one class per status the specification
// names (and `UnexpectedStatusError` for any other), the table that ties a status to its class, and `createApiError`,
// which reads a response into one of them. Every export of this file is public (src/index.ts exports them all). A new
// named status is two lines in this file: its class, and its line in API_ERROR_CLASSES, which createApiError builds
// from and ApiErrorByStatus is read from. (The class alone cannot be the one line: TypeScript reads a type from a
// table, not from "every class of this file" without a namespace type import, which the declaration bundler of
// `npm run build` cannot emit; a class registering itself would leave the type its own list again.)
import { parseRetryAfter } from '../shared/retry-after';
import { redact } from '../shared/redact';
import type { LedgerErrorCode } from './error-codes';
import { LedgerError, nameErrorClass } from './ledger-error';
import { pathOf } from './request-errors';

/** One entry of an error body's `detail`: where the problem is (`body.<field>`, `query.<name>`...) and what it is. */
export interface ErrorDetailEntry {
  /** Where the problem is, e.g. `body.snapshots[3].balance` or `query.from`. */
  path: string;
  /** What is wrong there. */
  message: string;
}

/** What every API error is built from. The request is described by its method and path only. */
export interface LedgerApiErrorInit {
  /** The HTTP status of the response. */
  status: number;
  /** The error message: the body's `error`, or a fallback such as `HTTP 502 Bad Gateway from GET /api/public/v1/me`. */
  message: string;
  /** The body's machine-readable `code` (an open set: see {@link LedgerErrorCode}). @default undefined */
  code?: LedgerErrorCode | undefined;
  /** The body's `detail` entries. @default [] */
  detail?: readonly ErrorDetailEntry[] | undefined;
  /** The parsed JSON body, or the raw text (truncated) when the body is not JSON. @default undefined */
  body?: unknown;
  /** The request's HTTP method, e.g. `GET`. @default '' */
  method?: string | undefined;
  /** The request's URL path and query, e.g. `/api/public/v1/snapshots?from=2024-01-01`. @default '' */
  path?: string | undefined;
}

/**
 * The API answered with a status that is not a success. Subclasses name the statuses the specification names
 * (400, 401, 402, 403, 404, 422); {@link UnexpectedStatusError} covers every other one.
 * It keeps the request's method and path only: never the headers, so never the token.
 */
export class LedgerApiError extends LedgerError {
  /** The HTTP status of the response. */
  declare readonly status: number;
  /**
   * The body's machine-readable `code`, when it has one (e.g. `not_found`, `validation_failed`): one of the
   * codes docs/spec-gaps.md documents ({@link KnownLedgerErrorCode}), or a code a newer service added.
   */
  declare readonly code: LedgerErrorCode | undefined;
  /** The body's `detail` entries (field-level validation problems). Empty when the body has none. */
  declare readonly detail: readonly ErrorDetailEntry[];
  /** The parsed JSON body, or the raw text (truncated) when the body is not JSON. */
  declare readonly body: unknown;
  /** The request's HTTP method, e.g. `PATCH`. */
  declare readonly method: string;
  /** The request's URL path and query. */
  declare readonly path: string;

  static {
    nameErrorClass(this, 'LedgerApiError');
  }

  /** Builds the error; most callers want {@link createApiError}, which picks the subclass from the status. */
  constructor(init: LedgerApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail ?? [];
    this.body = init.body;
    this.method = init.method ?? '';
    this.path = init.path ?? '';
  }
}

/** 400: the request is malformed (`invalid_json`, or `invalid_query` such as a malformed `from`/`to`). */
export class BadRequestError extends LedgerApiError {
  declare readonly status: 400;

  static {
    nameErrorClass(this, 'BadRequestError');
  }

  /** Builds the error with status 400; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 400 });
  }
}

/** 401: the token is missing, invalid, revoked or expired (`missing_token`, `invalid_token`, `token_revoked`, `token_expired`). */
export class UnauthorizedError extends LedgerApiError {
  declare readonly status: 401;

  static {
    nameErrorClass(this, 'UnauthorizedError');
  }

  /** Builds the error with status 401; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 401 });
  }
}

/** 402: the household's plan lacks the API (`plan_required`) or sharing (`sharing_not_in_plan`). */
export class PaymentRequiredError extends LedgerApiError {
  declare readonly status: 402;

  static {
    nameErrorClass(this, 'PaymentRequiredError');
  }

  /** Builds the error with status 402; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 402 });
  }
}

/** 403: the token lacks the scope the operation needs (`insufficient_scope`). */
export class ForbiddenError extends LedgerApiError {
  declare readonly status: 403;

  static {
    nameErrorClass(this, 'ForbiddenError');
  }

  /** Builds the error with status 403; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 403 });
  }
}

/** 404: unknown id, or a record outside the token's reach (`not_found`); or no such operation (`route_not_found`). */
export class NotFoundError extends LedgerApiError {
  declare readonly status: 404;

  static {
    nameErrorClass(this, 'NotFoundError');
  }

  /** Builds the error with status 404; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 404 });
  }
}

/** 422: well-formed but rejected: validation (`validation_failed`, see `detail`), a missing reference, or a bulk call that wrote nothing (`nothing_written`). */
export class UnprocessableEntityError extends LedgerApiError {
  declare readonly status: 422;

  static {
    nameErrorClass(this, 'UnprocessableEntityError');
  }

  /** Builds the error with status 422; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 422 });
  }
}

/**
 * The class of each status the specification names: the one place a status is tied to its class ({@link
 * createApiError} builds from it, {@link ApiErrorByStatus} is its type). Every other status is an
 * `UnexpectedStatusError`.
 */
const API_ERROR_CLASSES = {
  400: BadRequestError,
  401: UnauthorizedError,
  402: PaymentRequiredError,
  403: ForbiddenError,
  404: NotFoundError,
  422: UnprocessableEntityError,
} as const;

/** The error class for each status the specification names; every other status is an `UnexpectedStatusError`. */
export type ApiErrorByStatus = {
  -readonly [Status in keyof typeof API_ERROR_CLASSES]: InstanceType<(typeof API_ERROR_CLASSES)[Status]>;
};

/**
 * The error {@link createApiError} builds for `Status`: its named class ({@link ApiErrorByStatus}), else
 * `UnexpectedStatusError<Status>` (which carries `retryAfterMs` for 429 and 503). A union of statuses gives the
 * union of their classes; a status known only as `number` gives `LedgerApiError`.
 */
export type ApiErrorForStatus<Status extends number> = number extends Status
  ? LedgerApiError
  : Status extends keyof ApiErrorByStatus
    ? ApiErrorByStatus[Status]
    : UnexpectedStatusError<Status>;

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
  if (Object.hasOwn(API_ERROR_CLASSES, response.status))
    return new API_ERROR_CLASSES[response.status as keyof typeof API_ERROR_CLASSES](init);
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

// For fallback messages when the response has no status text (HTTP/2, synthetic responses).
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Raw (non-JSON) error bodies are kept up to this many characters. */
const MAX_RAW_BODY_CHARS = 4096;

/** What an error body says, whatever its shape. */
interface ErrorBodyFields {
  /** The parsed JSON, or the raw text (truncated), or `undefined` when there was no body. */
  body: unknown;
  /** The body's `error` string, when it is a non-empty string. */
  error: string | undefined;
  code: string | undefined;
  detail: ErrorDetailEntry[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `error`, `code` and `detail` from a body that may be JSON, text (HTML from a proxy), empty or odd. */
function readErrorBody(raw: unknown): ErrorBodyFields {
  const body = typeof raw === 'string' ? parseText(raw) : raw;
  if (!isRecord(body)) return { body, error: undefined, code: undefined, detail: [] };
  const { error, code, detail } = body;
  return {
    body,
    error: typeof error === 'string' && error.trim() !== '' ? error : undefined,
    code: typeof code === 'string' ? code : undefined,
    detail: Array.isArray(detail) ? detail.filter(isDetailEntry).map(({ path, message }) => ({ path, message })) : [],
  };
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return truncate(text);
  }
}

function truncate(text: string): string {
  if (text.length <= MAX_RAW_BODY_CHARS) return text;
  return `${text.slice(0, MAX_RAW_BODY_CHARS)}… [truncated ${text.length - MAX_RAW_BODY_CHARS} characters]`;
}

function isDetailEntry(value: unknown): value is ErrorDetailEntry {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}
