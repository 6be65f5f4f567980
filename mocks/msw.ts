// personal-ledger-sdk/mocks/msw: MSW handlers for the fake (msw 2 or 3, in Node and in the browser). Only this entry
// imports msw.
export { ledgerHandlers, type MswHandlerSource } from './adapters/msw';
export { createLedgerMock, type LedgerMswMock } from './msw-mock';
export type { LedgerMock, LedgerMockOptions } from './create-ledger-mock';
