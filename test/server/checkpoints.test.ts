// Checkpoints and journal filters over HTTP on 127.0.0.1 (/__mock/checkpoints, GET /__mock/journal?...), and what a
// restore does to a `--state` file: it is rewritten as the restored state, so a restart finds exactly that.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { caller, persistent, stateDir } from './state-support';

const running: RunningLedgerMockServer[] = [];
const dirs: Array<ReturnType<typeof stateDir>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  dirs.splice(0).forEach((dir) => {
    dir.cleanup();
  });
});

async function start(state?: string) {
  const server = createLedgerMockServer({ scenario: 'demo', ...(state ? { state } : {}) });
  const listening = await server.listen();
  running.push(listening);
  const stop = async () => {
    running.splice(running.indexOf(listening), 1);
    await listening.close();
  };
  return { call: caller(listening.url), stop };
}

describe('/__mock/checkpoints over HTTP', () => {
  it('take, list, restore, delete; an unknown name is 404 with the near miss, a bad body 422', async () => {
    const { call } = await start();
    const taken = await call('POST', '/__mock/checkpoints', { name: 'setup' });
    expect(taken).toMatchObject({
      status: 201,
      body: { name: 'setup', now: '2026-11-01T09:00:00.000Z', frozen: true, snapshots: expect.any(Number) },
    });
    await call('POST', '/__mock/users', { name: 'Kim' });
    await call('POST', '/__mock/faults', { operation: 'getMe', status: 503 });
    expect((await call('GET', '/__mock/checkpoints')).body).toEqual([taken.body]);

    const restored = await call('POST', '/__mock/checkpoints/setup/restore');
    expect(restored).toMatchObject({ status: 200, body: { ok: true, checkpoint: taken.body } });
    expect(restored.body.state_file).toBeUndefined(); // no --state
    expect((await call('GET', '/__mock/users')).body.map((u: { name: string }) => u.name)).toEqual(['Alex', 'Sam']);
    expect((await call('GET', '/__mock/faults')).body).toEqual([]);
    expect((await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex)).status).toBe(200);

    const unknown = await call('POST', '/__mock/checkpoints/stup/restore');
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: 'not_found', error: 'No checkpoint "stup" (did you mean setup?): there are "setup"' },
    });
    expect((await call('POST', '/__mock/checkpoints', { name: 'x', extra: 1 })).status).toBe(422);
    expect((await call('POST', '/__mock/checkpoints', { name: '' })).body).toMatchObject({
      code: 'invalid_checkpoint',
    });
    expect((await call('DELETE', '/__mock/checkpoints/setup')).body).toEqual({ ok: true });
    expect((await call('GET', '/__mock/checkpoints')).body).toEqual([]);
    expect((await call('DELETE', '/__mock/checkpoints/setup')).status).toBe(404);
  });

  it('GET /__mock/journal?...: the same filter as journal.find, in snake_case; a bad one is 400 invalid_filter', async () => {
    const { call } = await start();
    await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.alex);
    await call('GET', '/api/public/v1/me', undefined, DEMO_TOKENS.sam);
    await call('GET', `/api/public/v1/accounts/${DEMO_IDS.accounts.everydayChecking}`, undefined, DEMO_TOKENS.sam); // 404
    const journal = async (query: string) =>
      (await call('GET', `/__mock/journal?${query}`)).body.map(
        (e: { operation_id: string; status: number }) => `${e.operation_id} ${e.status}`,
      );
    expect(await journal('operation=getMe')).toEqual(['getMe 200', 'getMe 200']);
    expect(await journal(`token_id=${DEMO_IDS.tokens.sam}&status=4xx`)).toEqual(['getAccount 404']);
    expect(await journal('status=200&method=GET&from=2026-11-01T09:00:00Z&to=2026-11-01T09:00:00Z')).toEqual([
      'getMe 200',
      'getMe 200',
    ]);
    expect(await journal('')).toHaveLength(3);

    const typo = await call('GET', '/__mock/journal?operation=getMee');
    expect(typo).toMatchObject({
      status: 400,
      body: { code: 'invalid_filter', error: expect.stringContaining('(did you mean getMe?)') },
    });
    expect((await call('GET', '/__mock/journal?tokenId=x')).body.error).toBe(
      'Invalid journal filter: tokenId is not a filter of the journal (the filters: operation, method, status, code, token_id, from, to)',
    );
    expect((await call('GET', '/__mock/journal?status=200&status=404')).body.error).toBe(
      'Invalid journal filter: status is given twice',
    );
  });
});

describe('restore with ledger-mock --state', () => {
  it('rewrites the file as the restored state (the answer says so), and a restart finds exactly that state', async () => {
    const dir = stateDir();
    dirs.push(dir);
    const file = dir.path();
    const first = await start(file);
    await first.call('POST', '/__mock/users', { name: 'Kept' });
    await first.call('POST', '/__mock/checkpoints', { name: 'setup' });
    const atCheckpoint = (await first.call('GET', '/__mock/state')).body;
    await first.call('POST', '/__mock/users', { name: 'Undone' });
    await first.call(
      'POST',
      '/api/public/v1/snapshots',
      { account_id: DEMO_IDS.accounts.everydayChecking, snapshot_date: '2026-11-01', balance: 5 },
      DEMO_TOKENS.alex,
    );
    expect(readFileSync(file, 'latin1')).toContain('Undone');

    const restored = await first.call('POST', '/__mock/checkpoints/setup/restore');
    expect(restored.body).toMatchObject({ ok: true, state_file: { path: file, reset: true } });
    expect(readFileSync(file, 'latin1')).not.toContain('Undone'); // written before the answer
    expect(readFileSync(file, 'latin1')).toContain('Kept');
    await first.call('POST', '/__mock/users', { name: 'After restore' }); // appended to the new image
    const beforeStop = (await first.call('GET', '/__mock/state')).body;
    await first.stop();

    const second = await start(file);
    const after = (await second.call('GET', '/__mock/state')).body;
    expect(persistent(after)).toEqual(persistent(beforeStop));
    expect(after.users.map((u: { name: string }) => u.name).sort()).toEqual(['After restore', 'Alex', 'Kept', 'Sam']);
    expect(after.snapshots).toEqual(atCheckpoint.snapshots);
    expect((await second.call('GET', '/__mock/checkpoints')).body).toEqual([]); // checkpoints live in memory only
  });
});
