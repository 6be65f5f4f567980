// ESM consumer: every entry by its package name, and round trips through the fake, by mock.fetch and by MSW.
import { setupServer } from 'msw/node';
import { createLedgerClient, isLedgerApiError } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMock as createMswMock } from 'personal-ledger-sdk/mocks/msw';
import { createLedgerMockServer } from 'personal-ledger-sdk/mocks/node';

const token = Object.values(DEMO_TOKENS)[0];
const mock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token, fetch: mock.fetch });
const me = await ledger.me();
const accounts = await ledger.accounts.list();
let notFound = false;
try {
  await ledger.accounts.get('00000000-0000-4000-8000-000000000000');
} catch (error) {
  notFound = isLedgerApiError(error, 404);
}

const mswMock = createMswMock({ scenario: 'demo' });
const server = setupServer(...mswMock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const viaMsw = await createLedgerClient({ baseUrl: mswMock.baseUrl, token }).categories.list();
server.close();

const running = await createLedgerMockServer({ scenario: 'demo' }).listen();
const viaHttp = await createLedgerClient({ baseUrl: running.url, token }).me();
await running.close();
console.log(
  JSON.stringify({
    esm: true,
    user: Boolean(me.user_id),
    accounts: accounts.length,
    notFound,
    msw: viaMsw.length > 0,
    http: viaHttp.user_id === me.user_id,
  }),
);
