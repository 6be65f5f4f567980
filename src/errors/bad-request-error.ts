import { nameErrorClass } from './brand';
import { LedgerApiError, type LedgerApiErrorInit } from './ledger-api-error';

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
