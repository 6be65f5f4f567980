import { nameErrorClass } from './brand';
import { LedgerApiError, type LedgerApiErrorInit } from './ledger-api-error';

/** 402: the household's plan lacks the API (`plan_required`) or sharing (`sharing_not_in_plan`). */
export class PaymentRequiredError extends LedgerApiError {
  declare readonly status: 402;

  static {
    nameErrorClass(this, 'PaymentRequiredError');
  }

  /** Builds the error with status 402; most callers want {@link createApiError}. */
  constructor(init: Omit<LedgerApiErrorInit, 'status'>) {
    super({ ...init, status: 402 });
  }
}
