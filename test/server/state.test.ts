// createLedgerMockServer({ state }) (what `ledger-mock --state` runs), over real HTTP on 127.0.0.1: the state
// outlives the server, every acknowledged change is in the file before its answer, and nothing else is.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import {
  createLedgerMockServer,
  StateFileError,
  type LedgerMockServerOptions,
  type RunningLedgerMockServer,
} from 'personal-ledger-sdk/mocks/node';
import { caller, persistent, stateDir } from './state-support';

const A = DEMO_IDS.accounts;
const alex = DEMO_TOKENS.alex;
const running: RunningLedgerMockServer[] = [];
const dirs: Array<ReturnType<typeof stateDir>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  dirs.splice(0).forEach((dir) => {
    dir.cleanup();
  });
});

function newDir() {
  const dir = stateDir();
  dirs.push(dir);
  return dir;
}

/** Starts a server keeping its state in `file` (demo scenario unless told otherwise). */
async function start(file: string, options: LedgerMockServerOptions = {}) {
  const server = createLedgerMockServer({ scenario: 'demo', state: file, ...options });
  const listening = await server.listen();
  running.push(listening);
  const stop = async () => {
    running.splice(running.indexOf(listening), 1);
    await listening.close();
  };
  return { server, url: listening.url, call: caller(listening.url), stop };
}

