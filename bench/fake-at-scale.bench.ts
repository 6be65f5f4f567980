// Benchmark 2: the fake at scale. GET /snapshots?account_id&from&to (one account, 30 days) answered by
// the fake's handlers (msw getResponse, no interception) with `--size` snapshots stored (100 accounts,
// size/100 consecutive days each, seeded through control.seedSnapshots), and the heap those snapshots take.
// One size per process: node --expose-gc --import tsx bench/fake-at-scale.bench.ts --size 1000000
import { createRandomSource } from '../mocks/store/random';
import { arg, gc, report } from './lib/child';
import { ledgerFixture, seedDaily, TOKEN } from './lib/ledger-fixture';
import { percentiles } from './lib/stats';

const ACCOUNTS = 100;
const SIZE = Number(arg('size'));
const REQUESTS = Number(arg('requests', '2000'));
const WARMUP = 300;

const fixture = await ledgerFixture(ACCOUNTS);
const fetch = fixture.mock.fetch;
const demoSnapshots = fixture.mock.store.snapshots.size;
gc();
const heapBefore = process.memoryUsage().heapUsed;
await seedDaily(fixture, SIZE / ACCOUNTS);
gc();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
if (fixture.mock.store.snapshots.size - demoSnapshots !== SIZE) throw new Error(`expected ${SIZE} snapshots`);

const random = createRandomSource(`fake-at-scale-${SIZE}`);
const days = SIZE / ACCOUNTS;
const headers = { authorization: `Bearer ${TOKEN}` };
async function query(): Promise<number> {
  const account = fixture.accounts[Math.floor(random.next() * ACCOUNTS)]!;
  const from = Math.floor(random.next() * (days - 30));
  const url = `${fixture.mock.baseUrl}/api/public/v1/snapshots?account_id=${account}&from=${fixture.day(from)}&to=${fixture.day(from + 29)}`;
  const started = performance.now();
  const response = await fetch(new Request(url, { headers }));
  const body = (await response.json()) as { snapshots: unknown[] };
  const ms = performance.now() - started;
  if (response.status !== 200 || body.snapshots.length !== 30) throw new Error(`unexpected answer ${response.status}`);
  return ms;
}

for (let i = 0; i < WARMUP; i++) await query();
const samples: number[] = [];
for (let i = 0; i < REQUESTS; i++) samples.push(await query());
const { p50, p99 } = percentiles(samples);
report({ size: SIZE, p50Ms: p50, p99Ms: p99, heapMb });
