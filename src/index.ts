// The public entry: it only composes and names exports.
export { createLedgerClient } from './client';
export type { LedgerClient } from './client';
export type { FetchLike, LedgerClientOptions } from './options';
export type { AccountsResource } from './resources/accounts';
export type { CategoriesResource } from './resources/categories';
export type { SnapshotsResource } from './resources/snapshots';
export type { Middleware } from 'openapi-fetch';

export {
  BadRequestError,
  ClientOptionsError,
  createApiError,
  ForbiddenError,
  isLedgerApiError,
  isLedgerError,
  LedgerApiError,
  LedgerError,
  NotFoundError,
  PaymentRequiredError,
  REDACTED,
  UnauthorizedError,
  UnexpectedStatusError,
  UnprocessableEntityError,
} from './errors';
export type {
  ApiErrorByStatus,
  ApiErrorForStatus,
  CreateApiErrorOptions,
  ErrorDetailEntry,
  ErrorRequestLike,
  ErrorResponseLike,
  LedgerApiErrorInit,
} from './errors';

export type * from './types';
export type { components, operations, paths, webhooks } from './generated/openapi';
