import { nameErrorClass } from './brand';
import { LedgerApiError } from './ledger-api-error';

/**
 * Any status the specification does not name: 413 (`body_too_large`, `too_many_rows`), 429 (`rate_limited`),
 * 5xx, or a proxy's answer. Check `status` and `code`.
 */
export class UnexpectedStatusError extends LedgerApiError {
  static {
    nameErrorClass(this, 'UnexpectedStatusError');
  }
}
