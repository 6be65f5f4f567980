/**
 * The brand every SDK error carries on its prototype. `Symbol.for` is shared by all realms, so the guards
 * recognise errors from another copy of this package (ESM and CJS side by side, a bundled copy, a `vm` context).
 */
export const LEDGER_ERROR_BRAND: unique symbol = Symbol.for('personal-ledger-sdk.error');

/** Sets a class's `name` on its prototype, so the stack header is right and `name` is not an own property. */
export function nameErrorClass(errorClass: abstract new (...args: never[]) => Error, name: string): void {
  Object.defineProperty(errorClass.prototype, 'name', { value: name, writable: true, configurable: true });
}
