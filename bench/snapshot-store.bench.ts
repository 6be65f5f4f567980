// Benchmarks of the fake's snapshot store against a plain Map keyed by `${account_id}|${date}`.
// Run: npx tsx bench/snapshot-store.bench.ts   (heap figures run in child processes with --expose-gc)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SnapshotStore } from '../mocks/store/snapshot-store';
import { MAX_BULK_ROWS } from '../src/generated/api-constants';
import { dayNumber } from '../src/shared/calendar-date';
import { formatDay } from '../mocks/store/dates';
import { createRandomSource } from '../mocks/store/random';
import { LedgerStore } from '../mocks/store/ledger-store';
import { bulkUpsertSnapshots } from '../mocks/rules/bulk';
import { createUser, reachOf } from '../mocks/rules/households';
import { createCategory } from '../mocks/rules/categories';
import { seedAccount } from '../mocks/rules/accounts';
import { issueToken } from '../mocks/rules/auth';

const MILLION = 1_000_000;
/** One bulk call's rows. */
const BATCH = MAX_BULK_ROWS;
const RUNS = 7;
const START_DAY = dayNumber('2000-01-01')!;

interface Wire {
  id: string;
  account_id: string;
  snapshot_date: string;
  balance: number;
  is_estimated: boolean;
}
type Baseline = Map<string, Wire>;

const accountIds = (count: number) => {
  const random = createRandomSource('bench-accounts');
  return Array.from({ length: count }, () => random.uuid());
};

/** `accounts` accounts with `perAccount` consecutive daily snapshots each. */
function buildStore(accounts: string[], perAccount: number): SnapshotStore {
  const store = new SnapshotStore();
  for (const id of accounts) for (let d = 0; d < perAccount; d++) store.upsert(id, START_DAY + d, d * 1.25, false);
  return store;
}

function buildBaseline(accounts: string[], perAccount: number, makeId: (n: number) => string): Baseline {
  const map: Baseline = new Map();
  let n = 0;
  for (const account_id of accounts) {
    for (let d = 0; d < perAccount; d++) {
      const snapshot_date = formatDay(START_DAY + d);
      map.set(`${account_id}|${snapshot_date}`, {
        id: makeId(n++),
        account_id,
        snapshot_date,
        balance: d * 1.25,
        is_estimated: false,
      });
    }
  }
  return map;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
};
const fmt = (s: { median: number; min: number; max: number }, unit: string, digits = 2) =>
  `${s.median.toFixed(digits)} ${unit} [${s.min.toFixed(digits)}..${s.max.toFixed(digits)}]`;

// ---------------------------------------------------------------------------------------------
// Heap (child process): node --expose-gc --import tsx <this file> --heap <variant>
function heapChild(variant: string): void {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const accounts = accountIds(1_000);
  gc();
  const before = process.memoryUsage().heapUsed;
  let held: unknown;
  if (variant === 'store') held = buildStore(accounts, 1_000);
  if (variant === 'map') held = buildBaseline(accounts, 1_000, (n) => `snp_${n.toString(36)}`);
  if (variant === 'map-uuid') held = buildBaseline(accounts, 1_000, () => crypto.randomUUID());
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  process.stdout.write(JSON.stringify({ bytes: after - before, size: (held as { size: number }).size }));
}

function heapRuns(variant: string, runs: number): { median: number; min: number; max: number } {
  const values: number[] = [];
  for (let i = 0; i < runs; i++) {
    const child = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--max-old-space-size=4096',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--heap',
        variant,
      ],
      {
        encoding: 'utf8',
      },
    );
    if (child.status !== 0) throw new Error(`heap child ${variant} failed: ${child.stderr}`);
    const { bytes, size } = JSON.parse(child.stdout) as { bytes: number; size: number };
    if (size !== MILLION) throw new Error(`expected ${MILLION} rows, got ${size}`);
    values.push(bytes / 1024 / 1024);
  }
  return stats(values);
}

