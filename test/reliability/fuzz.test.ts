// Fuzzing every operation of openapi.json (and routes it does not have) with malformed and edge input,
// through fetch against the MSW fake and through mock.fetch (the same core, without interception). Every answer must
// be a status the document lists for the operation, with a body valid against the document, never a 5xx; the store's
// invariants must hold after every request; reads and refused writes must change nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkResponse } from '../../reading/openapi-check';
import { createTestMock } from '../support/test-mock';
import { checkProperty, scaled, summary } from './support/config';
import { bigBulkRows, requestPlan, type RequestPlan } from './support/fuzz-requests';
import { BALANCE_EDGES, DATE_EDGES, NAME_EDGES, toJsonText } from './support/fuzz-values';
import { assertInvariants, stateFingerprint } from './support/invariants';
import { API, isWrite, operationFor, OPERATIONS, type DocumentOperation } from './support/operations';
import { buildWorld, type World } from './support/world';

// Every response is checked against openapi.json by check() below, so not a second time by createTestMock.
const { mock, control } = createTestMock({ seed: 'reliability-fuzz' }, { checkEveryResponse: false });

// Each property run sends 35 requests in a row against the same state; the state is rebuilt every 10 runs.
const RUNS = scaled(286);
const MIN_REQUESTS = 35;
const MAX_REQUESTS = 35;
const RESET_EVERY = 10;
// One property run in MSW_EVERY goes through fetch and MSW, the others through mock.fetch: the same core and message
// translation (fetch-messages.ts) answer both, and MSW's interception costs as much per request as the rest of the
// check (undici's client, interceptors, cookies), so most runs do without it. The edge values and the path cases
// below go through MSW.
const MSW_EVERY = 4;
const NINE_MIB = `{"name":"${'x'.repeat(9 * 1024 * 1024)}"}`;

interface Sent {
  status: number;
  text: string;
  body: unknown;
  contentType: string | null;
  headers: Headers;
  url: string;
}

function bodyOf(plan: RequestPlan, world: World): BodyInit | undefined {
  const body = plan.body;
  if (!body) return undefined;
  switch (body.kind) {
    case 'json':
      return toJsonText(body.value);
    case 'text':
      return body.text;
    case 'bytes':
      return new Uint8Array(body.bytes);
    case 'bulk':
      return JSON.stringify({ snapshots: bigBulkRows(world, body.rows, body.valid) });
    case 'oversized':
      return NINE_MIB;
  }
}

/** How a request reaches the fake: the global fetch, intercepted by MSW, or mock.fetch. */
type Transport = 'msw' | 'mock.fetch';

