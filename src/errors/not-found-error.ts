import { nameErrorClass } from './brand';
import { LedgerApiError, type LedgerApiErrorInit } from './ledger-api-error';

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
