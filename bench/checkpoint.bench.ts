// Benchmark 8: named checkpoints against the other ways back to a known state. One size per process:
//   node --expose-gc --import tsx bench/checkpoint.bench.ts --size demo      the demo scenario
//   node --expose-gc --import tsx bench/checkpoint.bench.ts --size 100000    a scenario of 100 accounts x 1,000 days
// Each round, in turn: control.checkpoint(name), a write, control.restore(name), a write of one balance to every
// account (the first after a restore: it copies what the checkpoint shares) and the same write again, control.reset()
// (reloads the starting scenario), a new createLedgerMock() with the same scenario until ready, and reset() then
// seedSnapshots() of the same rows (a setup rebuilt through the control API). Also the heap a checkpoint holds, and
// a restore on a `--state` server (the file rewritten, fsync'd, before restore resolves).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedgerMock } from '../mocks/index';
import type { Scenario } from '../mocks/control/scenario-types';
import { createLedgerMockServer } from '../mocks/server/create-ledger-mock-server';
import { bigScenario } from './lib/big-scenario';
import { arg, gc, report } from './lib/child';

const SIZE = arg('size');
const ROUNDS = Number(arg('rounds', SIZE === 'demo' ? '200' : '8'));

const scenario: Scenario | 'demo' = SIZE === 'demo' ? 'demo' : bigScenario({ now: '2027-01-01T00:00:00.000Z' });
const rows = scenario === 'demo' ? [] : scenario.snapshots!.map((s) => ({ ...s }));
const mock = createLedgerMock({ scenario, seed: 'bench' });
await mock.ready;
const snapshots = mock.store.snapshots.size;
const accountIds = [...new Set((await mock.control.listSnapshots()).map((s) => s.account_id))];
const firstAccount = accountIds[0]!;
// One balance in every account that has snapshots: after a restore, the first such write copies every account's
// series (copy on write); the same write again copies nothing.
const everyAccount = (balance: number) =>
  accountIds.map((account_id) => ({ account_id, snapshot_date: '2030-01-02', balance }));

const times = {
  checkpoint: [] as number[],
  restore: [] as number[],
  firstWrite: [] as number[],
  write: [] as number[],
  reset: [] as number[],
  newMock: [] as number[],
  resetAndSeed: [] as number[],
};
const timed = async (into: number[], task: () => Promise<unknown>) => {
  const started = performance.now();
  await task();
  into.push(performance.now() - started);
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (let round = 0; round < ROUNDS; round++) {
  await timed(times.checkpoint, () => mock.control.checkpoint('setup'));
  await mock.control.seedSnapshots([{ account_id: firstAccount, snapshot_date: '2030-01-01', balance: round }]); // a write the restore undoes
  await timed(times.restore, () => mock.control.restore('setup'));
  if (mock.store.snapshots.size !== snapshots)
    throw new Error(`restore left ${mock.store.snapshots.size} snapshots, not ${snapshots}`);
  await timed(times.firstWrite, () => mock.control.seedSnapshots(everyAccount(round)));
  await timed(times.write, () => mock.control.seedSnapshots(everyAccount(round + 0.5)));
  await timed(times.reset, () => mock.control.reset());
  await timed(times.newMock, async () => {
    const fresh = createLedgerMock({ scenario, seed: 'bench' });
    await fresh.ready;
  });
  if (rows.length > 0 && round < 3) {
    const empty = createLedgerMock({ scenario: { ...(scenario as Scenario), snapshots: [] }, seed: 'bench' });
    await timed(times.resetAndSeed, async () => {
      await empty.control.reset();
      await empty.control.seedSnapshots(rows);
    });
  }
}

// The heap one checkpoint holds: taken under a second name, so the first stays as it was.
gc();
const before = process.memoryUsage().heapUsed;
await mock.control.checkpoint('measured');
gc();
const checkpointHeapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;

// A restore on a `ledger-mock --state` server: the state file is rewritten as one image before restore resolves.
const dir = mkdtempSync(join(tmpdir(), 'ledger-bench-checkpoint-'));
const stateRestore: number[] = [];
try {
  const server = createLedgerMockServer({ scenario, seed: 'bench', state: join(dir, 'ledger.state') });
  const running = await server.listen();
  await server.mock.control.checkpoint('setup');
  for (let round = 0; round < Math.min(ROUNDS, 5); round++) {
    await server.mock.control.seedSnapshots([
      { account_id: firstAccount, snapshot_date: '2030-01-01', balance: round },
    ]);
    await timed(stateRestore, () => server.mock.control.restore('setup'));
  }
  await running.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

report({
  size: SIZE,
  snapshots,
  checkpointMs: median(times.checkpoint),
  restoreMs: median(times.restore),
  firstWriteMs: median(times.firstWrite),
  writeMs: median(times.write),
  accounts: accountIds.length,
  resetMs: median(times.reset),
  newMockMs: median(times.newMock),
  resetAndSeedMs: times.resetAndSeed.length > 0 ? median(times.resetAndSeed) : null,
  stateRestoreMs: median(stateRestore),
  checkpointHeapMb,
});
