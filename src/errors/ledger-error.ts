// The base of every error the SDK throws, the brand its guards check, and the error of a bad option.

/**
 * The brand every SDK error carries on its prototype. `Symbol.for` is shared by all realms, so the guards
 * recognise errors from another copy of this package (ESM and CJS side by side, a bundled copy, a `vm` context).
 */
export const LEDGER_ERROR_BRAND: unique symbol = Symbol.for('personal-ledger-sdk.error');

/** Sets a class's `name` on its prototype, so the stack header is right and `name` is not an own property. */
export function nameErrorClass(errorClass: abstract new (...args: never[]) => Error, name: string): void {
  Object.defineProperty(errorClass.prototype, 'name', { value: name, writable: true, configurable: true });
}

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

/**
 * Thrown by `createLedgerClient` (or a helper such as `bulkUpsertSnapshots`) when an option is missing or
 * malformed (the SDK's `TypeError`). Its message names the option and never includes the token.
 */
export class ClientOptionsError extends LedgerError {
  static {
    nameErrorClass(this, 'ClientOptionsError');
  }
}
