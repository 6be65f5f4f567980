// Benchmark 4: 10,000 GET /me through the SDK (`ledger.me()`) against plain fetch + response.json(),
// both calling the same injected fetch: one answering from pre-built bytes (`--answer bytes`, the SDK's
// whole cost shows) or the fake's own fetch, mock.fetch (`--answer fake`).
import { createLedgerClient, type FetchLike } from '../src/index';
import { arg, report } from './lib/child';
import { ledgerFixture, TOKEN } from './lib/ledger-fixture';

const CALLS = Number(arg('calls', '10000'));
const answer = arg('answer');

const fixture = await ledgerFixture(0);
const { mock } = fixture;
let fetch: FetchLike;
if (answer === 'fake') {
  fetch = mock.fetch;
} else if (answer === 'bytes') {
  // The fake's own answer to GET /me, captured once and replayed as a new Response per call.
  const sample = await mock.fetch(new Request(`${mock.baseUrl}/api/public/v1/me`, { headers: { authorization: `Bearer ${TOKEN}` } }));
  const bytes = new Uint8Array(await sample.arrayBuffer());
  const headers = [...sample.headers];
  fetch = async () => new Response(bytes, { status: 200, headers });
} else {
  throw new Error(`unknown --answer ${answer}`);
}

const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch });
const url = `${mock.baseUrl}/api/public/v1/me`;
// The baseline sends the request the SDK sends (same URL, same headers: Authorization and the SDK's User-Agent,
// read from one SDK request), so the fake does the same work for both and the ratio is the client's own cost.
// A second baseline sends Authorization only, as a hand-written script might: shown for reference.
let sdkHeaders: Array<[string, string]> = [];
await createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch: (request, init) => ((sdkHeaders = [...request.headers]), fetch(request, init)) }).me();
if (!sdkHeaders.some(([name]) => name === 'user-agent')) throw new Error('the SDK request carried no User-Agent');
const plainWith = (headers: HeadersInit) => async () => {
  const response = await fetch(new Request(url, { headers }));
  if (!response.ok) throw new Error(`status ${response.status}`);
  return (await response.json()) as { user_id: string };
};
const plain = plainWith(sdkHeaders);
const plainAuthOnly = plainWith({ authorization: `Bearer ${TOKEN}` });
const sdk = () => ledger.me();

async function time(call: () => Promise<{ user_id: string }>, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const me = await call();
    if (typeof me.user_id !== 'string') throw new Error('no user_id');
  }
  return performance.now() - started;
}

// Warm the paths, then alternate blocks so drift (GC, other load) falls on all alike.
await time(plain, 500);
await time(plainAuthOnly, 500);
await time(sdk, 500);
const BLOCKS = 10;
let plainMs = 0;
let authOnlyMs = 0;
let sdkMs = 0;
for (let b = 0; b < BLOCKS; b++) {
  plainMs += await time(plain, CALLS / BLOCKS);
  sdkMs += await time(sdk, CALLS / BLOCKS);
  authOnlyMs += await time(plainAuthOnly, CALLS / BLOCKS);
}
report({
  plainMs,
  sdkMs,
  ratio: sdkMs / plainMs,
  ratioAuthOnly: sdkMs / authOnlyMs,
  sdkUsPerCall: (sdkMs * 1000) / CALLS,
  plainUsPerCall: (plainMs * 1000) / CALLS,
  authOnlyUsPerCall: (authOnlyMs * 1000) / CALLS,
});
