import { createLedgerClient } from './../src/index';
const body = new TextEncoder().encode(JSON.stringify({ user_id: 'u', household_id: 'h', token_id: 't' }));
const headers: [string, string][] = [['content-type', 'application/json']];
const fetch = async (r: Request) => new Response(body, { status: 200, headers });
const sdk = createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_' + 'a'.repeat(40), fetch });
for (let i = 0; i < 100000; i++) await sdk.me();
