// The flow over HTTP, with this runtime's own fetch, against the ledger-mock whose base URL is the first argument.
import { createLedgerClient } from 'personal-ledger-sdk';
import { DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerFlow } from './flow.mjs';

const baseUrl = process.argv[2];
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl ?? ''))
  throw new Error(`expected a ledger-mock URL on 127.0.0.1, got ${baseUrl}`);
const ledger = createLedgerClient({ baseUrl, token: DEMO_TOKENS.alex });
console.log(JSON.stringify(await ledgerFlow(ledger, 'ledger-mock')));
