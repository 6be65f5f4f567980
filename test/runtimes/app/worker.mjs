// A Cloudflare worker (bundled by esbuild, run by workerd) that answers each request by running the flow through
// mock.fetch, with a fresh fake per request. No nodejs_compat: the client and personal-ledger-sdk/mocks need no node:.
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerFlow } from './flow.mjs';

export default {
  async fetch() {
    try {
      const mock = createLedgerMock({ scenario: 'demo' });
      const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
      return Response.json(await ledgerFlow(ledger, 'workerd'));
    } catch (error) {
      return new Response(String(error?.stack ?? error), { status: 500 });
    }
  },
};
