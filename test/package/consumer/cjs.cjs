// CommonJS consumer: require() of every entry.
const { setupServer } = require('msw/node');
const { createLedgerClient } = require('personal-ledger-sdk');
const { createLedgerMock, DEMO_TOKENS } = require('personal-ledger-sdk/mocks');
const msw = require('personal-ledger-sdk/mocks/msw');
const { createLedgerMockServer } = require('personal-ledger-sdk/mocks/node');

(async () => {
  const token = Object.values(DEMO_TOKENS)[0];
  const mock = createLedgerMock({ scenario: 'demo' });
  const categories = await createLedgerClient({ baseUrl: mock.baseUrl, token, fetch: mock.fetch }).categories.list();
  const mswMock = msw.createLedgerMock({ scenario: 'demo' });
  const server = setupServer(...mswMock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const viaMsw = await createLedgerClient({ baseUrl: mswMock.baseUrl, token }).categories.list();
  server.close();
  const running = await createLedgerMockServer({ scenario: 'demo' }).listen();
  const viaHttp = await createLedgerClient({ baseUrl: running.url, token }).categories.list();
  await running.close();
  console.log(JSON.stringify({ cjs: true, categories: categories.length, msw: viaMsw.length, http: viaHttp.length }));
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
