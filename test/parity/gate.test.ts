// The safety rules and the gate on their own: what a request may do to a target, decided before it is sent.
// Requests go to a recording fetch, so a refused request is seen never to leave.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusal, type WritePolicy } from '../../parity/http/permit';
import { GateRefusal, Interrupted, RequestGate } from '../../parity/http/gate';
import { BudgetSpent } from '../../parity/http/budget';
import { Pacer } from '../../reading/pacer';
import type { ProbeRequest } from '../../parity/http/request';

const SCRATCH = '5c7a0000-0000-4000-8000-0000000000a1';
const OTHER = 'acc00000-0000-4000-8000-000000000001';
const MADE_UP = '0d0e0a0d-0000-4000-8000-00000000beef';
const TOKEN = `plk_${'T'.repeat(40)}`;
const policy = (mode: 'read' | 'scratch', kit: string[] = []): WritePolicy => ({
  mode,
  ...(mode === 'scratch' ? { scratchAccountId: SCRATCH } : {}),
  reservedYear: '2000',
  absentIds: new Set([MADE_UP]),
  kitSnapshotIds: new Set(kit),
});
const write = (method: string, path: string, body?: unknown, withToken = true) => ({
  method,
  path: `/api/public/v1${path}`,
  body,
  withToken,
});
const row = (account: string, date = '2000-01-02') => ({ account_id: account, snapshot_date: date, balance: 1 });

