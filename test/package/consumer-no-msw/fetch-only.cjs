// The same from CommonJS.
const { createLedgerClient } = require('personal-ledger-sdk');
const { createLedgerMock, DEMO_TOKENS } = require('personal-ledger-sdk/mocks');

const mock = createLedgerMock({ scenario: 'demo' });
createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch })
  .me()
  .then((me) => console.log(JSON.stringify({ user: me.user_id })));
