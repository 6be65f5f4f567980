import { nameErrorClass } from './brand';
import { LedgerApiError, type LedgerApiErrorInit } from './ledger-api-error';

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
