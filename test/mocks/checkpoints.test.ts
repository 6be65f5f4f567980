// Named checkpoints: control.checkpoint(name) keeps the state and clock, control.restore(name) brings them back as
// reset() brings back the start (empty journal, no faults, no events). Writes go through the SDK against mock.fetch;
// no write after a checkpoint, nor after a restore, may reach the checkpoint (it shares what it can: copy on write).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { SnapshotStore } from '../../mocks/store/snapshot-store';

const { accounts, users, categories, tokens } = DEMO_IDS;

function demo(): { mock: LedgerMock; ledger: ReturnType<typeof createLedgerClient> } {
  const mock = createLedgerMock({ scenario: 'demo', seed: 'checkpoints' });
  return {
    mock,
    ledger: createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch, retry: false }),
  };
}

/** Every kind of write the API and the control API make, so that each path is seen to leave a checkpoint alone. */
async function writeEverything(
  mock: LedgerMock,
  ledger: ReturnType<typeof createLedgerClient>,
  tag: string,
): Promise<void> {
  const [latest] = (await ledger.snapshots.list({ account_id: accounts.everydayChecking })).slice(-1);
  await ledger.snapshots.upsert({
    account_id: accounts.everydayChecking,
    snapshot_date: latest!.snapshot_date,
    balance: 1234.5,
  }); // an update in place
  await ledger.snapshots.update(latest!.id, { snapshot_date: '2026-11-02', balance: 7 }); // moved to another day
  const [first] = await ledger.snapshots.list({ account_id: accounts.jointSavings });
  await ledger.snapshots.delete(first!.id);
  await ledger.snapshots.bulkUpsert([
    { account_id: accounts.brokerage, snapshot_date: '2026-11-01', balance: 1 },
    { account_id: accounts.jointSavings, snapshot_date: '2020-01-01', balance: 2 }, // inserted before every other date
  ]);
  await ledger.accounts.create({ name: `New ${tag}`, category_id: categories.cash });
  await ledger.accounts.update(accounts.everydayChecking, { name: `Renamed ${tag}` });
  await mock.control.createUser({ name: `Kim ${tag}`, householdId: DEMO_IDS.household });
  await mock.control.revokeToken(tokens.sam);
  await mock.control.seedSnapshots([
    { account_id: accounts.painting, snapshot_date: '2026-12-31', balance: 9, is_estimated: true },
  ]);
  await mock.control.setPlan(DEMO_IDS.household, 'household');
}