describe('the safety rules (permit.ts)', () => {
  it('never POST /accounts, with or without a token, in any spelling of the path', () => {
    for (const path of [
      '/api/public/v1/accounts',
      '/API/public/v1/Accounts/',
      '/api/public/v1//accounts',
      '/api/public/v1/%61ccounts',
    ]) {
      for (const withToken of [true, false]) {
        expect(refusal({ method: 'POST', path, body: { name: 'x' }, withToken }, policy('scratch')), path).toMatch(
          /never sent/,
        );
      }
    }
  });

  it('without a scratch account: the token goes with GET only; without a valid token any method goes', () => {
    expect(refusal(write('GET', '/accounts'), policy('read'))).toBeUndefined();
    for (const method of ['POST', 'PATCH', 'DELETE', 'PUT']) {
      expect(refusal(write(method, '/snapshots', row(SCRATCH)), policy('read'))).toMatch(/needs --scratch-account/);
      expect(refusal(write(method, '/snapshots', row(OTHER), false), policy('read'))).toBeUndefined();
    }
    expect(
      refusal({ method: 'GET', path: '/__mock/state', body: undefined, withToken: false }, policy('read')),
    ).toMatch(/not under \/api\/public/);
  });

  it('with a scratch account: snapshot writes name only it (dates in 2000) or made-up accounts, at any depth of the body', () => {
    const p = policy('scratch');
    expect(refusal(write('POST', '/snapshots', row(SCRATCH)), p)).toBeUndefined();
    expect(refusal(write('POST', '/snapshots', row(SCRATCH.toUpperCase())), p)).toBeUndefined();
    expect(refusal(write('POST', '/snapshots', row(MADE_UP, '2026-01-01')), p)).toBeUndefined();
    expect(refusal(write('POST', '/snapshots', row(SCRATCH, '2026-01-01')), p)).toMatch(/snapshot_date in 2000/);
    expect(refusal(write('POST', '/snapshots', { account_id: SCRATCH, balance: 1 }), p)).toMatch(
      /snapshot_date in 2000/,
    );
    expect(refusal(write('POST', '/snapshots', row(OTHER)), p)).toMatch(/names account acc00000/);
    expect(refusal(write('POST', '/snapshots/bulk', { snapshots: [row(SCRATCH), row(OTHER)] }), p)).toMatch(
      /names account acc00000/,
    );
    expect(refusal(write('POST', '/snapshots/bulk', [row(OTHER)]), p)).toMatch(/names account/);
    expect(refusal(write('POST', '/snapshots/bulk', { wrapper: { deep: [row(OTHER)] } }), p)).toMatch(/names account/);
    expect(refusal(write('POST', '/snapshots/bulk', { snapshots: [42, null, { balance: 1 }] }), p)).toBeUndefined();
    expect(refusal(write('POST', '/snapshots', undefined), p)).toBeUndefined(); // not JSON: names nothing
  });

  it("with a scratch account: PATCH/DELETE only the kit's own snapshots (moved within 2000) or made-up ids; PATCH only the scratch account", () => {
    const p = policy('scratch', ['snp_kit']);
    expect(refusal(write('PATCH', '/snapshots/snp_kit', { balance: 2 }), p)).toBeUndefined();
    expect(refusal(write('PATCH', '/snapshots/snp_kit', { snapshot_date: '2000-03-01' }), p)).toBeUndefined();
    expect(refusal(write('PATCH', '/snapshots/snp_kit', { snapshot_date: '2026-03-01' }), p)).toMatch(
      /only to a date in 2000/,
    );
    expect(refusal(write('PATCH', '/snapshots/snp_kit', { account_id: OTHER }), p)).toMatch(/names account/);
    expect(refusal(write('DELETE', '/snapshots/snp_kit'), p)).toBeUndefined();
    expect(refusal(write('DELETE', '/snapshots/snp_1'), p)).toMatch(/only snapshots the kit created/);
    expect(refusal(write('DELETE', `/snapshots/${MADE_UP}`), p)).toBeUndefined();
    expect(refusal(write('PATCH', `/accounts/${SCRATCH}`, { name: 'x' }), p)).toBeUndefined();
    expect(refusal(write('PATCH', `/accounts/${OTHER}`, { name: 'x' }), p)).toMatch(/only the scratch account/);
    expect(refusal(write('DELETE', '/snapshots'), p)).toMatch(/no write the kit knows how to undo/);
  });

  it("methods no operation has: HEAD and OPTIONS with the token anywhere; with a scratch account an unreadable body anywhere but with DELETE; PUT/POST only on the scratch account or the kit's snapshots; DELETE of an account only on a made-up id", () => {
    const p = policy('scratch', ['snp_kit']);
    const unreadable = (method: string, path: string) => ({ ...write(method, path), unreadable: true });
    for (const method of ['HEAD', 'OPTIONS'])
      for (const path of ['/me', `/accounts/${OTHER}`, '/snapshots/snp_1'])
        expect(refusal(write(method, path), policy('read')), `${method} ${path}`).toBeUndefined();
    // A body nothing can be read from: any path, any method but DELETE; never POST /accounts; not without a scratch account.
    for (const method of ['POST', 'PUT', 'PATCH'])
      for (const path of [
        '/me',
        '/categories',
        '/snapshots/bulk',
        `/accounts/${OTHER}`,
        '/snapshots/snp_1',
        '/openapi.json',
      ])
        expect(refusal(unreadable(method, path), p), `${method} ${path}`).toBeUndefined();
    expect(refusal(unreadable('POST', '/accounts'), p)).toMatch(/never sent/);
    expect(refusal(unreadable('PUT', '/me'), policy('read'))).toMatch(/needs --scratch-account/);
    expect(refusal(unreadable('DELETE', '/accounts'), p)).toMatch(/no write the kit knows how to undo/);
    // PUT and POST of an account: the scratch one only (its fields are restored); never a made-up id, which could be created.
    for (const method of ['PUT', 'POST']) {
      expect(refusal(write(method, `/accounts/${SCRATCH}`, { name: 'x' }), p)).toBeUndefined();
      expect(refusal(write(method, `/accounts/${MADE_UP}`, { name: 'x' }), p)).toMatch(/only the scratch account/);
      expect(refusal(write(method, `/accounts/${OTHER}`, { name: 'x' }), p)).toMatch(/only the scratch account/);
    }
    // DELETE of an account: a made-up id only, never the scratch account nor another.
    expect(refusal(write('DELETE', `/accounts/${MADE_UP}`), p)).toBeUndefined();
    expect(refusal(write('DELETE', `/accounts/${SCRATCH}`), p)).toMatch(/only an id the kit made up/);
    expect(refusal(write('DELETE', `/accounts/${OTHER}`), p)).toMatch(/only an id the kit made up/);
    // PUT and POST of a snapshot: the kit's own (moved within 2000 at most); a made-up or real one only unreadable.
    expect(refusal(write('PUT', '/snapshots/snp_kit', { balance: 2 }), p)).toBeUndefined();
    expect(refusal(write('POST', '/snapshots/snp_kit', { snapshot_date: '2026-01-01' }), p)).toMatch(
      /only to a date in 2000/,
    );
    expect(refusal(write('PUT', `/snapshots/${MADE_UP}`, { balance: 2 }), p)).toMatch(/only snapshots the kit created/);
    expect(refusal(write('PUT', '/snapshots/snp_1', { balance: 2 }), p)).toMatch(/only snapshots the kit created/);
    expect(refusal(write('PUT', '/snapshots/bulk', { snapshots: [] }), p)).toMatch(/only snapshots the kit created/);
  });
});

