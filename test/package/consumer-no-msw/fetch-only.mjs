// A project that installed only personal-ledger-sdk (no msw): the fake through mock.fetch.
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';

const mock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
const accounts = await ledger.accounts.list();
console.log(JSON.stringify({ accounts: accounts.length }));
