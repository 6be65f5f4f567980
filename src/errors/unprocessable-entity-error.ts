import { nameErrorClass } from './brand';
import { LedgerApiError, type LedgerApiErrorInit } from './ledger-api-error';

/** 422: well-formed but rejected: validation (`validation_failed`, see `detail`), a missing reference, or a bulk call that wrote nothing (`nothing_written`). */
export class UnprocessableEntityError extends LedgerApiError {
  declare readonly status: 422;

  static {
    nameErrorClass(this, 'UnprocessableEntityError');
  }

  /** Builds the error with status 422; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 422 });
  }
}
