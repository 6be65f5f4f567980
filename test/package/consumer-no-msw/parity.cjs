// The same from CommonJS, two probes.
const { DEMO_TOKENS } = require('personal-ledger-sdk/mocks');
const { createLedgerMockServer } = require('personal-ledger-sdk/mocks/node');
const { runParity } = require('personal-ledger-sdk/parity');

(async () => {
  const running = await createLedgerMockServer({ scenario: 'demo' }).listen();
  const run = await runParity({
    baseUrl: running.url,
    token: DEMO_TOKENS.alex,
    rate: 1000,
    only: ['me.identity', 'accounts.list'],
  });
  await running.close();
  console.log(JSON.stringify({ summary: run.report.summary }));
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
