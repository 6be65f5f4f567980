import { LEDGER_ERROR_BRAND, nameErrorClass } from './brand';

/** The base of every error this SDK throws. Test with {@link isLedgerError}, which works across realms. */
export class LedgerError extends Error {
  declare readonly [LEDGER_ERROR_BRAND]: true;

  static {
    nameErrorClass(this, 'LedgerError');
    Object.defineProperty(this.prototype, LEDGER_ERROR_BRAND, { value: true });
  }

  /** A plain, loggable copy: `name`, `message` and the error's own fields (`status`, `path`...; never `cause`). */
  toJSON(): Record<string, unknown> {
    // `message`, `stack` and `cause` are own but not enumerable: the spread takes the class's fields only.
    return { name: this.name, message: this.message, ...(this as object) };
  }
}