// ---------------------------------------------------------------------------------------------
// 5,000-row upsert into 1,000,000 (1,000 accounts x 1,000 days): a third updates, a third appends
// new later dates, a third backfills earlier dates (inserted into the middle of the sorted arrays).
function upsertBench(): { store: ReturnType<typeof stats>; map: ReturnType<typeof stats> } {
  const accounts = accountIds(1_000);
  const store = buildStore(accounts, 1_000);
  const map = buildBaseline(accounts, 1_000, (n) => `snp_${n.toString(36)}`);
  const random = createRandomSource('bench-batches');
  const pick = <T>(list: T[]) => list[Math.floor(random.next() * list.length)]!;
  const storeTimes: number[] = [];
  const mapTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const rows = Array.from({ length: BATCH }, (_, i) => {
      const account = pick(accounts);
      const day =
        i % 3 === 0
          ? START_DAY + Math.floor(random.next() * 1_000)
          : i % 3 === 1
            ? START_DAY + 1_000 + run * 10_000 + i
            : START_DAY - 1 - run * 10_000 - i;
      return { account, day, date: formatDay(day), balance: random.next() * 1e6 };
    });
    let t = performance.now();
    for (const r of rows) store.upsert(r.account, r.day, r.balance, false);
    storeTimes.push(performance.now() - t);
    let seq = map.size;
    t = performance.now();
    for (const r of rows) {
      const key = `${r.account}|${r.date}`;
      const existing = map.get(key);
      if (existing) {
        existing.balance = r.balance;
        existing.is_estimated = false;
      } else {
        map.set(key, {
          id: `snp_${(seq++).toString(36)}`,
          account_id: r.account,
          snapshot_date: r.date,
          balance: r.balance,
          is_estimated: false,
        });
      }
    }
    mapTimes.push(performance.now() - t);
  }
  return { store: stats(storeTimes), map: stats(mapTimes) };
}

// ---------------------------------------------------------------------------------------------
// 30-day range query for one account; 100 accounts, N/100 consecutive days each.
function rangeBench(total: number) {
  const accounts = accountIds(100);
  const perAccount = total / 100;
  const store = buildStore(accounts, perAccount);
  const map = buildBaseline(accounts, perAccount, (n) => `snp_${n.toString(36)}`);
  const random = createRandomSource(`bench-range-${total}`);
  const query = () => {
    const from = START_DAY + Math.floor(random.next() * (perAccount - 30));
    return { account: accounts[Math.floor(random.next() * accounts.length)]!, from, to: from + 29 };
  };
  // p50 over groups of 10 queries (timer overhead stays small against a ~10 µs query), in µs.
  const p50 = (fn: () => void, count: number, group = 10) => {
    const times: number[] = [];
    for (let i = 0; i < count; i += group) {
      const t = performance.now();
      for (let k = 0; k < group; k++) fn();
      times.push(((performance.now() - t) / group) * 1000);
    }
    return stats(times).median;
  };
  const storeRuns: number[] = [];
  const probeRuns: number[] = [];
  const scanRuns: number[] = [];
  for (let run = 0; run < 5; run++) {
    storeRuns.push(
      p50(() => {
        const q = query();
        if (store.range(q.account, q.from, q.to).length !== 30) throw new Error('range');
      }, 2_000),
    );
    probeRuns.push(
      p50(() => {
        const q = query();
        const out: Wire[] = [];
        for (let d = q.from; d <= q.to; d++) {
          const hit = map.get(`${q.account}|${formatDay(d)}`);
          if (hit) out.push(hit);
        }
        if (out.length !== 30) throw new Error('probe');
      }, 2_000),
    );
    scanRuns.push(
      p50(
        () => {
          const q = query();
          const [from, to] = [formatDay(q.from), formatDay(q.to)];
          const out: Wire[] = [];
          for (const row of map.values())
            if (row.account_id === q.account && row.snapshot_date >= from && row.snapshot_date <= to) out.push(row);
          out.sort((a, b) => (a.snapshot_date < b.snapshot_date ? -1 : 1));
          if (out.length !== 30) throw new Error('scan');
        },
        total >= MILLION ? 5 : 50,
        1,
      ) / 1000,
    );
  }
  return { store: stats(storeRuns), probe: stats(probeRuns), scan: stats(scanRuns) };
}

