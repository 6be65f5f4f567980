import { LEDGER_ERROR_BRAND } from './brand';
import type { LedgerApiError } from './ledger-api-error';
import type { LedgerError } from './ledger-error';
import type { ApiErrorForStatus } from './status-classes';

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
 *
 * @example
 * try { await client.accounts.get(id) } catch (e) { if (isLedgerApiError(e, 404)) return undefined; throw e }
 */
export function isLedgerApiError<Status extends number = number>(
  value: unknown,
  status?: Status,
): value is ApiErrorForStatus<Status> {
  if (!isLedgerError(value)) return false;
  const actual = (value as Partial<LedgerApiError>).status;
  return typeof actual === 'number' && (status === undefined || actual === status);
}