const day = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe('ledger-mock --state: the data outlives the server', () => {
  it('a clean stop and restart keeps everything: API writes, control writes, tokens, plan changes, snapshots and deletes', async () => {
    const file = newDir().path();
    const first = await start(file);
    expect(first.server.stateFile).toEqual({ path: file, restored: false });
    const { call } = first;

    // API writes, as Alex.
    const account = await call(
      'POST',
      '/api/public/v1/accounts',
      { name: 'Holiday pot', category_id: DEMO_IDS.categories.cash },
      alex,
    );
    expect(account.status).toBe(201);
    expect(
      (
        await call(
          'PATCH',
          `/api/public/v1/accounts/${account.body.id}`,
          { name: 'Holiday fund', lifecycle_status: 'archived' },
          alex,
        )
      ).status,
    ).toBe(200);
    const upserted = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: account.body.id, snapshot_date: '2026-10-31', balance: 120.5 },
      alex,
    );
    expect(upserted.status).toBe(201);
    expect(
      (
        await call(
          'PATCH',
          `/api/public/v1/snapshots/${upserted.body.snapshot.id}`,
          { snapshot_date: '2026-10-30', balance: 121 },
          alex,
        )
      ).status,
    ).toBe(200);
    const bulk = await call(
      'POST',
      '/api/public/v1/snapshots/bulk',
      {
        snapshots: [
          { account_id: A.everydayChecking, snapshot_date: '2026-11-01', balance: 1 },
          { account_id: A.jointSavings, snapshot_date: '2026-11-01', balance: 2 },
        ],
      },
      alex,
    );
    expect(bulk.body).toMatchObject({ inserted: 2 });
    const october = (
      await call(
        'GET',
        `/api/public/v1/snapshots?account_id=${A.everydayChecking}&from=2026-10-31&to=2026-10-31`,
        undefined,
        alex,
      )
    ).body.snapshots[0];
    expect((await call('DELETE', `/api/public/v1/snapshots/${october.id}`, undefined, alex)).status).toBe(200);

    // Control writes.
    const household = await call('POST', '/__mock/households', { name: 'Solo', plan: 'household' });
    const kim = await call('POST', '/__mock/users', { name: 'Kim', household_id: household.body.id });
    const category = await call('POST', '/__mock/categories', { name: 'Savings', user_id: kim.body.id });
    const pot = await call('POST', '/__mock/accounts', {
      user_id: kim.body.id,
      name: 'Pot',
      category_id: category.body.id,
    });
    await call('PATCH', `/__mock/accounts/${pot.body.id}`, { auto_carry_forward: true });
    await call('POST', '/__mock/snapshots/seed', {
      snapshots: [{ account_id: pot.body.id, snapshot_date: '2026-10-31', balance: 5, is_estimated: true }],
    });
    await call('POST', '/__mock/carry-forward', { date: '2026-11-01' });
    const token = await call('POST', '/__mock/tokens', { user_id: kim.body.id, name: 'ci' });
    expect(token.status).toBe(201);
    await call('PUT', `/__mock/households/${household.body.id}/plan`, { plan: 'household_sharing' });
    await call('POST', `/__mock/tokens/${DEMO_IDS.tokens.sam}/revoke`);
    await call('POST', '/__mock/webhooks', { user_id: kim.body.id, url: 'http://127.0.0.1:9/hook' });
    expect((await call('GET', '/api/public/v1/me', undefined, token.body.value)).status).toBe(200);

    const before = (await call('GET', '/__mock/state')).body;
    await first.stop();

    const second = await start(file);
    expect(second.server.stateFile).toEqual({ path: file, restored: true });
    const after = (await second.call('GET', '/__mock/state')).body;
    expect(persistent(after)).toEqual(persistent(before));
    expect(after.households.find((h: { id: string }) => h.id === household.body.id).plan).toBe('household_sharing');
    expect(after.snapshots.find((s: { id: string }) => s.id === october.id)).toBeUndefined();

    // The same token values still authenticate; the revoked one is still revoked.
    expect((await second.call('GET', '/api/public/v1/me', undefined, token.body.value)).body).toMatchObject({
      user_id: kim.body.id,
      token_id: token.body.id,
    });
    expect((await second.call('GET', '/api/public/v1/me', undefined, alex)).status).toBe(200);
    expect((await second.call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.sam)).body.code).toBe('token_revoked');
  });

  it('the clock, faults, the request journal and the webhook event journal are not state: a restart starts them afresh', async () => {
    const file = newDir().path();
    const first = await start(file);
    await first.call('PUT', '/__mock/clock', { now: '2030-01-01T00:00:00Z' });
    await first.call('POST', '/__mock/faults', { operation: 'getMe', status: 503 });
    await first.call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: A.everydayChecking, snapshot_date: '2026-11-02', balance: 3 },
      alex,
    );
    expect((await first.call('GET', '/__mock/events')).body).toHaveLength(1);
    await first.stop();

    const second = await start(file);
    expect((await second.call('GET', '/__mock/clock')).body).toEqual({ now: '2026-11-01T09:00:00.000Z', frozen: true }); // the scenario's
    expect((await second.call('GET', '/__mock/faults')).body).toEqual([]);
    expect((await second.call('GET', '/__mock/journal')).body).toEqual([]);
    expect((await second.call('GET', '/__mock/events')).body).toEqual([]);
    expect((await second.call('GET', '/api/public/v1/me', undefined, alex)).status).toBe(200);
  });

  it.each([
    ['from the appended changes', false],
    ['from a rewritten image that no longer holds the deleted row', true],
  ])(
    'snapshot ids and their sequence continue after a restart (%s): the id of a deleted last snapshot is never reissued',
    async (_how, rewrite) => {
      const file = newDir().path();
      const first = await start(file, { stateFileOptions: { compactAfterBytes: 1 } });
      const write = (call: typeof first.call, date: string) =>
        call(
          'POST',
          '/api/public/v1/snapshots',
          { account_id: A.everydayChecking, snapshot_date: date, balance: 1 },
          alex,
        );
      const kept = (await write(first.call, '2026-11-02')).body.snapshot.id as string;
      const deleted = (await write(first.call, '2026-11-03')).body.snapshot.id as string;
      await first.call('DELETE', `/api/public/v1/snapshots/${deleted}`, undefined, alex);
      if (rewrite) {
        await first.call('POST', '/__mock/users', { name: 'x'.repeat(20_000) }); // the log now outgrows the image: rewritten
        expect(readFileSync(file, 'utf8')).not.toContain('"t":"batch"');
      }
      await first.stop();

      const second = await start(file);
      const next = (await write(second.call, '2026-11-04')).body.snapshot.id as string;
      const seq = (id: string) => parseInt(id.slice('snp_'.length), 36);
      expect(seq(next)).toBe(seq(deleted) + 1);
      expect((await second.call('GET', `/api/public/v1/snapshots/${kept}`, undefined, alex)).status).toBe(200);
      expect((await second.call('GET', `/api/public/v1/snapshots/${deleted}`, undefined, alex)).status).toBe(404);
    },
  );

  it('with a seed, a restarted server issues the ids an uninterrupted one would, never one it already issued', async () => {
    const steps = async (call: ReturnType<typeof caller>, name: string) => {
      const user = (await call('POST', '/__mock/users', { name })).body;
      const token = (await call('POST', '/__mock/tokens', { user_id: user.id })).body;
      const write = (
        await call(
          'POST',
          '/api/public/v1/snapshots',
          { account_id: A.everydayChecking, snapshot_date: day(name.length), balance: 1 },
          alex,
        )
      ).body;
      return [user.id, user.household_id, token.id, token.value, write.snapshot.id];
    };
    const file = newDir().path();
    const first = await start(file, { seed: 'restart' });
    const before = await steps(first.call, 'Kim');
    await first.stop();
    const second = await start(file, { seed: 'restart' });
    const after = await steps(second.call, 'Robin');

    const uninterrupted = await start(newDir().path(), { seed: 'restart' });
    expect([...(await steps(uninterrupted.call, 'Kim')), ...(await steps(uninterrupted.call, 'Robin'))]).toEqual([
      ...before,
      ...after,
    ]);
    expect(new Set([...before, ...after]).size).toBe(10);
  });

  it('a restart with another seed, then with the first again, still issues no id twice (each seed goes on from where it stopped)', async () => {
    const file = newDir().path();
    const userIds: string[] = [];
    for (const seed of ['a', 'b', 'a', 'b']) {
      const server = await start(file, { seed, stateFileOptions: { compactAfterBytes: 1 } });
      for (const name of [`With seed ${seed}`, 'x'.repeat(20_000)]) {
        // (the long name outgrows the image: the positions go through a rewrite too)
        const created = await server.call('POST', '/__mock/users', { name });
        expect(created.status).toBe(201); // a reissued id would be refused: 409 duplicate_id
        userIds.push(created.body.id);
      }
      await server.stop();
    }
    expect(new Set(userIds).size).toBe(8);
  });

  it('a refused write (422, 404) is not acknowledged and writes nothing to the file', async () => {
    const file = newDir().path();
    const { call } = await start(file);
    await call('GET', '/api/public/v1/me', undefined, alex); // the token's first use is a change (its last-used time); the clock is frozen after
    const bytes = readFileSync(file);

    const unwritable = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: A.familyHome, snapshot_date: '2026-11-02', balance: 1 },
      alex,
    );
    expect([unwritable.status, unwritable.body.code]).toEqual([422, 'account_not_writable']);
    const nothing = await call(
      'POST',
      '/api/public/v1/snapshots/bulk',
      { snapshots: [{ account_id: A.familyHome, snapshot_date: '2026-11-02', balance: 1 }] },
      alex,
    );
    expect(nothing.status).toBe(422);
    expect((await call('PATCH', '/api/public/v1/snapshots/snp_zzzz', { balance: 1 }, alex)).status).toBe(404);
    expect((await call('POST', '/__mock/tokens', { user_id: 'nobody' })).status).toBe(404);
    expect(
      (
        await call('POST', '/__mock/snapshots/seed', {
          snapshots: [
            { account_id: A.everydayChecking, snapshot_date: '2026-11-02', balance: 1 },
            { account_id: 'nope', snapshot_date: '2026-11-03', balance: 1 },
          ],
        })
      ).status,
    ).toBe(400);

    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('the file holds token hashes, never token values, and it and its rewrites are readable by the owner only (0600)', async () => {
    const dir = newDir();
    const file = dir.path();
    const { call } = await start(file, { stateFileOptions: { compactAfterBytes: 1 } });
    const mode = () => statSync(file).mode & 0o777;
    expect(mode()).toBe(0o600);
    const token = (await call('POST', '/__mock/tokens', { user_id: DEMO_IDS.users.alex })).body;
    await call(
      'POST',
      '/api/public/v1/snapshots/bulk',
      {
        snapshots: Array.from({ length: 500 }, (_, i) => ({
          account_id: A.everydayChecking,
          snapshot_date: day(i),
          balance: i,
        })),
      },
      alex,
    );
    expect(mode()).toBe(0o600); // rewritten as one image (the log outgrew it)
    await call('POST', '/__mock/reset');
    expect(mode()).toBe(0o600);
    expect(readdirSync(file.replace(/[^/]+$/, '')).sort()).toEqual(['ledger.state', 'ledger.state.lock']); // no temporary file left behind

    const text = readFileSync(file, 'utf8');
    for (const value of [DEMO_TOKENS.alex, DEMO_TOKENS.sam]) {
      expect(text).not.toContain(value);
      expect(text).toContain(createHash('sha256').update(value).digest('hex'));
    }
    expect(text).not.toContain(token.value);
    expect(text).not.toMatch(/plk_[0-9A-Za-z]{40}/);
  });

  it('POST /__mock/reset and POST /__mock/scenario rewrite the file to the new state, and say so in the answer', async () => {
    const file = newDir().path();
    const first = await start(file);
    await first.call('POST', '/__mock/users', { name: 'Gone after reset' });
    const reset = await first.call('POST', '/__mock/reset');
    expect(reset.body).toEqual({ ok: true, state_file: { path: file, reset: true } });
    expect(readFileSync(file, 'utf8')).not.toContain('Gone after reset');
    await first.stop();

    const second = await start(file);
    expect((await second.call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name)).toEqual([
      'Alex',
      'Sam',
    ]);
    const loaded = await second.call('POST', '/__mock/scenario', {
      households: [{ id: 'h1', plan: 'household' }],
      users: [{ id: 'u1', name: 'Robin', household_id: 'h1' }],
    });
    expect(loaded.body).toEqual({ ok: true, scenario: null, state_file: { path: file, reset: true } });
    await second.stop();

    const third = await start(file);
    expect((await third.call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name)).toEqual(['Robin']);
    expect(readFileSync(file, 'utf8')).not.toContain(DEMO_IDS.users.alex);
  });

  it('group commit: changes made while a write is running share the next fsync, and no answer is sent before its fsync', async () => {
    let syncs = 0;
    let hold: Promise<void> | undefined;
    const file = newDir().path();
    const { server, call, stop } = await start(file, {
      stateFileOptions: {
        beforeSync: async () => {
          syncs++;
          await hold;
        },
      },
    });
    await call('GET', '/api/public/v1/me', undefined, alex);
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const syncsBefore = syncs;
    const answered: number[] = [];
    const track = (index: number, request: Promise<{ status: number }>) =>
      request.then((answer) => (answered.push(index), answer));

    const firstWrite = track(
      0,
      call(
        'POST',
        '/api/public/v1/snapshots',
        { account_id: A.everydayChecking, snapshot_date: day(0), balance: 0 },
        alex,
      ),
    );
    while (syncs === syncsBefore) await new Promise((resolve) => setTimeout(resolve, 5)); // its fsync has started, and is held
    const more = Array.from({ length: 20 }, (_, i) =>
      track(
        i + 1,
        i % 4 === 3
          ? call('POST', '/__mock/users', { name: `User ${i}` })
          : call(
              'POST',
              '/api/public/v1/snapshots',
              { account_id: A.everydayChecking, snapshot_date: day(i + 1), balance: i + 1 },
              alex,
            ),
      ),
    );
    // Every change is applied in memory (the rules ran), but no answer may leave before the fsync that holds it.
    while (server.mock.store.snapshots.size < 96 + 16 || server.mock.store.users.count() < 2 + 5)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toEqual([]);

    hold = undefined;
    release();
    const answers = await Promise.all([firstWrite, ...more]);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(syncs - syncsBefore).toBe(2); // the first write's, and one for the twenty that came while it ran
    await stop();

    const again = await start(file);
    const dates = (
      await again.call(
        'GET',
        `/api/public/v1/snapshots?account_id=${A.everydayChecking}&from=${day(0)}`,
        undefined,
        alex,
      )
    ).body.snapshots.map((s: { snapshot_date: string }) => s.snapshot_date);
    expect(dates).toHaveLength(16);
    expect((await again.call('GET', '/__mock/users')).body).toHaveLength(7);
  });

  it('once the changes after the image outgrow it, the file is rewritten as one image, and a restart still has every change', async () => {
    const file = newDir().path();
    const first = await start(file, { stateFileOptions: { compactAfterBytes: 64 * 1024 } });
    const imageSize = statSync(file).size;
    for (let batch = 0; batch < 4; batch++) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        account_id: A.everydayChecking,
        snapshot_date: day(batch * 1000 + i),
        balance: batch * 1000 + i,
      }));
      expect((await first.call('POST', '/api/public/v1/snapshots/bulk', { snapshots: rows }, alex)).body.inserted).toBe(
        1000,
      );
    }
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"t":"snapshots"'); // rows now live in the image
    expect(text.split('"t":"batch"').length - 1).toBeLessThan(4); // not every bulk call is still a record of its own
    expect(statSync(file).size).toBeGreaterThan(imageSize);
    const before = (await first.call('GET', '/__mock/state')).body;
    await first.stop();

    const second = await start(file);
    expect(persistent((await second.call('GET', '/__mock/state')).body)).toEqual(persistent(before));
  });

  it('a damaged file is refused with a StateFileError naming the byte offset, and left as it was', async () => {
    const file = newDir().path();
    const first = await start(file);
    await first.call('POST', '/__mock/users', { name: 'Kim' });
    await first.call('POST', '/__mock/users', { name: 'Robin' });
    await first.stop();
    const bytes = readFileSync(file);
    const at = bytes.indexOf('Kim');
    const damaged = Buffer.from(bytes);
    damaged[at] = 'J'.charCodeAt(0); // "Jim": the record's CRC-32 no longer matches
    writeFileSync(file, damaged);
    const recordStart = damaged.lastIndexOf('\n', at) + 1;

    let error: unknown;
    try {
      createLedgerMockServer({ scenario: 'demo', state: file });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StateFileError);
    expect(error).toMatchObject({ file, offset: recordStart, inLog: true });
    expect(
      (error as Error).message.startsWith(`state file ${file} is damaged at byte ${recordStart}: checksum mismatch`),
    ).toBe(true);
    expect(readFileSync(file).equals(damaged)).toBe(true);

    writeFileSync(file, '{"households":[]}\n');
    expect(() => createLedgerMockServer({ state: file })).toThrow(`state file ${file}: not a ledger-mock state file`);
    expect(readFileSync(file, 'utf8')).toBe('{"households":[]}\n');
  });

  // How fast they load is benchmark 7's (bench/state-load.bench.ts): a time limit here would fail on a busy machine.
  it('100,000 stored snapshots load back, the last one exact', { timeout: 120_000 }, async () => {
    const file = newDir().path();
    const accounts = Array.from({ length: 100 }, (_, i) => ({
      id: `acc-${i}`,
      owner_user_id: 'u1',
      name: `Account ${i}`,
      category_id: 'c1',
    }));
    const scenario = {
      households: [{ id: 'h1', plan: 'household' as const }],
      users: [{ id: 'u1', household_id: 'h1' }],
      categories: [{ id: 'c1', name: 'Cash' }],
      accounts,
      // 1,000 days each: 2024-01-01 through 2026-09-26.
      snapshot_series: accounts.map((a) => ({
        account_id: a.id,
        every: 'day' as const,
        from: '2024-01-01',
        to: '2026-09-26',
        start_balance: 100,
        step: 0.25,
      })),
    };
    const created = await start(file, { scenario });
    expect(created.server.mock.store.snapshots.size).toBe(100_000);
    await created.stop();

    const restored = await start(file, { scenario: 'empty' });
    expect(restored.server.mock.store.snapshots.size).toBe(100_000);
    const last = await restored.call('GET', '/__mock/snapshots?account_id=acc-99&from=2026-09-26');
    expect(last.body).toEqual([
      {
        id: expect.stringMatching(/^snp_/),
        account_id: 'acc-99',
        snapshot_date: '2026-09-26',
        balance: 100 + 999 * 0.25,
        is_estimated: false,
      },
    ]);
  });

  it('when the file cannot be written any more, nothing more is acknowledged: every write is 500 state_not_saved', async () => {
    let broken = false;
    const failures: Error[] = [];
    const { call } = await start(newDir().path(), {
      stateFileOptions: {
        beforeSync: () => {
          if (broken)
            throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', syscall: 'fdatasync' }); // as fdatasync fails
        },
        onFailure: (error) => failures.push(error),
      },
    });
    expect((await call('POST', '/__mock/users', { name: 'Saved' })).status).toBe(201);
    broken = true;
    const write = await call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: A.everydayChecking, snapshot_date: '2026-11-02', balance: 1 },
      alex,
    );
    expect([write.status, write.body.code]).toEqual([500, 'state_not_saved']);
    expect(write.body.error).toMatch(
      /could not write its state file .*ledger\.state \(cannot fsync it: input\/output error, the disk or file system failed \(EIO\)\); changes since/,
    );
    const control = await call('POST', '/__mock/users', { name: 'Not saved' });
    expect([control.status, control.body.code]).toEqual([500, 'state_not_saved']);
    expect(failures).toHaveLength(1);
  });

  it('a new file must be creatable: a missing directory is refused at once', () => {
    const file = `${newDir().path('missing-directory')}/ledger.state`;
    expect(() => createLedgerMockServer({ state: file })).toThrow(`state file ${file}: cannot create it`);
  });

  it('state cannot be combined with a fake made elsewhere', async () => {
    const { createLedgerMock } = await import('personal-ledger-sdk/mocks');
    expect(() => createLedgerMockServer({ mock: createLedgerMock(), state: newDir().path() })).toThrow(
      /cannot be combined with `mock`/,
    );
    expect(existsSync(dirs.at(-1)!.path())).toBe(false);
  });
});
