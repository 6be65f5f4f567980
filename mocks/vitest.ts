// personal-ledger-sdk/mocks/vitest: the fake in Vitest. Importing it registers the matchers of
// personal-ledger-sdk/mocks/matchers (expect.extend), typed on Vitest's expect; ledgerTest gives each test a fake and a
// client. Vitest is an optional peer dependency: only this entry imports it, and the fake, the client and the matchers
// come from the package's own entries.
export { ledgerMatchers } from './vitest/matchers';
export type { LedgerMatchers, ReceivedExpectation } from 'personal-ledger-sdk/mocks/matchers';
export { ledgerTest, SETUP_CHECKPOINT, type LedgerFixtures, type LedgerTestOptions } from './vitest/ledger-test';
