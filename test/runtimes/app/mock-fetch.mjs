// The flow through mock.fetch: the SDK and the fake in this one process, no network.
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerFlow } from './flow.mjs';

const mock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
console.log(JSON.stringify(await ledgerFlow(ledger, 'mock.fetch')));
