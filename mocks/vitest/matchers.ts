// The fake's matchers registered on Vitest's expect: those of personal-ledger-sdk/mocks/matchers (by the package's own
// name, so there is one copy), whose types already extend Vitest's `expect`.
import { expect } from 'vitest';
import { ledgerMatchers } from 'personal-ledger-sdk/mocks/matchers';

expect.extend(ledgerMatchers);

export { ledgerMatchers };
