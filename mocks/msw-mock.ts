// The fake with its MSW handlers as a property, as personal-ledger-sdk/mocks/msw first offered it. Kept so code
// written for it goes on working; new code makes the fake with createLedgerMock (personal-ledger-sdk/mocks) and its
// handlers with ledgerHandlers(mock).
import type { HttpHandler } from 'msw';
import { ledgerHandlers } from './adapters/msw';
import { createLedgerMock as createFake, type LedgerMock, type LedgerMockOptions } from './create-ledger-mock';

/** A fake with MSW handlers. */
export interface LedgerMswMock extends LedgerMock {
  /** `ledgerHandlers(mock)`, made once. */
  readonly handlers: HttpHandler[];
}

/**
 * Creates the fake (as `personal-ledger-sdk/mocks` does) with its MSW handlers in `mock.handlers`. Throws at once
 * where msw cannot work (msw 3 on Node before 22.12).
 *
 * @deprecated Make the fake with `createLedgerMock` from `personal-ledger-sdk/mocks` (one function, one type) and its
 * handlers with `ledgerHandlers(mock)` from here: `setupServer(...ledgerHandlers(mock))`.
 */
export function createLedgerMock(options: LedgerMockOptions = {}): LedgerMswMock {
  const mock = createFake(options);
  Object.defineProperty(mock, 'handlers', { value: ledgerHandlers(mock), enumerable: true });
  return mock as LedgerMswMock;
}
