import { nameErrorClass } from './brand';
import { LedgerApiError, type LedgerApiErrorInit } from './ledger-api-error';

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