describe('control.checkpoint and control.restore', () => {
  it('restore brings back the state as it was at the checkpoint, after every kind of write', async () => {
    const { mock, ledger } = demo();
    await ledger.snapshots.upsert({ account_id: accounts.everydayChecking, snapshot_date: '2026-10-15', balance: 99 }); // setup through the API
    const before = await mock.control.dump();
    const info = await mock.control.checkpoint('setup');
    expect(info).toEqual({
      name: 'setup',
      now: '2026-11-01T09:00:00.000Z',
      frozen: true,
      snapshots: before.snapshots.length,
    });

    await writeEverything(mock, ledger, 'one');
    expect(await mock.control.dump()).not.toEqual(before);
    expect(await mock.control.restore('setup')).toEqual(info);
    expect(await mock.control.dump()).toEqual({ ...before, events: [] }); // events are not kept: see below
  });

  it('a checkpoint serves any number of restores: writes after a restore do not reach it either', async () => {
    const { mock, ledger } = demo();
    await mock.control.checkpoint('setup');
    const before = await mock.control.dump();
    for (const tag of ['one', 'two', 'three']) {
      await writeEverything(mock, ledger, tag);
      await mock.control.restore('setup');
      expect(await mock.control.dump()).toEqual(before);
    }
  });

  it('ids continue from the checkpoint: the same new ids again after each restore (seeded fake)', async () => {
    const { mock, ledger } = demo();
    await mock.control.checkpoint('setup');
    const created = async () => {
      const account = await ledger.accounts.create({ name: 'Pot', category_id: categories.cash });
      const { snapshot } = await ledger.snapshots.upsert({
        account_id: account.id,
        snapshot_date: '2026-10-31',
        balance: 1,
      });
      return [account.id, snapshot.id];
    };
    const first = await created();
    await mock.control.restore('setup');
    expect(await created()).toEqual(first);
  });

  it('several checkpoints; taking one under a name in use replaces it; list and delete', async () => {
    const { mock } = demo();
    await mock.control.checkpoint('a');
    await mock.control.createUser({ name: 'Kim' });
    await mock.control.checkpoint('b');
    await mock.control.createUser({ name: 'Lee' });
    const names = async () => (await mock.control.listUsers()).map((u) => u.name).sort();
    await mock.control.restore('a');
    expect(await names()).toEqual(['Alex', 'Sam']);
    await mock.control.restore('b');
    expect(await names()).toEqual(['Alex', 'Kim', 'Sam']);
    await mock.control.createUser({ name: 'Mo' });
    await mock.control.checkpoint('a'); // replaces the first 'a'
    await mock.control.restore('b');
    await mock.control.restore('a');
    expect(await names()).toEqual(['Alex', 'Kim', 'Mo', 'Sam']);
    expect(mock.control.listCheckpoints().map((c) => c.name)).toEqual(['a', 'b']);
    mock.control.deleteCheckpoint('a');
    expect(mock.control.listCheckpoints().map((c) => c.name)).toEqual(['b']);
  });

  it('the clock: a frozen one comes back to its reading; a running one runs on from where it would be', async () => {
    const { mock } = demo();
    mock.control.clock.advance(3_600_000);
    await mock.control.checkpoint('frozen');
    const setFrom = Date.now();
    mock.control.clock.set('2030-01-01T00:00:00Z', { frozen: false });
    const taken = await mock.control.checkpoint('running');
    mock.control.clock.set('2040-01-01T00:00:00Z', { frozen: true });

    await mock.control.restore('frozen');
    expect([mock.control.clock.now().toISOString(), mock.control.clock.frozen]).toEqual([
      '2026-11-01T10:00:00.000Z',
      true,
    ]);
    await mock.control.restore('running');
    const reading = mock.control.clock.now().getTime() - Date.parse('2030-01-01T00:00:00Z');
    const readTo = Date.now();
    expect(mock.control.clock.frozen).toBe(false);
    // On from where it would be: never behind the checkpoint's reading, and never ahead of the real time since the
    // clock was set (taken around it, so however slow the machine, no allowance is needed).
    expect(reading).toBeGreaterThanOrEqual(Date.parse(taken.now) - Date.parse('2030-01-01T00:00:00Z'));
    expect(reading).toBeLessThanOrEqual(readTo - setFrom);
  });

  it('like reset(): the journal is emptied, faults and events are gone; checkpoints survive reset()', async () => {
    const { mock, ledger } = demo();
    await ledger.snapshots.upsert({ account_id: accounts.everydayChecking, snapshot_date: '2026-10-15', balance: 1 }); // an event for Alex's webhook
    await mock.control.checkpoint('setup');
    mock.control.faults.inject({ operation: 'getMe', kind: { status: 500 } });
    await expect(ledger.me()).rejects.toMatchObject({ status: 500 });
    expect(mock.control.events.list()).toHaveLength(1);

    await mock.control.restore('setup');
    expect(mock.control.journal.entries()).toEqual([]);
    expect(mock.control.faults.list()).toEqual([]);
    expect(mock.control.events.list()).toEqual([]);
    await expect(ledger.me()).resolves.toMatchObject({ user_id: users.alex });

    await mock.control.reset();
    expect(mock.control.listCheckpoints().map((c) => c.name)).toEqual(['setup']);
    await mock.control.restore('setup');
    expect(
      (
        await mock.control.listSnapshots({ accountId: accounts.everydayChecking, from: '2026-10-15', to: '2026-10-15' })
      )[0]?.balance,
    ).toBe(1);
  });

  it('an unknown name is refused (404 not_found, naming the near miss) and changes nothing; a bad name is refused (400)', async () => {
    const { mock } = demo();
    await mock.control.checkpoint('after-setup');
    await mock.control.createUser({ name: 'Kim' });
    await expect(mock.control.restore('after-sertup')).rejects.toMatchObject({
      name: 'MockControlError',
      status: 404,
      code: 'not_found',
      message: 'No checkpoint "after-sertup" (did you mean after-setup?): there are "after-setup"',
    });
    expect((await mock.control.listUsers()).map((u) => u.name)).toContain('Kim');
    expect(() => mock.control.deleteCheckpoint('nope')).toThrow('No checkpoint "nope": there are "after-setup"');
    await expect(createLedgerMock().control.restore('x')).rejects.toThrow(
      'there is none (take one with checkpoint(name))',
    );
    await expect(mock.control.checkpoint('')).rejects.toMatchObject({ status: 400, code: 'invalid_checkpoint' });
    await expect(mock.control.checkpoint('x'.repeat(201))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_checkpoint',
    });
  });
});

