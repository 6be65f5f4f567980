// The public entry: it only composes and names exports.
export { createLedgerClient } from './client';
export type { LedgerClient } from './client';
export type { FetchLike, LedgerClientOptions } from './options';
export type {
  ClientErrorEvent,
  ClientEventBase,
  ClientEventName,
  ClientEvents,
  ClientListener,
  ClientListeners,
  ClientLogger,
  ClientRequestEvent,
  ClientResponseEvent,
  ClientRetryEvent,
} from './observe/events';
export type { AccountsResource } from './resources/accounts';
export type { CategoriesResource } from './resources/categories';
export type { RequestOptions } from './resources/send';
export type { SnapshotsResource } from './resources/snapshots';
export { DEFAULT_TIMEOUT_MS, RETRY_DEFAULTS } from './retry/retry-options';
export type { RetryBudgetOptions, RetryInfo, RetryOptions, RetryRequestPredicate } from './retry/retry-options';
export { MAX_BULK_ROWS } from './generated/api-constants';

export { bulkUpsertSnapshots } from './bulk/bulk-upsert-snapshots';
export { upsertChangedSnapshots } from './bulk/upsert-changed';
export type {
  DuplicateSnapshot,
  PlannedSnapshot,
  SkippedSnapshot,
  SnapshotChange,
  UpsertChangedOptions,
  UpsertChangedReport,
} from './bulk/upsert-changed';
export { formatBulkSummary, formatSkippedRows, groupSkippedByReason } from './bulk/report-format';
export type { FormatSkippedRowsOptions, SkippedReasonCount } from './bulk/report-format';
export type {
  BulkChunkResult,
  BulkDuplicate,
  BulkPendingRow,
  BulkProgress,
  BulkRow,
  BulkRows,
  BulkSkippedRow,
  BulkUpsertFailureReason,
  BulkUpsertOptions,
  BulkUpsertReport,
} from './bulk/types';
export type { Middleware } from 'openapi-fetch';

export {
  BadRequestError,
  BulkUpsertError,
  ClientOptionsError,
  createApiError,
  ForbiddenError,
  isBulkUpsertError,
  isLedgerApiError,
  isLedgerError,
  isNetworkError,
  isTimeoutError,
  LedgerApiError,
  LedgerError,
  NetworkError,
  NotFoundError,
  PaymentRequiredError,
  REDACTED,
  TimeoutError,
  UnauthorizedError,
  UnexpectedStatusError,
  UnprocessableEntityError,
} from './errors';
export type {
  ApiErrorByStatus,
  ApiErrorForStatus,
  BulkUpsertErrorInit,
  CreateApiErrorOptions,
  ErrorDetailEntry,
  ErrorRequestLike,
  ErrorResponseLike,
  KnownLedgerErrorCode,
  LedgerApiErrorInit,
  LedgerErrorCode,
  NetworkErrorInit,
  RequestFailureInit,
  TimeoutErrorInit,
  UnexpectedStatusErrorInit,
} from './errors';

export type * from './types';
export type { components, operations, paths, webhooks } from './generated/openapi';
