// The CommonJS side of the fake's types under node16.
import mocks = require('personal-ledger-sdk/mocks');
import msw = require('personal-ledger-sdk/mocks/msw');
import node = require('personal-ledger-sdk/mocks/node');

export const mock: mocks.LedgerMock = mocks.createLedgerMock({ scenario: 'demo' });
export const mswMock: msw.LedgerMswMock = msw.createLedgerMock({ scenario: 'demo' });
export const server: node.LedgerMockServer = node.createLedgerMockServer({ mock });