async function send(plan: RequestPlan, world: World, transport: Transport): Promise<Sent> {
  const url = `${mock.baseUrl}${API}${plan.path}${plan.query ? `?${plan.query}` : ''}`;
  const headers = new Headers();
  if (plan.authorization !== null) headers.set('authorization', plan.authorization);
  if (plan.contentType !== null) headers.set('content-type', plan.contentType);
  const body = bodyOf(plan, world);
  const fetchVia = transport === 'msw' ? fetch : mock.fetch;
  const response = await fetchVia(url, { method: plan.method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  return {
    status: response.status,
    text,
    body: parsed,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    url: response.url || url,
  };
}

/** True when a text body is not JSON the service can parse (400 invalid_json). */
function unparsable(plan: RequestPlan): boolean {
  const body = plan.body;
  if (body?.kind === 'bytes') return true; // every byte sample is invalid UTF-8
  if (body?.kind !== 'text') return false;
  try {
    JSON.parse(body.text.replace(/^\uFEFF/, '')); // RFC 8259 8.1: a parser MAY ignore a byte order mark
    return false;
  } catch {
    return true;
  }
}

/** The status the request must get, when the request alone decides it (auth, plan, scope, size, JSON). */
function decidedStatus(plan: RequestPlan, op: DocumentOperation): number | undefined {
  if (op.scope === null) return 200;
  if (plan.auth === 'refused_401') return 401;
  if (plan.auth === 'refused_402') return 402;
  if (plan.auth === 'read_only' && isWrite(op)) return 403;
  if (['getMe', 'listCategories', 'listAccounts'].includes(op.operationId)) return 200;
  const readsBody = op.method === 'POST' || op.method === 'PATCH';
  if (!readsBody) return undefined; // DELETE ignores a body
  if (plan.body?.kind === 'oversized') return 413;
  if (op.operationId === 'bulkUpsertSnapshots' && plan.body?.kind === 'bulk' && plan.body.rows > 5000) return 413;
  if (unparsable(plan)) return 400;
  return undefined;
}

const figures = {
  edgeRequests: 0,
  sendMs: 0,
  requests: 0,
  unknownRoutes: 0,
  bigBulks: 0,
  resets: 0,
  byOperation: new Map<string, number>(),
  byStatus: new Map<number, number>(),
  byTransport: new Map<Transport, number>(),
};
const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** A failed check: cheaper than expect() on a path run ten thousand times; a message function is built only on failure. */
function assert(condition: boolean, message: string | (() => string)): asserts condition {
  if (!condition) throw new Error(typeof message === 'function' ? message() : message);
}

async function check(plan: RequestPlan, world: World, transport: Transport = 'msw'): Promise<Sent> {
  const pathname = new URL(`${mock.baseUrl}${API}${plan.path}`).pathname;
  const op = operationFor(plan.method, pathname);
  const write = op !== undefined && ['POST', 'PATCH', 'DELETE'].includes(op.method);
  // What a write may touch: accounts for the account operations, snapshots for the others.
  const scope = {
    accounts: op?.template.startsWith('/accounts') ?? false,
    snapshots: !(op?.template.startsWith('/accounts') ?? false),
  };
  const before = write ? stateFingerprint(mock, scope) : '';
  const sizeBefore = mock.store.snapshots.size;
  const accountsBefore = mock.store.accounts.count();
  const t0 = performance.now();
  const sent = await send(plan, world, transport);
  figures.sendMs += performance.now() - t0;
  // Built only when a check fails: ten thousand passing requests need none of it.
  const where = () =>
    `${plan.method} ${plan.path.slice(0, 120)}${plan.query ? `?${plan.query.slice(0, 80)}` : ''} -> ${sent.status} ${sent.text.slice(0, 300)}`;
  const code = (sent.body as { code?: unknown } | undefined)?.code;

  figures.requests += 1;
  bump(figures.byTransport, transport);
  bump(figures.byOperation, op?.operationId ?? '(unknown route)');
  bump(figures.byStatus, sent.status);
  if (plan.body?.kind === 'bulk') figures.bigBulks += 1;

  assert(sent.status < 500, () => `never a 5xx: ${where()}`);
  if (!op) {
    figures.unknownRoutes += 1;
    assert(sent.status === 404, () => `an unknown route is 404: ${where()}`);
    assert(
      plan.method === 'HEAD' || code === 'route_not_found',
      () => `an unknown route is route_not_found: ${where()}`,
    );
  } else {
    assert(
      op.allowed.has(sent.status),
      () => `status listed in openapi.json for ${op.operationId} (${[...op.allowed].join(',')}): ${where()}`,
    );
    const decided = decidedStatus(plan, op);
    if (decided !== undefined)
      assert(sent.status === decided, () => `status ${decided} decided by the request itself: ${where()}`);
    else if (op.scope !== null) {
      assert(sent.status !== 401 && sent.status !== 403, () => `a valid token passes auth and scope: ${where()}`);
      // The only 402 left is for a shared visibility without sharing in the plan.
      assert(
        sent.status !== 402 || code === 'sharing_not_in_plan',
        () => `a valid token passes the plan check: ${where()}`,
      );
    }
  }
  const violations = checkResponse({
    method: plan.method,
    url: sent.url,
    baseUrl: mock.baseUrl,
    status: sent.status,
    contentType: sent.contentType,
    bodyText: sent.text,
    headers: sent.headers,
  });
  assert(violations.length === 0, () => `valid against openapi.json: ${where()}\n${violations.join('\n')}`);

  assertInvariants(mock);
  const sizeDelta = mock.store.snapshots.size - sizeBefore;
  const accountsDelta = mock.store.accounts.count() - accountsBefore;
  if (!write || sent.status >= 300) {
    // Reads and refused writes change nothing: in particular a bulk answered 400/413/422 wrote no row.
    assert(sizeDelta === 0 && accountsDelta === 0, () => `nothing added or removed by ${where()}`);
    assert(!write || stateFingerprint(mock, scope) === before, () => `state unchanged after ${where()}`);
    return sent;
  }
  const body = sent.body as Record<string, unknown>;
  switch (op.operationId) {
    case 'bulkUpsertSnapshots': {
      const result = body as { received: number; inserted: number; updated: number; skipped: Array<{ index: number }> };
      assert(
        result.inserted + result.updated + result.skipped.length === result.received,
        () => `every row accounted for: ${where()}`,
      );
      assert(result.inserted === sizeDelta, () => `inserted rows are the new snapshots (${sizeDelta}): ${where()}`);
      const indexes = result.skipped.map((s) => s.index);
      assert(
        indexes.every((index, i) => index >= 0 && index < result.received && (i === 0 || index > indexes[i - 1]!)),
        () => `skipped indexes sorted, unique, in range: ${where()}`,
      );
      break;
    }
    case 'upsertSnapshot':
      assert(
        sizeDelta === (sent.status === 201 ? 1 : 0),
        () => `201 inserts one snapshot, 200 none (${sizeDelta}): ${where()}`,
      );
      assert(
        body.action === (sent.status === 201 ? 'inserted' : 'updated'),
        () => `action matches the status: ${where()}`,
      );
      break;
    case 'deleteSnapshot':
      assert(sizeDelta === -1, () => `a delete removes one snapshot (${sizeDelta}): ${where()}`);
      break;
    case 'createAccount':
      assert(accountsDelta === 1, () => `a create adds one account (${accountsDelta}): ${where()}`);
      break;
    default:
      assert(sizeDelta === 0 && accountsDelta === 0, () => `an update adds nothing: ${where()}`);
  }
  return sent;
}

/** A real calendar date in YYYY-MM-DD form (leap years honoured), written here from the rule itself. */
function isRealDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** The number a balance's JSON text parses to, or undefined when it is not a finite JSON number. */
function parsedBalance(value: unknown): number | undefined {
  const parsed = JSON.parse(toJsonText(value)) as unknown;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}

describe('fuzzing every operation', () => {
  it(
    'edge values get the answer the specification gives them: names of 0/1/120/121 code points and unusual Unicode, impossible dates, odd balances, 5,000 and 5,001 bulk rows',
    async () => {
      const world = await buildWorld(control);
      const alice = {
        authorization: `Bearer ${world.tokens.alice.value}`,
        auth: 'full' as const,
        contentType: 'application/json',
      };
      const json = (method: string, path: string, value: unknown, who = alice): RequestPlan => ({
        method,
        path,
        query: '',
        ...who,
        body: { kind: 'json', value },
      });
      let requests = 0;
      const run = async (plan: RequestPlan) => {
        requests += 1;
        return check(plan, world);
      };

      // Names and institution names: 1-120 code points, stored exactly as sent (no trimming, no rewriting).
      for (const name of NAME_EDGES) {
        const points = [...name].length;
        const valid = points >= 1 && points <= 120;
        for (const field of ['name', 'institution_name'] as const) {
          const body = { name: 'Edge', category_id: world.categories.checking, [field]: name };
          const sent = await run(json('POST', '/accounts', body));
          const answer = sent.body as { name?: string; institution_name?: string; detail?: Array<{ path: string }> };
          expect(sent.status, `${field} of ${points} code points`).toBe(valid ? 201 : 422);
          if (valid) expect(answer[field], `${field} stored as sent`).toBe(name);
          else expect(answer.detail?.map((d) => d.path)).toContain(`body.${field}`);
        }
      }
      // Dates: a real calendar date in YYYY-MM-DD form, or 422 (a snapshot) / 400 (a query bound).
      for (const date of DATE_EDGES) {
        const sent = await run(
          json('POST', '/snapshots', { account_id: world.accounts.alicePrivate, snapshot_date: date, balance: 1 }),
        );
        if (isRealDate(date)) expect([200, 201], `snapshot_date ${JSON.stringify(date)}`).toContain(sent.status);
        else expect(sent.status, `snapshot_date ${JSON.stringify(date)}`).toBe(422);
        if (typeof date !== 'string') continue;
        const listed = await run({
          method: 'GET',
          path: '/snapshots',
          query: `from=${encodeURIComponent(date)}`,
          ...alice,
          contentType: null,
        });
        expect(listed.status, `from=${date}`).toBe(isRealDate(date) ? 200 : 400);
      }
      // Balances: any finite JSON number (-0 stored as 0); strings, NaN/Infinity text, 1e400 and non-numbers are refused.
      for (const [i, balance] of BALANCE_EDGES.entries()) {
        const expected = parsedBalance(balance);
        const date = `2020-01-${String(i + 1).padStart(2, '0')}`;
        const sent = await run(
          json('POST', '/snapshots', { account_id: world.accounts.alicePrivate, snapshot_date: date, balance }),
        );
        expect(sent.status, `balance ${toJsonText(balance)}`).toBe(expected === undefined ? 422 : 201);
        if (expected !== undefined)
          expect(
            Object.is((sent.body as { snapshot: { balance: number } }).snapshot.balance, expected === 0 ? 0 : expected),
            `stored ${toJsonText(balance)}`,
          ).toBe(true);
      }
      for (const text of [
        '{"account_id":"x","snapshot_date":"2024-01-01","balance":NaN}',
        '{"balance":Infinity}',
        '{"balance":-Infinity}',
      ]) {
        expect(
          (await run({ method: 'POST', path: '/snapshots', query: '', ...alice, body: { kind: 'text', text } })).status,
        ).toBe(400);
      }
      // Bulk: 5,000 rows are written; 5,001 are refused whole (413); a bulk that writes nothing is 422; none half-applied.
      const bulk = (rows: number, valid: boolean, who = alice): RequestPlan => ({
        method: 'POST',
        path: '/snapshots/bulk',
        query: '',
        ...who,
        body: { kind: 'bulk', rows, valid },
      });
      const full = await run(bulk(5000, true));
      expect(full.status).toBe(200);
      expect(full.body).toMatchObject({ received: 5000, inserted: 5000, updated: 0, skipped: [] });
      expect((await run(bulk(5001, true))).status).toBe(413);
      const partial = await run(bulk(5000, false));
      expect(partial.status).toBe(200);
      expect(partial.body).toMatchObject({ received: 5000, inserted: 0, updated: 4500 });
      expect((partial.body as { skipped: unknown[] }).skipped).toHaveLength(500);
      const carol = {
        authorization: `Bearer ${world.tokens.carol.value}`,
        auth: 'full' as const,
        contentType: 'application/json',
      };
      const nothing = await run(bulk(5000, true, carol));
      expect(nothing.status).toBe(422);
      expect((nothing.body as { code: string }).code).toBe('nothing_written');
      expect((await run(bulk(5001, false, carol))).status).toBe(413);
      figures.edgeRequests += requests;
    },
    scaled(300_000), // a ceiling: CPU-bound, and several times slower on a loaded machine
  );

  it('paths are matched as openapi.json writes them: a malformed escape in an id is 404 not_found (it was a 500), a trailing slash, another case or a method the concrete path lacks is 404 route_not_found', async () => {
    const world = await buildWorld(control);
    const alice = { authorization: `Bearer ${world.tokens.alice.value}`, auth: 'full' as const, contentType: null };
    const cases: Array<[string, string, number, string]> = [
      ['GET', '/snapshots/%E0%A4%A', 404, 'not_found'],
      ['GET', '/accounts/%E0%A4%A', 404, 'not_found'],
      ['DELETE', '/snapshots/%ED%A0%80', 404, 'not_found'],
      ['GET', '/nope/%E0%A4%A', 404, 'route_not_found'],
      ['GET', '/me/', 404, 'route_not_found'],
      ['GET', '/ME', 404, 'route_not_found'],
      ['GET', '/accounts/', 404, 'route_not_found'],
      ['GET', `/accounts/${world.accounts.alicePrivate}/`, 404, 'route_not_found'],
      ['GET', '/snapshots/bulk', 404, 'route_not_found'],
      ['PATCH', '/snapshots/bulk', 404, 'route_not_found'],
      ['DELETE', '/snapshots/bulk', 404, 'route_not_found'],
      ['GET', '/me', 200, ''],
      ['GET', `/accounts/${world.accounts.alicePrivate}`, 200, ''],
    ];
    for (const [method, path, status, code] of cases) {
      const sent = await check({ method, path, query: '', ...alice }, world);
      expect(sent.status, `${method} ${path}`).toBe(status);
      if (code) expect((sent.body as { code?: string }).code, `${method} ${path}`).toBe(code);
    }
  });

  it(
    'every answer to malformed and edge input is a status openapi.json lists for the operation, with a valid body, never a 5xx; store invariants hold after every request; reads and refused writes change nothing',
    async () => {
      const started = performance.now();
      const edge = figures.edgeRequests;
      Object.assign(figures, { sendMs: 0, requests: 0, unknownRoutes: 0, bigBulks: 0, resets: 0 });
      figures.byOperation.clear();
      figures.byStatus.clear();
      figures.byTransport.clear();
      let world = await buildWorld(control);
      const expectedIds = JSON.stringify(world);
      let run = 0;
      let rebuild = false;
      const operations = OPERATIONS.map(({ operationId, method, template }) => ({ operationId, method, template }));
      const property = fc.asyncProperty(
        fc.array(requestPlan(world, operations), { minLength: MIN_REQUESTS, maxLength: MAX_REQUESTS }),
        async (plans) => {
          if (rebuild || run++ % RESET_EVERY === 0) {
            await control.reset();
            world = await buildWorld(control);
            expect(JSON.stringify(world), 'a rebuilt world has the same ids and tokens').toBe(expectedIds);
            figures.resets += 1;
            rebuild = false;
          }
          const transport: Transport = run % MSW_EVERY === 1 ? 'msw' : 'mock.fetch'; // run counts from 1 here
          try {
            for (const plan of plans) {
              await check(plan, world, transport);
              if (mock.store.snapshots.size > 1000) {
                // After a 5,000-row bulk: back to the small world, so per-request checks stay cheap.
                await control.reset();
                world = await buildWorld(control);
                figures.resets += 1;
              }
            }
          } catch (error) {
            rebuild = true; // a shrink replays from a fresh state
            throw error;
          }
        },
      );
      await checkProperty('fuzz', property, RUNS);
      const seconds = (performance.now() - started) / 1000;
      const perOperation = OPERATIONS.map(
        (op) => `${op.operationId}:${figures.byOperation.get(op.operationId) ?? 0}`,
      ).join(',');
      summary('fuzz', {
        requests: figures.requests,
        edge_requests: edge,
        runs: RUNS,
        operations: OPERATIONS.length,
        unknown_routes: figures.unknownRoutes,
        through_msw: figures.byTransport.get('msw') ?? 0,
        through_mock_fetch: figures.byTransport.get('mock.fetch') ?? 0,
        bulk_5000_or_5001: figures.bigBulks,
        resets: figures.resets,
        violations: 0,
        request_seconds: figures.sendMs / 1000,
        seconds,
      });
      console.log(`[reliability] fuzz per operation: ${perOperation}`);
      console.log(
        `[reliability] fuzz statuses: ${[...figures.byStatus]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}:${n}`)
          .join(',')}`,
      );
      expect(figures.requests).toBeGreaterThanOrEqual(scaled(10_000));
      for (const op of OPERATIONS)
        expect(figures.byOperation.get(op.operationId) ?? 0, op.operationId).toBeGreaterThan(scaled(250));
      expect(figures.unknownRoutes).toBeGreaterThan(0);
      // Both ways in carry a share of every kind of request: MSW a quarter of the runs, mock.fetch the rest.
      expect(figures.byTransport.get('msw') ?? 0).toBeGreaterThanOrEqual(Math.floor(RUNS / MSW_EVERY) * MIN_REQUESTS);
      expect(figures.byTransport.get('mock.fetch') ?? 0).toBeGreaterThanOrEqual(
        Math.floor(RUNS / MSW_EVERY) * 2 * MIN_REQUESTS,
      );
    },
    scaled(600_000), // a ceiling: CPU-bound, and several times slower on a loaded machine
  );
});
