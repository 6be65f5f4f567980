// Benchmark 4: 10,000 GET /me through the SDK (`ledger.me()`) against openapi-fetch's own
// `GET('/api/public/v1/me')` and against plain fetch + response.json(), all calling the same injected fetch: one
// answering from pre-built bytes (`--answer bytes`, the SDK's whole cost shows) or the fake's own fetch, mock.fetch
// (`--answer fake`).
import createClient from 'openapi-fetch';
import { createLedgerClient, type FetchLike } from '../src/index';
import type { paths } from '../src/generated/openapi';
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
  const sample = await mock.fetch(
    new Request(`${mock.baseUrl}/api/public/v1/me`, { headers: { authorization: `Bearer ${TOKEN}` } }),
  );
  const bytes = new Uint8Array(await sample.arrayBuffer());
  const headers = [...sample.headers];
  fetch = async () => new Response(bytes, { status: 200, headers });
} else {
  throw new Error(`unknown --answer ${answer}`);
}

const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch });
const url = `${mock.baseUrl}/api/public/v1/me`;
// The baselines send the request the SDK sends (same URL, same headers: Authorization and the SDK's User-Agent,
// read from one SDK request), so the fake does the same work for all and the ratio is the client's own cost.
// A third baseline sends Authorization only, as a hand-written script might: shown for reference.
let sdkHeaders: Array<[string, string]> = [];
await createLedgerClient({
  baseUrl: mock.baseUrl,
  token: TOKEN,
  fetch: (request, init) => ((sdkHeaders = [...request.headers]), fetch(request, init)),
}).me();
if (!sdkHeaders.some(([name]) => name === 'user-agent')) throw new Error('the SDK request carried no User-Agent');
const plainWith = (headers: HeadersInit) => async () => {
  const response = await fetch(new Request(url, { headers }));
  if (!response.ok) throw new Error(`status ${response.status}`);
  return (await response.json()) as { user_id: string };
};
const plain = plainWith(sdkHeaders);
const plainAuthOnly = plainWith({ authorization: `Bearer ${TOKEN}` });
// openapi-fetch as its README shows it: a client with static headers, no middleware, the same fetch; checked
// once to send exactly the SDK's headers.
const openapiWith = (spy: FetchLike) =>
  createClient<paths>({ baseUrl: mock.baseUrl, fetch: spy, headers: Object.fromEntries(sdkHeaders) });
let openapiHeaders: Array<[string, string]> = [];
await openapiWith((request, init) => ((openapiHeaders = [...request.headers]), fetch(request, init))).GET(
  '/api/public/v1/me',
);
if (JSON.stringify(openapiHeaders) !== JSON.stringify(sdkHeaders))
  throw new Error('openapi-fetch sent other headers than the SDK');
const openapi = openapiWith(fetch);
const viaOpenapiFetch = async () => {
  const { data, response } = await openapi.GET('/api/public/v1/me');
  if (!data) throw new Error(`status ${response.status}`);
  return data;
};
const sdk = () => ledger.me();
// The same with a listener, as a metrics exporter would add: what events cost when someone listens.
let observedMs = 0;
const observed = createLedgerClient({
  baseUrl: mock.baseUrl,
  token: TOKEN,
  fetch,
  on: { response: (e) => void (observedMs += e.durationMs) },
});
const sdkObserved = () => observed.me();

/** Wall time and this process's CPU time (ms) of `count` calls. On a shared machine CPU time leaves out the time
 * other processes took the cores, so its ratios are the steadier; both are reported. */
async function time(call: () => Promise<{ user_id: string }>, count: number): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const me = await call();
    if (typeof me.user_id !== 'string') throw new Error('no user_id');
  }
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

// Warm the paths, then alternate blocks so drift (GC, other load) falls on all alike. A block pays in part for the
// garbage the block before it left (when openapi-fetch always ran right after the SDK, its blocks took about 40%
// longer than when it ran after itself), so the rounds follow a Williams design: over 2n rounds of n sides, each
// side runs right after each other side equally often.
const sides = Object.entries({ plain, sdk, openapi: viaOpenapiFetch, authOnly: plainAuthOnly, sdkObserved });
const ms = { plain: 0, sdk: 0, openapi: 0, authOnly: 0, sdkObserved: 0 };
const cpuMs = { ...ms };
for (const [, call] of sides) await time(call, 500);
const n = sides.length;
const first = sides.map((_, j) => (j === 0 ? 0 : j % 2 === 1 ? (j + 1) / 2 : n - j / 2)); // 0, 1, n-1, 2, n-2...
const rounds = first.flatMap((_, i) => {
  const order = first.map((k) => (k + i) % n);
  return [order, [...order].reverse()];
});
for (const order of rounds) {
  for (const k of order) {
    const [side, call] = sides[k]!;
    const spent = await time(call, CALLS / rounds.length);
    ms[side as keyof typeof ms] += spent.wall;
    cpuMs[side as keyof typeof ms] += spent.cpu;
  }
}
const perCall = (total: number) => (total * 1000) / CALLS;
report({
  plainMs: ms.plain,
  sdkMs: ms.sdk,
  openapiMs: ms.openapi,
  ratio: ms.sdk / ms.plain,
  ratioAuthOnly: ms.sdk / ms.authOnly,
  ratioOpenapi: ms.sdk / ms.openapi,
  ratioObserved: ms.sdkObserved / ms.sdk,
  cpuRatio: cpuMs.sdk / cpuMs.plain,
  cpuRatioOpenapi: cpuMs.sdk / cpuMs.openapi,
  cpuRatioObserved: cpuMs.sdkObserved / cpuMs.sdk,
  sdkUsPerCall: perCall(ms.sdk),
  plainUsPerCall: perCall(ms.plain),
  authOnlyUsPerCall: perCall(ms.authOnly),
  openapiUsPerCall: perCall(ms.openapi),
  observedUsPerCall: perCall(ms.sdkObserved),
});
if (!(observedMs > 0)) throw new Error('the response listener saw no call');
