// The CommonJS side of the fake's types under node16.
import mocks = require('personal-ledger-sdk/mocks');

export const mock: mocks.LedgerMock = mocks.createLedgerMock({ scenario: 'demo' });
