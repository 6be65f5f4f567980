// ESM consumer: both entries by their package names, and one round trip through the fake.
import { setupServer } from 'msw/node';
import { createLedgerClient, isLedgerApiError } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';

const mock = createLedgerMock({ scenario: 'demo' });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const token = Object.values(DEMO_TOKENS)[0];
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token });
const me = await ledger.me();
const accounts = await ledger.accounts.list();
let notFound = false;
try {
  await ledger.accounts.get('00000000-0000-4000-8000-000000000000');
} catch (error) {
  notFound = isLedgerApiError(error, 404);
}
server.close();
console.log(JSON.stringify({ esm: true, user: Boolean(me.user_id), accounts: accounts.length, notFound }));
