// personal-ledger-sdk/mocks/msw: the fake as MSW request handlers (msw 2 or 3, in Node and in the browser).
import type { HttpHandler } from 'msw';
import { createMswHandlers } from './adapters/msw';
import { mswRuntimeProblem } from './adapters/msw-runtime';
import { createFrontDoor } from './control-http/front-door';
import { createLedgerMock as createCoreMock, type LedgerMock, type LedgerMockOptions } from './create-ledger-mock';

/** A fake with MSW handlers. */
export interface LedgerMswMock extends LedgerMock {
  /**
   * The MSW handler serving every operation (a 404 `route_not_found` for any other path or method under the API),
   * and the control surface under `${baseUrl}/__mock` as mock.fetch does: `setupServer(...mock.handlers)`.
   * Handlers you add in front with `server.use()` override operations.
   */
  readonly handlers: HttpHandler[];
}

/**
 * Creates the fake (as `personal-ledger-sdk/mocks` does) with MSW handlers for it. Throws at once where msw cannot
 * work (msw 3 on Node before 22.12).
 * @example
 * const mock = createLedgerMock({ scenario: 'demo' });
 * const server = setupServer(...mock.handlers);
 */
export function createLedgerMock(options: LedgerMockOptions = {}): LedgerMswMock {
  const mock = createCoreMock(options);
  Object.defineProperty(mock, 'handlers', { value: ledgerHandlers(mock), enumerable: true });
  return mock as LedgerMswMock;
}

/** MSW handlers for a fake made elsewhere (e.g. the one behind `createLedgerMockServer`). */
export function ledgerHandlers(mock: LedgerMock): HttpHandler[] {
  const problem = mswRuntimeProblem();
  if (problem) throw new Error(problem);
  return createMswHandlers(createFrontDoor({ api: mock.handle, control: mock.control }), mock.baseUrl);
}

export type { LedgerMock, LedgerMockOptions } from './create-ledger-mock';
