// The store hands every mutation to a change sink, one sealed unit per exclusive task, and applying what a
// sink recorded to a new store gives the same state: what `ledger-mock --state` builds on.
import { describe, expect, it, vi } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { LedgerStore } from '../../mocks/store/ledger-store';
import { applyChange, type ChangeSink, type StoreChange } from '../../mocks/store/store-changes';

/** A sink that keeps every sealed unit in memory and is durable at once (or when `release()` is called). */
function recordingSink(options: { hold?: boolean } = {}) {
  let open: StoreChange[] = [];
  const units: StoreChange[][] = [];
  let held: Array<() => void> = [];
  const sink: ChangeSink & { units: StoreChange[][]; release(): void; waiting(): number } = {
    units,
    record: (change) => void open.push(change),
    seal: () => {
      if (open.length > 0) units.push(open);
      open = [];
    },
    durable: () => (options.hold ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
    release: () => {
      const waiting = held;
      held = [];
      waiting.forEach((resolve) => {
        resolve();
      });
    },
    /** How many durable() calls are held. */
    waiting: () => held.length,
  };
  return sink;
}

async function replay(units: StoreChange[][], seed?: string): Promise<LedgerStore> {
  const store = new LedgerStore(seed === undefined ? {} : { seed });
  for (const change of units.flat()) await applyChange(store, change);
  return store;
}

const state = (store: LedgerStore) => ({
  households: store.households.all(),
  users: store.users.all(),
  categories: store.categories.all(),
  accounts: store.accounts.all(),
  tokens: store.tokens.all(),
  webhooks: store.webhooks.all(),
  snapshots: [...store.snapshots.rows()],
  nextSeq: store.snapshots.nextSeq,
});

async function persistedDemo(): Promise<{ mock: LedgerMock; sink: ReturnType<typeof recordingSink> }> {
  const mock = createLedgerMock({ scenario: 'demo' });
  await mock.ready;
  const sink = recordingSink();
  // Start from the demo state as one unit, as a persister writes its first image.
  sink.units.push(imageOf(mock.store));
  mock.store.attachChangeSink(sink);
  return { mock, sink };
}

function imageOf(store: LedgerStore): StoreChange[] {
  const changes: StoreChange[] = [];
  for (const table of ['households', 'users', 'categories', 'accounts', 'tokens', 'webhooks'] as const) {
    for (const record of store[table].all()) changes.push({ kind: 'put', table, record } as StoreChange);
  }
  for (const row of store.snapshots.rows()) changes.push({ kind: 'snapshot', ...row });
  return changes;
}

describe('change capture: every mutation reaches the sink, one unit per task', () => {
  it('API writes, control writes and deletes, replayed into a new store, give the same state', async () => {
    const { mock, sink } = await persistedDemo();
    const ledger = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: DEMO_TOKENS.alex,
      fetch: mock.fetch,
      retry: false,
    });
    const cash = DEMO_IDS.categories.cash;
    const account = await ledger.accounts.create({ name: 'Pot', category_id: cash });
    await ledger.accounts.update(account.id, { lifecycle_status: 'archived' });
    const { snapshot } = await ledger.snapshots.upsert({
      account_id: account.id,
      snapshot_date: '2026-10-31',
      balance: 5,
    });
    await ledger.snapshots.update(snapshot.id, { snapshot_date: '2026-10-30', balance: 6 });
    await ledger.snapshots.bulkUpsert([{ account_id: account.id, snapshot_date: '2026-10-29', balance: 7 }]);
    const doomed = await ledger.snapshots.upsert({ account_id: account.id, snapshot_date: '2026-10-28', balance: 8 });
    await ledger.snapshots.delete(doomed.snapshot.id);
    const user = await mock.control.createUser({ name: 'Kim' });
    await mock.control.setPlan(user.household_id, 'household');
    const token = await mock.control.createToken({ userId: user.id });
    await mock.control.revokeToken(DEMO_IDS.tokens.sam);
    await mock.control.carryForward('2026-11-01');

    const restored = await replay(sink.units);
    expect(state(restored)).toEqual(state(mock.store));
    // The deleted snapshot's id stays used: the next id continues after it.
    expect(restored.snapshots.nextSeq).toBe(mock.store.snapshots.nextSeq);
    expect(JSON.stringify(sink.units)).not.toContain(token.value);
  });

  it('a scenario load and a reset are captured too: a "cleared" change, then the scenario, in one unit', async () => {
    const { mock, sink } = await persistedDemo();
    await mock.control.loadScenario({
      households: [{ id: 'h1', plan: 'household' }],
      users: [{ id: 'u1', household_id: 'h1' }],
    });
    const unit = sink.units.at(-1)!;
    expect(unit[0]).toEqual({ kind: 'cleared' });
    expect(unit.filter((c) => c.kind === 'put').map((c) => (c as { table: string }).table)).toEqual([
      'households',
      'users',
    ]);
    expect(state(await replay(sink.units))).toEqual(state(mock.store));

    await mock.control.reset();
    expect(sink.units.at(-1)![0]).toEqual({ kind: 'cleared' });
    expect(state(await replay(sink.units))).toEqual(state(mock.store));
  });

  it('a refused write (422) records nothing', async () => {
    const { mock, sink } = await persistedDemo();
    await createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch }).me(); // the token's first use is recorded
    const before = sink.units.length;
    const response = await mock.fetch(`${mock.baseUrl}/api/public/v1/snapshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        account_id: '00000000-0000-4000-8000-000000000000',
        snapshot_date: '2026-10-31',
        balance: 1,
      }),
    });
    expect(response.status).toBe(422);
    // The demo clock is frozen: authenticating again changed no last-used time either.
    expect(sink.units.length).toBe(before);
  });

  it('a bulk write is one unit, however many rows', async () => {
    const { mock, sink } = await persistedDemo();
    const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
    await ledger.me(); // the token's first use is recorded (a last-used time)
    const before = sink.units.length;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      account_id: DEMO_IDS.accounts.everydayChecking,
      snapshot_date: `2027-01-${String((i % 28) + 1).padStart(2, '0')}`,
      balance: i,
    }));
    await ledger.snapshots.bulkUpsert(rows);
    expect(sink.units.length).toBe(before + 1);
    expect(sink.units.at(-1)!.filter((c) => c.kind === 'snapshot')).toHaveLength(300);
  });

  it('no answer is given before the store says the change is durable', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    await mock.ready;
    const sink = recordingSink({ hold: true });
    mock.store.attachChangeSink(sink);
    let answered = false;
    const request = mock
      .fetch(`${mock.baseUrl}/api/public/v1/snapshots`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEMO_TOKENS.alex}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          account_id: DEMO_IDS.accounts.everydayChecking,
          snapshot_date: '2026-11-01',
          balance: 1,
        }),
      })
      .then((response) => ((answered = true), response));
    const created = mock.control.createUser({ name: 'Kim' }).then((user) => ((answered = true), user));
    // Both have been applied and now wait for durability: the event itself, not a time that is usually enough.
    await vi.waitFor(() => expect(sink.waiting()).toBe(2), { timeout: 15_000, interval: 5 });
    expect(answered).toBe(false);
    expect(sink.units.flat().some((c) => c.kind === 'snapshot')).toBe(true); // applied and recorded, not yet answered
    expect(sink.units.flat().some((c) => c.kind === 'put' && c.table === 'users')).toBe(true);
    sink.release();
    expect((await request).status).toBe(201);
    expect((await created).name).toBe('Kim');
  });

  it('with a seed, a restored random position continues the sequence instead of repeating it', async () => {
    const store = new LedgerStore({ seed: 's' });
    const first = [store.newId(), store.newId()];
    const position = store.randomState()!;
    const next = store.newId();
    const restarted = new LedgerStore({ seed: 's' });
    expect(restarted.newId()).toBe(first[0]); // a plain restart would repeat ids
    restarted.restoreRandomState(position);
    expect(restarted.newId()).toBe(next);
    expect(new LedgerStore().randomState()).toBeUndefined();
  });
});