// ---------------------------------------------------------------------------------------------
// The whole bulk rule (ajv per row, writability, writes, one event) into 1,000,000 snapshots
// (1,000 accounts x 1,000 days), with the rows spread over 20 of the caller's accounts.
async function bulkRuleBench() {
  const store = new LedgerStore({ seed: 'bench', now: '2026-11-01T00:00:00Z' });
  const user = await createUser(store, { name: 'Bench' });
  const category = await createCategory(store, { name: 'Cash', type: 'asset' });
  const accounts: string[] = [];
  for (let i = 0; i < 1_000; i++) {
    accounts.push((await seedAccount(store, { userId: user.id, name: `A${i}`, categoryId: category.id })).id);
  }
  for (const id of accounts) for (let d = 0; d < 1_000; d++) store.snapshots.upsert(id, START_DAY + d, d, false);
  const reach = reachOf(store, user);
  const token = await issueToken(store, { userId: user.id });
  const actor = { token: store.tokens.get(token.id)!, user, household: reach.household };
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const snapshots = Array.from({ length: BATCH }, (_, i) => ({
      account_id: accounts[i % 20]!,
      snapshot_date: formatDay(START_DAY + 1_000 + run * BATCH + i),
      balance: i / 4,
    }));
    const t = performance.now();
    const outcome = bulkUpsertSnapshots(store, actor, reach, { snapshots });
    times.push(performance.now() - t);
    if (outcome.body.inserted !== BATCH) throw new Error('bulk');
  }
  return stats(times);
}

// ---------------------------------------------------------------------------------------------
async function main(): Promise<void> {
  const started = performance.now();
  const rows: Array<[string, string, string, string]> = [];
  const upsert = upsertBench();
  rows.push([
    '5,000-row upsert into 1,000,000 (store time)',
    fmt(upsert.store, 'ms'),
    fmt(upsert.map, 'ms'),
    `${(upsert.store.median / upsert.map.median).toFixed(2)}x`,
  ]);

  const heapStore = heapRuns('store', 3);
  const heapMap = heapRuns('map', 3);
  const heapUuid = heapRuns('map-uuid', 1);
  rows.push([
    'heap for 1,000,000 snapshots',
    fmt(heapStore, 'MB', 1),
    fmt(heapMap, 'MB', 1),
    `${(heapStore.median / heapMap.median).toFixed(2)}x`,
  ]);
  rows.push(['  (Map baseline with crypto.randomUUID ids)', '', fmt(heapUuid, 'MB', 1), '']);

  const ranges = [10_000, 100_000, MILLION].map((n) => ({ n, ...rangeBench(n) }));
  for (const r of ranges) {
    rows.push([
      `30-day range p50 at ${r.n.toLocaleString('en-US')} rows`,
      fmt(r.store, 'µs'),
      `probe ${fmt(r.probe, 'µs')}; scan ${fmt(r.scan, 'ms')}`,
      `${(r.store.median / r.probe.median).toFixed(2)}x (probe)`,
    ]);
  }
  const ratio = ranges[2]!.store.median / ranges[0]!.store.median;
  rows.push([
    'range p50 ratio, 1,000,000 / 10,000 rows',
    `${ratio.toFixed(2)}x`,
    `probe ${(ranges[2]!.probe.median / ranges[0]!.probe.median).toFixed(2)}x; scan ${(ranges[2]!.scan.median / ranges[0]!.scan.median).toFixed(0)}x`,
    '',
  ]);
  const rule = await bulkRuleBench();
  rows.push(['5,000-row bulk rule into 1,000,000 (validate + write + event)', fmt(rule, 'ms'), '', '']);

  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(
      ...rows.map((r) => r[i]!.length),
      ['measure', 'indexed store', 'plain Map baseline', 'store/Map'][i]!.length,
    ),
  );
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(
    `Node ${process.version}; median [min..max] of ${RUNS} runs (upsert), 3 runs (heap), 5 runs of p50 (range)`,
  );
  console.log(line(['measure', 'indexed store', 'plain Map baseline', 'store/Map']));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[2] === '--heap') heapChild(process.argv[3]!);
else await main();
