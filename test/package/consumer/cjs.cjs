// CommonJS consumer: require() of both entries.
const { setupServer } = require('msw/node');
const { createLedgerClient } = require('personal-ledger-sdk');
const { createLedgerMock, DEMO_TOKENS } = require('personal-ledger-sdk/mocks');

(async () => {
  const mock = createLedgerMock({ scenario: 'demo' });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: Object.values(DEMO_TOKENS)[0] });
  const categories = await ledger.categories.list();
  server.close();
  console.log(JSON.stringify({ cjs: true, categories: categories.length }));
})();
