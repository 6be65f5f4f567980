// Benchmark 1: bulkUpsertSnapshots of 1,000,000 rows (200 chunks of 5,000) through the SDK into the
// in-process fake, against a floor: the same chunks JSON-encoded, decoded and upserted into a Map.
// One run per process: node --expose-gc --import tsx bench/bulk-sync.bench.ts --variant e2e|floor --state empty|full --transport msw|fetch
import { setupServer } from 'msw/node';
import { ledgerHandlers } from '../mocks/msw';
import { MAX_BULK_ROWS } from '../src/generated/api-constants';
import { bulkUpsertSnapshots, createLedgerClient } from '../src/index';
import { arg, gc, peakRssMb, report } from './lib/child';
import { dailyRows, ledgerFixture, seedDaily, TOKEN } from './lib/ledger-fixture';

export const ACCOUNTS = 100;
export const DAYS = Number(arg('days', '10000'));
export const ROWS = ACCOUNTS * DAYS;
export const CHUNK = MAX_BULK_ROWS;

const variant = arg('variant');
/** The process's CPU time (all its threads) since `start`, in ms: steadier than wall time when others share the cores. */
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const state = arg('state');
const transport = arg('transport', 'msw');

const fixture = await ledgerFixture(ACCOUNTS);
if (state === 'full') await seedDaily(fixture, DAYS);
else if (state !== 'empty') throw new Error(`unknown --state ${state}`);

if (variant === 'e2e') {
  const server = transport === 'msw' ? setupServer(...ledgerHandlers(fixture.mock)) : undefined;
  server?.listen({ onUnhandledRequest: 'error' });
  const client = createLedgerClient({
    baseUrl: fixture.mock.baseUrl,
    token: TOKEN,
    ...(transport === 'fetch' ? { fetch: fixture.mock.fetch } : {}),
  });
  gc();
  const rssBefore = process.memoryUsage().rss / 2 ** 20;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await bulkUpsertSnapshots(client, dailyRows(fixture, DAYS), { chunkSize: CHUNK });
  const ms = performance.now() - started;
  server?.close();
  const expected = state === 'empty' ? { inserted: ROWS, updated: 0 } : { inserted: 0, updated: ROWS };
  if (
    result.inserted !== expected.inserted ||
    result.updated !== expected.updated ||
    result.skipped.length > 0 ||
    result.chunks.length !== ROWS / CHUNK
  ) {
    throw new Error(
      `unexpected report: ${JSON.stringify({ ...result, chunks: result.chunks.length, skipped: result.skipped.slice(0, 3) })}`,
    );
  }
  if (fixture.mock.store.snapshots.size < ROWS) throw new Error('rows missing from the store');
  report({
    ms,
    cpuMs: cpuMsSince(cpu),
    rowsPerSec: ROWS / (ms / 1000),
    peakRssMb: peakRssMb(),
    rssBeforeMb: rssBefore,
  });
} else if (variant === 'floor') {
  // The same keys already stored, when the fake's store is full.
  const map = new Map<string, { balance: number; is_estimated: boolean }>();
  if (state === 'full')
    for (const row of dailyRows(fixture, DAYS, (n) => -n))
      map.set(`${row.account_id}|${row.snapshot_date}`, { balance: row.balance, is_estimated: false });
  gc();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let inserted = 0;
  let chunk: unknown[] = [];
  const flush = () => {
    const body = JSON.parse(JSON.stringify({ snapshots: chunk })) as {
      snapshots: Array<{ account_id: string; snapshot_date: string; balance: number }>;
    };
    for (const row of body.snapshots) {
      const key = `${row.account_id}|${row.snapshot_date}`;
      const existing = map.get(key);
      if (existing) {
        existing.balance = row.balance;
        existing.is_estimated = false;
      } else {
        map.set(key, { balance: row.balance, is_estimated: false });
        inserted++;
      }
    }
    chunk = [];
  };
  for (const row of dailyRows(fixture, DAYS)) {
    chunk.push(row);
    if (chunk.length === CHUNK) flush();
  }
  if (chunk.length > 0) flush();
  const ms = performance.now() - started;
  if (inserted !== (state === 'empty' ? ROWS : 0) || map.size !== ROWS) throw new Error('floor miscounted');
  report({ ms, cpuMs: cpuMsSince(cpu), rowsPerSec: ROWS / (ms / 1000), peakRssMb: peakRssMb() });
} else {
  throw new Error(`unknown --variant ${variant}`);
}
