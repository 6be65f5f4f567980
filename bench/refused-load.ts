// Memory after a refused load (issue 20, item 5): a ledger-mock server in this process (demo scenario), then each
// oversized or malformed /__mock load of the issue, sent over HTTP on 127.0.0.1; RSS and heapUsed before (after a
// full GC), right after the refusal, and after a full GC again. The request bodies are built before the first
// figure and kept until the last, so they count in none of the differences.
// node --expose-gc --import tsx bench/refused-load.ts [--mocks <path of mocks/node.ts>]   (prints a table)
import { request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { arg, gc } from './lib/child';

const MIB = 1024 * 1024;
const mocksNode = arg('mocks', new URL('../mocks/node.ts', import.meta.url).pathname);
const { createLedgerMockServer } = (await import(pathToFileURL(mocksNode).href)) as typeof import('../mocks/node');
const { DEMO_IDS } = await import('../mocks/index');

const day = (i: number) => new Date(Date.UTC(1900, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    account_id: DEMO_IDS.accounts.everydayChecking,
    snapshot_date: day(i),
    balance: i,
  }));
const seedOf = (count: number) => Buffer.from(JSON.stringify({ snapshots: rows(count) }));

interface Load {
  name: string;
  path: string;
  body: Buffer;
  chunked?: boolean;
}
// The issue's seed: just under the API's 8 MiB, which was all that bounded /__mock before.
const issueSeed = seedOf(83_500);
const size = `${(issueSeed.byteLength / MIB).toFixed(1)} MiB`;
const loads: Load[] = [
  { name: `the issue: a ${size} seed (83,500 rows), Content-Length`, path: '/__mock/snapshots/seed', body: issueSeed },
  {
    name: `the same ${size} seed, chunked (no Content-Length)`,
    path: '/__mock/snapshots/seed',
    body: issueSeed,
    chunked: true,
  },
  {
    name: 'a 3.5 MiB seed of 40,000 rows (under the byte limit)',
    path: '/__mock/snapshots/seed',
    body: seedOf(40_000),
  },
  {
    name: '10,000 wrong rows',
    path: '/__mock/snapshots/seed',
    body: Buffer.from(
      JSON.stringify({
        snapshots: Array.from({ length: 10_000 }, () => ({
          account_id: 1,
          snapshot_date: 2,
          balance: 'x',
          is_estimated: 3,
          extra: 1,
        })),
      }),
    ),
  },
  {
    name: 'the issue: a 305-byte scenario, one daily series 1970-2969',
    path: '/__mock/scenario',
    body: Buffer.from(
      JSON.stringify({
        households: [{ id: 'h', plan: 'household' }],
        users: [{ id: 'u', household_id: 'h' }],
        categories: [{ id: 'c', name: 'Cash' }],
        accounts: [{ id: 'a', owner_user_id: 'u', name: 'A', category_id: 'c' }],
        snapshot_series: [{ account_id: 'a', every: 'day', from: '1970-01-01', to: '2969-12-31', start_balance: 1 }],
      }),
    ),
  },
];

function send(url: string, load: Load): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(load.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(load.body.byteLength) }),
    };
    const req = request(`${url}${load.path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.once('error', reject);
    if (load.chunked)
      for (let at = 0; at < load.body.byteLength; at += 64 * 1024) req.write(load.body.subarray(at, at + 64 * 1024));
    req.end(load.chunked ? undefined : load.body);
  });
}

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
  }
};
const memory = () => {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / MIB, heap: heapUsed / MIB };
};
const fmt = (m: { rss: number; heap: number }) => `${m.rss.toFixed(0)} / ${m.heap.toFixed(0)}`;

const server = createLedgerMockServer({ scenario: 'demo' });
const running = await server.listen();
try {
  await send(running.url, {
    name: 'warm-up',
    path: '/__mock/snapshots/seed',
    body: Buffer.from(JSON.stringify({ snapshots: rows(10) })),
  });
  console.log(`mocks: ${mocksNode}`);
  console.log('load | answer | ms | RSS / heapUsed MiB: before | right after | after GC');
  for (const load of loads) {
    await settle();
    const before = memory();
    const started = performance.now();
    const answer = await send(running.url, load);
    const ms = performance.now() - started;
    const after = memory();
    await settle();
    const collected = memory();
    const code = (() => {
      try {
        return (JSON.parse(answer.text) as { code?: string }).code ?? '';
      } catch {
        return answer.text.slice(0, 60);
      }
    })();
    console.log(
      `${load.name} | ${answer.status} ${code} | ${ms.toFixed(0)} | ${fmt(before)} | ${fmt(after)} | ${fmt(collected)}`,
    );
  }
} finally {
  await running.close();
}
