import { BadRequestError } from './bad-request-error';
import { ForbiddenError } from './forbidden-error';
import type { LedgerApiError, LedgerApiErrorInit } from './ledger-api-error';
import { NotFoundError } from './not-found-error';
import { PaymentRequiredError } from './payment-required-error';
import { UnauthorizedError } from './unauthorized-error';
import type { UnexpectedStatusError } from './unexpected-status-error';
import { UnprocessableEntityError } from './unprocessable-entity-error';

/** The error class for each status the specification names; every other status is an `UnexpectedStatusError`. */
export interface ApiErrorByStatus {
  400: BadRequestError;
  401: UnauthorizedError;
  402: PaymentRequiredError;
  403: ForbiddenError;
  404: NotFoundError;
  422: UnprocessableEntityError;
}

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

type ApiErrorClass<E extends LedgerApiError = LedgerApiError> = new (init: Omit<LedgerApiErrorInit, 'status'>) => E;

// Runtime twin of ApiErrorByStatus; `satisfies` keeps the two in step (a missing or extra status fails to compile).
const API_ERROR_CLASSES = {
  400: BadRequestError,
  401: UnauthorizedError,
  402: PaymentRequiredError,
  403: ForbiddenError,
  404: NotFoundError,
  422: UnprocessableEntityError,
} as const satisfies { [S in keyof ApiErrorByStatus]: ApiErrorClass<ApiErrorByStatus[S]> };

/** The named class for `status`, or `undefined` when the specification does not name it. */
export function apiErrorClassFor(status: number): ApiErrorClass | undefined {
  return Object.hasOwn(API_ERROR_CLASSES, status) ? API_ERROR_CLASSES[status as keyof ApiErrorByStatus] : undefined;
}

// For fallback messages when the response has no status text (HTTP/2, synthetic responses).
export const STATUS_TEXT: Readonly<Record<number, string>> = {
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
