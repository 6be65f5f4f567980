import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control, mock } = createTestMock({ scenario: 'demo' });
const alex = DEMO_TOKENS.alex;
const A = DEMO_IDS.accounts;
const checking = A.everydayChecking;

describe('snapshots (spec 2, 3, 4; spec-gaps 1, 2, 5, 10, 11, 12, 14, 24)', () => {
  it('"action is inserted when a new snapshot was created (status 201)"; an update is 200 "updated"', async () => {
    const body = { account_id: checking, snapshot_date: '2026-11-15', balance: 100.5 };
    const first = await call('POST', '/snapshots', { token: alex, body });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      action: 'inserted',
      webhooks_attempted: 1,
      snapshot: { ...body, is_estimated: false },
    });
    const second = await call('POST', '/snapshots', { token: alex, body: { ...body, balance: 200 } });
    expect(second.status).toBe(200);
    expect(second.body.action).toBe('updated');
    expect(second.body.snapshot).toEqual({ ...first.body.snapshot, balance: 200 });
    expect((await control.listSnapshots({ accountId: checking, from: '2026-11-15', to: '2026-11-15' })).length).toBe(1);
  });

  it('"is_estimated=true -> write -> is_estimated=false": "Every balance written through the API is confirmed"', async () => {
    await control.seedSnapshots([
      { account_id: checking, snapshot_date: '2026-11-20', balance: 7, is_estimated: true },
    ]);
    const res = await call('POST', '/snapshots', {
      token: alex,
      body: { account_id: checking, snapshot_date: '2026-11-20', balance: 8 },
    });
    expect([res.status, res.body.snapshot.is_estimated, res.body.snapshot.balance]).toEqual([200, false, 8]);
  });

  it('"-0 is stored as 0" (spec-gaps 14)', async () => {
    const res = await call('POST', '/snapshots', {
      token: alex,
      body: `{"account_id":"${checking}","snapshot_date":"2026-11-02","balance":-0}`,
    });
    expect(Object.is(res.body.snapshot.balance, 0)).toBe(true);
    const [stored] = await control.listSnapshots({ accountId: checking, from: '2026-11-02', to: '2026-11-02' });
    expect(Object.is(stored!.balance, 0)).toBe(true);
  });

  it('"When the account does not exist or is not writable by the token, then 422" account_not_writable', async () => {
    for (const account_id of ['00000000-0000-4000-8000-000000000000', A.workplacePension, A.familyHome]) {
      const res = await call('POST', '/snapshots', {
        token: alex,
        body: { account_id, snapshot_date: '2026-11-01', balance: 1 },
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'account_not_writable', detail: [{ path: 'body.account_id' }] });
    }
  });

  it('"Snapshot writes to archived accounts: allowed" (spec-gaps 24)', async () => {
    const res = await call('POST', '/snapshots', {
      token: alex,
      body: { account_id: A.carLoan, snapshot_date: '2026-11-30', balance: -4000 },
    });
    expect(res.status).toBe(201);
  });

  it('"all three" fields are required (spec-gaps 5); "Dates in the future are accepted"', async () => {
    const res = await call('POST', '/snapshots', {
      token: alex,
      body: { account_id: checking, snapshot_date: '2026-11-01' },
    });
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      detail: [{ path: 'body.balance', message: 'is required' }],
    });
    expect(
      (
        await call('POST', '/snapshots', {
          token: alex,
          body: { account_id: checking, snapshot_date: '2099-12-31', balance: 1 },
        })
      ).status,
    ).toBe(201);
  });

  it('GET /snapshots "from and to are inclusive bounds", one account', async () => {
    const res = await call('GET', `/snapshots?account_id=${checking}&from=2026-01-31&to=2026-03-31`, { token: alex });
    expect(res.body.snapshots.map((s: { snapshot_date: string }) => s.snapshot_date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(
      (await call('GET', `/snapshots?account_id=${checking}&from=2026-02-01&to=2026-02-27`, { token: alex })).body
        .snapshots,
    ).toEqual([]);
  });

  it('"Omitted: snapshots across every visible standard account", "ordered by account_id, then snapshot_date"', async () => {
    const res = await call('GET', '/snapshots', { token: alex });
    const rows: Array<{ account_id: string; snapshot_date: string }> = res.body.snapshots;
    const keys = rows.map((s) => `${s.account_id}|${s.snapshot_date}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(rows.map((s) => s.account_id))).toEqual(
      new Set([A.everydayChecking, A.jointSavings, A.brokerage, A.creditCard, A.carLoan, A.painting]),
    );
    expect(rows.length).toBe(6 * 12);
  });

  it('"An account_id outside the token\'s reach gives an empty list"', async () => {
    const res = await call('GET', `/snapshots?account_id=${A.workplacePension}`, { token: alex });
    expect([res.status, res.body.snapshots]).toEqual([200, []]);
  });

  it('GET /snapshots/{id}: "When not found, then 404" (unknown, malformed, out of reach)', async () => {
    const own = (await control.listSnapshots({ accountId: checking }))[0]!;
    expect((await call('GET', `/snapshots/${own.id}`, { token: alex })).body).toEqual(own);
    const samsPension = (await control.listSnapshots({ accountId: A.workplacePension }))[0]!;
    for (const id of ['snp_zzzzzz', 'whatever', samsPension.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('GET', `/snapshots/${id}`, { token: alex });
      expect([res.status, res.body.code], id).toEqual([404, 'not_found']);
    }
  });

  it('PATCH /snapshots/{id}: "balance, snapshot_date, or both"; "The result is confirmed"', async () => {
    const [target] = await control.listSnapshots({ accountId: checking, from: '2026-10-31' });
    await control.seedSnapshots([
      { account_id: checking, snapshot_date: target!.snapshot_date, balance: 1, is_estimated: true },
    ]);
    const res = await call('PATCH', `/snapshots/${target!.id}`, {
      token: alex,
      body: { balance: 3000, snapshot_date: '2026-10-30' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: target!.id,
      account_id: checking,
      snapshot_date: '2026-10-30',
      balance: 3000,
      is_estimated: false,
    });
    expect(
      (await call('GET', `/snapshots?account_id=${checking}&from=2026-10-31`, { token: alex })).body.snapshots,
    ).toEqual([]);
  });

  it('"A PATCH that moves a snapshot onto a date that already has one" is 422 snapshot_date_taken; its own date is fine', async () => {
    const [sep, oct] = await control.listSnapshots({ accountId: checking, from: '2026-09-30' });
    const res = await call('PATCH', `/snapshots/${sep!.id}`, {
      token: alex,
      body: { snapshot_date: oct!.snapshot_date, balance: 1 },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'snapshot_date_taken', detail: [{ path: 'body.snapshot_date' }] });
    expect(await control.listSnapshots({ accountId: checking, from: '2026-09-30' })).toEqual([sep, oct]);
    const same = await call('PATCH', `/snapshots/${sep!.id}`, {
      token: alex,
      body: { snapshot_date: sep!.snapshot_date },
    });
    expect([same.status, same.body.snapshot_date]).toEqual([200, sep!.snapshot_date]);
  });

  it('DELETE /snapshots/{id}: "{ deleted: true, id }", then 404; "Deletion fires no webhook"', async () => {
    const [target] = await control.listSnapshots({ accountId: checking });
    control.events.clear();
    const res = await call('DELETE', `/snapshots/${target!.id}`, { token: alex });
    expect([res.status, res.body]).toEqual([200, { deleted: true, id: target!.id }]);
    expect((await call('GET', `/snapshots/${target!.id}`, { token: alex })).status).toBe(404);
    expect((await call('DELETE', `/snapshots/${target!.id}`, { token: alex })).status).toBe(404);
    expect(control.events.list()).toEqual([]);
  });

  it('works through the SDK client: list, get, upsert, update, delete', async () => {
    const client = createLedgerClient({ baseUrl: mock.baseUrl, token: alex });
    const upserted = await client.snapshots.upsert({ account_id: checking, snapshot_date: '2026-11-30', balance: 10 });
    expect(upserted.action).toBe('inserted');
    expect(await client.snapshots.get(upserted.snapshot.id)).toEqual(upserted.snapshot);
    expect((await client.snapshots.update(upserted.snapshot.id, { balance: 11 })).balance).toBe(11);
    const listed = await client.snapshots.list({ account_id: checking, from: '2026-11-30', to: '2026-11-30' });
    expect(listed.map((s) => s.balance)).toEqual([11]);
    expect(await client.snapshots.delete(upserted.snapshot.id)).toEqual({ deleted: true, id: upserted.snapshot.id });
    expect(await client.me()).toMatchObject({ user_id: DEMO_IDS.users.alex });
    expect((await client.categories.list()).length).toBe(9);
  });

  it('the indexed snapshot store agrees with a plain Map model under random upserts, moves, deletes and ranges', () => {
    const store = mock.store.snapshots;
    const accounts = ['a1', 'a2', 'a3'];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('upsert' as const),
        account: fc.constantFrom(...accounts),
        day: fc.integer({ min: 0, max: 40 }),
        balance: fc.integer(),
      }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), day: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 80 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (ops, x, y) => {
          store.clear();
          const model = new Map<string, { id: string; account: string; day: number; balance: number }>();
          for (const o of ops) {
            const ids = [...model.values()].map((r) => r.id).sort();
            if (o.kind === 'upsert') {
              const { snapshot, action } = store.upsert(o.account, o.day, o.balance, false);
              const key = `${o.account}|${o.day}`;
              expect(action).toBe(model.has(key) ? 'updated' : 'inserted');
              model.set(key, { id: snapshot.id, account: o.account, day: o.day, balance: o.balance });
            } else if (ids.length > 0) {
              const id = ids[o.pick % ids.length]!;
              const row = [...model.values()].find((r) => r.id === id)!;
              if (o.kind === 'delete') {
                expect(store.delete(id)).toBe(true);
                model.delete(`${row.account}|${row.day}`);
              } else if (!model.has(`${row.account}|${o.day}`) || o.day === row.day) {
                store.update(id, { day: o.day, estimated: false });
                model.delete(`${row.account}|${row.day}`);
                model.set(`${row.account}|${o.day}`, { ...row, day: o.day });
              }
            }
          }
          const [from, to] = [Math.min(x, y), Math.max(x, y)];
          for (const account of accounts) {
            const expected = [...model.values()]
              .filter((r) => r.account === account && r.day >= from && r.day <= to)
              .sort((a, b) => a.day - b.day);
            expect(store.range(account, from, to).map((s) => [s.id, s.balance])).toEqual(
              expected.map((r) => [r.id, r.balance]),
            );
          }
          for (const row of model.values()) expect(store.get(row.id)?.balance).toBe(row.balance);
          expect(store.size).toBe(model.size);
        },
      ),
      { numRuns: 300, seed: 11 },
    );
    store.clear();
  });
});