describe('the snapshot store under checkpoints: a model check of copy on write', () => {
  type Op =
    | { kind: 'upsert'; account: number; day: number; balance: number }
    | { kind: 'update'; pick: number; day: number | null; balance: number }
    | { kind: 'delete'; pick: number }
    | { kind: 'restoreRow'; pick: number; balance: number }
    | { kind: 'checkpoint'; slot: number }
    | { kind: 'restore'; slot: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('upsert' as const),
        account: fc.nat(3),
        day: fc.nat(40),
        balance: fc.integer(),
      }),
      weight: 5,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('update' as const),
        pick: fc.nat(),
        day: fc.option(fc.nat(40)),
        balance: fc.integer(),
      }),
      weight: 2,
    },
    { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 2 },
    {
      arbitrary: fc.record({ kind: fc.constant('restoreRow' as const), pick: fc.nat(), balance: fc.integer() }),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant('checkpoint' as const), slot: fc.nat(2) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('restore' as const), slot: fc.nat(2) }), weight: 2 },
  );
  type ModelRow = { seq: number; accountId: string; day: number; balance: number; estimated: boolean };
  const sorted = (rows: Iterable<ModelRow>) => [...rows].map((r) => ({ ...r })).sort((a, b) => a.seq - b.seq);

  it('after any sequence of writes, checkpoints and restores, the store holds what a plain copying model holds', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 20, maxLength: 60 }), (ops) => {
        const store = new SnapshotStore();
        let model = new Map<number, ModelRow>();
        let nextSeq = 1; // ids are never reissued, and a restore brings back the next one
        const images: Array<
          { image: ReturnType<SnapshotStore['image']>; model: Map<number, ModelRow>; nextSeq: number } | undefined
        > = [];
        const pickRow = (pick: number) => [...model.values()][pick % Math.max(model.size, 1)];
        for (const step of ops) {
          if (step.kind === 'upsert') {
            const accountId = `acc-${step.account}`;
            const { snapshot } = store.upsert(accountId, step.day, step.balance, false);
            const seq = parseInt(snapshot.id.slice(4), 36);
            if (!model.has(seq)) expect(seq).toBe(nextSeq++);
            model.set(seq, { seq, accountId, day: step.day, balance: step.balance, estimated: false });
          } else if (step.kind === 'update') {
            const row = pickRow(step.pick);
            if (!row) continue;
            const day = step.day ?? row.day;
            if (day !== row.day && [...model.values()].some((r) => r.accountId === row.accountId && r.day === day))
              continue; // the caller checks
            store.update(store.idOf(row.seq), { day, balance: step.balance, estimated: true });
            model.set(row.seq, { ...row, day, balance: step.balance, estimated: true });
          } else if (step.kind === 'delete') {
            const row = pickRow(step.pick);
            if (!row) continue;
            expect(store.delete(store.idOf(row.seq))).toBe(true);
            model.delete(row.seq);
          } else if (step.kind === 'restoreRow') {
            const row = pickRow(step.pick);
            if (!row) continue;
            store.restore({ ...row, balance: step.balance }); // the path a --state file's log takes
            model.set(row.seq, { ...row, balance: step.balance });
          } else if (step.kind === 'checkpoint') {
            images[step.slot] = {
              image: store.image(),
              model: new Map([...model].map(([seq, row]) => [seq, { ...row }])),
              nextSeq,
            };
          } else {
            const kept = images[step.slot];
            if (!kept) continue;
            store.restoreImage(kept.image);
            model = new Map([...kept.model].map(([seq, row]) => [seq, { ...row }]));
            nextSeq = kept.nextSeq;
          }
          expect(store.nextSeq).toBe(nextSeq);
          expect(sorted(store.rows())).toEqual(sorted(model.values()));
          expect(store.size).toBe(model.size);
          for (const row of model.values())
            expect(store.get(store.idOf(row.seq))).toMatchObject({ balance: row.balance });
        }
      }),
      { numRuns: 300 },
    );
  });
});
