import { nameErrorClass } from './brand';
import { LedgerError } from './ledger-error';

/**
 * Thrown by `createLedgerClient` (or a helper such as `bulkUpsertSnapshots`) when an option is missing or
 * malformed (the SDK's `TypeError`). Its message names the option and never includes the token.
 */
export class ClientOptionsError extends LedgerError {
  static {
    nameErrorClass(this, 'ClientOptionsError');
  }
}
