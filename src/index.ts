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

// The API's errors (LedgerApiError, one class per status the specification names, UnexpectedStatusError,
// createApiError and their types): every export of that file is public, so a new named status is one edit there.
export * from './errors/api-errors';
export { BulkUpsertError, type BulkUpsertErrorInit } from './errors/bulk-upsert-error';
export type { KnownLedgerErrorCode, LedgerErrorCode } from './errors/error-codes';
export { isBulkUpsertError, isLedgerApiError, isLedgerError, isNetworkError, isTimeoutError } from './errors/guards';
export { ClientOptionsError, LedgerError } from './errors/ledger-error';
export {
  NetworkError,
  type NetworkErrorInit,
  type RequestFailureInit,
  TimeoutError,
  type TimeoutErrorInit,
} from './errors/request-errors';
export { REDACTED } from './shared/redact';

export type * from './types';
export type { components, operations, paths, webhooks } from './generated/openapi';
