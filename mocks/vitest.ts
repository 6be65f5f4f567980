// personal-ledger-sdk/mocks/vitest: the fake in Vitest. Importing it registers the matchers (expect.extend) and types
// them on Vitest's Assertion; ledgerTest gives each test a fake and a client. Vitest is an optional peer dependency:
// only this entry imports it, and the fake and the client come from the package's own entries.
export { ledgerMatchers, type LedgerMatchers, type ReceivedExpectation } from './vitest/received';
export { ledgerTest, SETUP_CHECKPOINT, type LedgerFixtures, type LedgerTestOptions } from './vitest/ledger-test';
