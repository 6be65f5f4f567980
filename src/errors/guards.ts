import type { ApiErrorForStatus, LedgerApiError } from './api-errors';
import type { BulkUpsertError } from './bulk-upsert-error';
import type { KnownLedgerErrorCode } from './error-codes';
import { LEDGER_ERROR_BRAND, type LedgerError } from './ledger-error';
import type { NetworkError, TimeoutError } from './request-errors';

/**
 * True for any error thrown by this SDK, including one from another copy of the package or another realm
 * (it checks the `Symbol.for('personal-ledger-sdk.error')` brand, not `instanceof`).
 */
export function isLedgerError(value: unknown): value is LedgerError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [LEDGER_ERROR_BRAND]?: unknown })[LEDGER_ERROR_BRAND] === true
  );
}

/**
 * True for an SDK error that carries an HTTP status, across realms like {@link isLedgerError}.
 * With `status`, also checks the status and narrows to its class: `isLedgerApiError(e, 404)` gives `NotFoundError`.
 * With `code`, also checks the body's code; it is typed as a documented code, so a misspelled one
 * (`'token_revokd'`) is a type error here, where a plain `e.code === '...'` comparison cannot catch it.
 *
 * @example
 * try { await client.accounts.get(id) } catch (e) { if (isLedgerApiError(e, 404)) return undefined; throw e }
 * if (isLedgerApiError(error, 401, 'token_revoked')) console.error('The token was revoked: make a new one');
 */
export function isLedgerApiError<Status extends number = number>(
  value: unknown,
  status?: Status,
  code?: KnownLedgerErrorCode,
): value is ApiErrorForStatus<Status> {
  if (!isLedgerError(value)) return false;
  const { status: actual, code: actualCode } = value as Partial<LedgerApiError>;
  return (
    typeof actual === 'number' &&
    (status === undefined || actual === status) &&
    (code === undefined || actualCode === code)
  );
}

/** True for a {@link NetworkError} (no HTTP response), across realms (brand and `name`, like ky's guards). */
export function isNetworkError(value: unknown): value is NetworkError {
  return isLedgerError(value) && value.name === 'NetworkError';
}

/** True for a {@link TimeoutError} (an attempt exceeded `timeoutMs`), across realms. */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return isLedgerError(value) && value.name === 'TimeoutError';
}

/** True for a {@link BulkUpsertError} (a bulk run stopped early; read `report` and `pending`), across realms. */
export function isBulkUpsertError(value: unknown): value is BulkUpsertError {
  return isLedgerError(value) && value.name === 'BulkUpsertError';
}