/** A gate whose fetch records what would be sent and answers `status`. */
function gateWith(
  mode: 'read' | 'scratch',
  answers: Array<() => Response> = [],
  extra: Partial<ConstructorParameters<typeof RequestGate>[0]> = {},
) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const gate = new RequestGate({
    baseUrl: 'http://127.0.0.1:9',
    token: TOKEN,
    mode,
    ...(mode === 'scratch' ? { scratchAccountId: SCRATCH } : {}),
    reservedYear: '2000',
    fetch: async (url, init) => {
      sent.push({ url, init });
      return (answers.shift() ?? (() => Response.json({ ok: true })))();
    },
    ...extra,
  });
  return { gate, sent };
}
const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('the gate', () => {
  afterEach(() => vi.useRealTimers());

  it('a refused request never reaches fetch; the token is only ever in the Authorization of valid-token requests', async () => {
    const { gate, sent } = gateWith('read');
    const refused: ProbeRequest = { method: 'POST', path: '/api/public/v1/snapshots', json: row(SCRATCH) };
    await expect(gate.send(refused)).rejects.toBeInstanceOf(GateRefusal);
    expect(sent).toEqual([]);
    for (const auth of ['none', 'empty-bearer', 'basic', 'made-up', 'two-values'] as const) {
      await gate.send({ method: 'POST', path: '/api/public/v1/snapshots', auth, json: row(OTHER) });
    }
    await gate.send({ method: 'GET', path: '/api/public/v1/me' });
    expect(sent.map((s) => headerOf(s.init, 'authorization')?.includes(TOKEN) ?? false)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(sent.map((s) => headerOf(s.init, 'authorization'))[0]).toBeNull();
    expect(headerOf(sent[4]!.init, 'authorization')).toMatch(/^Bearer \w+ \w+$/);
    expect(gate.sent().map((s) => s.withToken)).toEqual([false, false, false, false, false, true]);
  });

  it('refuses a request that would carry the token anywhere but the Authorization header', async () => {
    const { gate, sent } = gateWith('scratch');
    await expect(gate.send({ method: 'GET', path: `/api/public/v1/me`, query: `t=${TOKEN}` })).rejects.toThrow(
      /only in the Authorization header/,
    );
    await expect(
      gate.send({ method: 'POST', path: '/api/public/v1/snapshots', auth: 'none', json: { note: TOKEN } }),
    ).rejects.toThrow(GateRefusal);
    expect(sent).toEqual([]);
  });

  it('sends the token elsewhere (query, cookie, another header) only with GET, without an Authorization header, and names it <token>', async () => {
    const { gate, sent } = gateWith('read');
    const inQuery = await gate.send({
      method: 'GET',
      path: '/api/public/v1/me',
      query: 'a=1',
      auth: 'query-access_token',
    });
    await gate.send({ method: 'GET', path: '/api/public/v1/me', auth: 'cookie-session' });
    await gate.send({ method: 'GET', path: '/api/public/v1/me', auth: 'x-api-key' });
    await gate.send({ method: 'GET', path: '/api/public/v1/me', auth: 'token-scheme' });
    expect(sent.map((s) => s.url)).toEqual([
      `http://127.0.0.1:9/api/public/v1/me?a=1&access_token=${TOKEN}`,
      'http://127.0.0.1:9/api/public/v1/me',
      'http://127.0.0.1:9/api/public/v1/me',
      'http://127.0.0.1:9/api/public/v1/me',
    ]);
    expect(
      sent.map((s) => [headerOf(s.init, 'authorization'), headerOf(s.init, 'cookie'), headerOf(s.init, 'x-api-key')]),
    ).toEqual([
      [null, null, null],
      [null, `session=${TOKEN}`, null],
      [null, null, TOKEN],
      [`Token ${TOKEN}`, null, null],
    ]);
    // What the report and the recording see: the place, never the value.
    expect(inQuery.request.query).toBe('a=1&access_token=<token>');
    expect(gate.sent().map((s) => [s.query, s.withToken])).toEqual([
      ['a=1&access_token=<token>', true],
      ['', true],
      ['', true],
      ['', true],
    ]);
    for (const method of ['HEAD', 'POST', 'DELETE'] as const)
      await expect(gate.send({ method, path: '/api/public/v1/me', auth: 'query-token' })).rejects.toThrow(
        /with GET only/,
      );
    expect(sent.length).toBe(4);
  });

  it('learns the snapshots it created on the scratch account (only after the baseline), and lets only those be deleted', async () => {
    const created = () =>
      Response.json(
        { snapshot: { id: 'snp_new', account_id: SCRATCH, snapshot_date: '2000-01-02', balance: 1 } },
        { status: 201 },
      );
    const listed = () =>
      Response.json({ snapshots: [{ id: 'snp_old', account_id: SCRATCH, snapshot_date: '2024-01-01', balance: 5 }] });
    const { gate } = gateWith('scratch', [listed, created]);
    gate.setScratchBaseline(new Set(['snp_old']));
    await gate.send({ method: 'GET', path: '/api/public/v1/snapshots' });
    await gate.send({ method: 'POST', path: '/api/public/v1/snapshots', json: row(SCRATCH) });
    expect([...gate.kitSnapshots()]).toEqual(['snp_new']);
    await gate.send({ method: 'DELETE', path: '/api/public/v1/snapshots/snp_new' });
    await expect(gate.send({ method: 'DELETE', path: '/api/public/v1/snapshots/snp_old' })).rejects.toThrow(
      GateRefusal,
    );
  });

  it('counts requests against the budget, keeping a reserve for cleanup; stops probes after an interrupt but not cleanup', async () => {
    const controller = new AbortController();
    const { gate } = gateWith('read', [], { budget: 3, signal: controller.signal });
    gate.budget.keep(1);
    const me: ProbeRequest = { method: 'GET', path: '/api/public/v1/me' };
    await gate.send(me);
    await gate.send(me);
    await expect(gate.send(me)).rejects.toBeInstanceOf(BudgetSpent);
    await gate.send(me, 'upkeep'); // the reserve
    await expect(gate.send(me, 'upkeep')).rejects.toBeInstanceOf(BudgetSpent);
    const { gate: other } = gateWith('read', [], { signal: controller.signal });
    controller.abort();
    await expect(other.send(me)).rejects.toBeInstanceOf(Interrupted);
    await other.send(me, 'upkeep');
  });

  it('waits out a 429 for its Retry-After and sends again (counted)', async () => {
    vi.useFakeTimers();
    const busy = () =>
      new Response('{}', { status: 429, headers: { 'retry-after': '2', 'content-type': 'application/json' } });
    const { gate, sent } = gateWith('read', [busy, () => Response.json({ user_id: 'u' })], { retryBusy: true });
    const answer = gate.send({ method: 'GET', path: '/api/public/v1/me' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(200);
    expect((await answer).retries).toBe(1);
    expect(gate.budget.used).toBe(2);
  });
});

describe('pacing', () => {
  afterEach(() => vi.useRealTimers());

  it('at 5 a second, request starts are 200 ms apart', async () => {
    vi.useFakeTimers();
    const pacer = new Pacer(5);
    const started: number[] = [];
    const t0 = Date.now();
    const all = Promise.all(Array.from({ length: 4 }, () => pacer.wait().then(() => started.push(Date.now() - t0))));
    await vi.advanceTimersByTimeAsync(1000);
    await all;
    expect(started).toEqual([0, 200, 400, 600]);
  });
});
