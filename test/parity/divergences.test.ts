// A target that differs from the fake in one thing at a time: a proxy in front of ledger-mock (another process)
// changes a status, drops a header, renames a code, reorders a list, changes a type, requires a field, relaxes a
// rule... Each change must be reported as `differs` by the probe aimed at it, and said where.
import { afterEach, describe, expect, it } from 'vitest';
import { runParity, type ParityRun } from 'personal-ledger-sdk/parity';
import { type Divergence, type Exchange, jsonOf, ledgerMockBehindProxyForThisFile, SCRATCH, TOKEN, withJson } from './support';

const served = ledgerMockBehindProxyForThisFile();
afterEach(async () => {
  served.proxy.divergence = {};
  await served.upstream.control('POST', '/reset');
});

const API = '/api/public/v1';
const is = (e: Exchange, method: string, path: string | RegExp) =>
  e.method === method && (typeof path === 'string' ? e.path === `${API}${path}` : path.test(e.path.slice(API.length)));
const body = (e: Exchange) => JSON.parse(e.body) as Record<string, unknown>;
const reply = (status: number, json: unknown) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });

interface Case {
  /** What the target does differently. */
  change: string;
  mode: 'read' | 'scratch';
  /** The probe that must report it. */
  probe: string;
  /** A fragment of where the difference is reported. */
  where: string;
  divergence: Divergence;
}

const CASES: Case[] = [
  {
    change: 'a status: DELETE answers 204 without a body',
    mode: 'scratch',
    probe: 'snapshot.delete',
    where: 'answer 2 status',
    divergence: { response: (e, r) => (e.method === 'DELETE' && r.status === 200 ? { status: 204, headers: {}, body: '' } : r) },
  },
  {
    change: 'a missing header: a 401 without WWW-Authenticate',
    mode: 'read',
    probe: 'auth.missing',
    where: 'headers.www-authenticate',
    divergence: { response: (_e, r) => (r.status === 401 ? { ...r, headers: { 'content-type': 'application/json' } } : r) },
  },
  {
    change: 'a renamed error code: invalid_query is bad_query',
    mode: 'read',
    probe: 'snapshots.from-malformed',
    where: 'body.code',
    divergence: { response: (_e, r) => (r.body.includes('"invalid_query"') ? { ...r, body: r.body.replace('"invalid_query"', '"bad_query"') } : r) },
  },
  {
    change: 'a reordered list: categories by name only',
    mode: 'read',
    probe: 'categories.list',
    where: 'answer 1 body.categories (order)',
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/categories') || r.status !== 200) return r;
        const categories = (jsonOf(r).categories as Array<{ name: string }>).sort((a, b) => a.name.localeCompare(b.name));
        return withJson(r, { categories });
      },
    },
  },
  {
    change: 'a reordered list: snapshots by date, then account',
    mode: 'read',
    probe: 'snapshots.list-all',
    where: 'answer 1 body.snapshots (order)',
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/snapshots') || r.status !== 200) return r;
        const snapshots = (jsonOf(r).snapshots as Array<{ snapshot_date: string; account_id: string }>).sort(
          (a, b) => a.snapshot_date.localeCompare(b.snapshot_date) || a.account_id.localeCompare(b.account_id),
        );
        return withJson(r, { snapshots });
      },
    },
  },
  {
    change: "a field's type: GET /snapshots/{id} sends the balance as a string",
    mode: 'read',
    probe: 'snapshots.get',
    where: 'answer 1 body.balance',
    divergence: {
      response: (e, r) => (is(e, 'GET', /^\/snapshots\/snp_/) && r.status === 200 ? withJson(r, { ...jsonOf(r), balance: String(jsonOf(r).balance) }) : r),
    },
  },
  {
    change: 'an extra required field: POST /snapshots needs a currency',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'answer 1 status',
    divergence: {
      request: (e) =>
        is(e, 'POST', '/snapshots') && e.body.startsWith('{') && !('currency' in body(e))
          ? reply(422, { error: 'Validation failed', code: 'validation_failed', detail: [{ path: 'body.currency', message: 'is required' }] })
          : e,
    },
  },
  {
    change: 'a rule relaxed: unknown fields of POST /snapshots are ignored',
    mode: 'scratch',
    probe: 'upsert.unknown-field',
    where: 'answer 1 status',
    divergence: {
      request: (e) => {
        if (!is(e, 'POST', '/snapshots') || !e.body.startsWith('{')) return e;
        const { account_id, snapshot_date, balance } = body(e);
        return { ...e, body: JSON.stringify({ account_id, snapshot_date, balance }) };
      },
    },
  },
  {
    change: 'a rule relaxed: to before from is answered (the bounds swapped)',
    mode: 'read',
    probe: 'snapshots.to-before-from',
    where: 'answer 1 status',
    divergence: { request: (e) => (is(e, 'GET', '/snapshots') && e.query === 'from=2024-02-01&to=2024-01-01' ? { ...e, query: 'from=2024-01-01&to=2024-02-01' } : e) },
  },
  {
    change: 'a field the list must not have: auto_carry_forward in GET /accounts',
    mode: 'read',
    probe: 'accounts.list',
    where: 'auto_carry_forward',
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/accounts') && r.status === 200
          ? withJson(r, { accounts: (jsonOf(r).accounts as object[]).map((a) => ({ ...a, auto_carry_forward: false })) })
          : r,
    },
  },
  {
    change: 'a field missing: the upsert result has no action',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'body.action',
    divergence: {
      response: (e, r) => {
        if (!is(e, 'POST', '/snapshots') || r.status >= 300) return r;
        const { action: _action, ...rest } = jsonOf(r);
        return withJson(r, rest);
      },
    },
  },
  {
    change: 'a malformed id is 400, not 404',
    mode: 'read',
    probe: 'accounts.get-malformed',
    where: 'answer 1 status',
    divergence: { request: (e) => (is(e, 'GET', '/accounts/not-a-uuid') ? reply(400, { error: 'Bad id', code: 'invalid_id' }) : e) },
  },
  {
    change: 'a trailing slash is the same path',
    mode: 'read',
    probe: 'route.trailing-slash',
    where: 'answer 1 status',
    divergence: { request: (e) => (e.path.length > 1 && e.path.endsWith('/') ? { ...e, path: e.path.replace(/\/+$/, '') } : e) },
  },
  {
    change: 'over 5,000 bulk rows is 422, not 413',
    mode: 'scratch',
    probe: 'bulk.too-many-rows',
    where: 'answer 1 status',
    divergence: { response: (_e, r) => (r.status === 413 && r.body.includes('too_many_rows') ? { ...r, status: 422 } : r) },
  },
  {
    change: 'the service document lacks an operation',
    mode: 'read',
    probe: 'document.operations',
    where: 'answer 1 body',
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/openapi.json')) return r;
        const document = jsonOf(r);
        delete (document.paths as Record<string, unknown>)['/api/public/v1/snapshots/bulk'];
        return withJson(r, document);
      },
    },
  },
  {
    change: 'the service document makes snapshot_date optional',
    mode: 'read',
    probe: 'document.schemas',
    where: 'SnapshotWrite.required',
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/openapi.json')) return r;
        const document = jsonOf(r) as { components: { schemas: Record<string, { required: string[] }> } };
        document.components.schemas.SnapshotWrite!.required = ['account_id', 'balance'];
        return withJson(r, document);
      },
    },
  },
  {
    change: 'a Content-Type of text/plain on GET /me',
    mode: 'read',
    probe: 'me.identity',
    where: 'headers.content-type',
    divergence: { response: (e, r) => (is(e, 'GET', '/me') && e.query === '' ? { ...r, headers: { ...r.headers, 'content-type': 'text/plain' } } : r) },
  },
  {
    change: 'ids are matched in any letter case',
    mode: 'read',
    probe: 'accounts.get-upper-case-id',
    where: 'answer 1 status',
    divergence: { request: (e) => (/^\/api\/public\/v1\/accounts\/[0-9A-F-]{36}$/.test(e.path) ? { ...e, path: e.path.toLowerCase() } : e) },
  },
  {
    change: 'the scheme name is case-sensitive: `bearer` is refused',
    mode: 'read',
    probe: 'auth.scheme-case',
    where: 'answer 1 status',
    divergence: { request: (e) => ((e.headers.authorization ?? '').startsWith('bearer ') ? reply(401, { error: 'Unknown scheme', code: 'invalid_token' }) : e) },
  },
  {
    change: 'the bulk 422 without the result fields',
    mode: 'scratch',
    probe: 'bulk.nothing-written',
    where: 'body.skipped',
    divergence: {
      response: (_e, r) => {
        if (r.status !== 422 || !r.body.includes('nothing_written')) return r;
        const { error, code, detail } = jsonOf(r);
        return withJson(r, { error, code, detail });
      },
    },
  },
  {
    change: 'detail paths without the body. prefix',
    mode: 'scratch',
    probe: 'upsert.missing-balance',
    where: 'body.detail[0].path',
    divergence: { response: (_e, r) => (r.status === 422 ? { ...r, body: r.body.replace(/"path":"body\./g, '"path":"') } : r) },
  },
  {
    change: 'moving a snapshot onto a taken date is 409',
    mode: 'scratch',
    probe: 'snapshot.patch-onto-taken-date',
    where: 'answer 3 status',
    divergence: { response: (_e, r) => (r.body.includes('snapshot_date_taken') ? { ...r, status: 409 } : r) },
  },
  {
    change: 'another wording where messages are compared',
    mode: 'read',
    probe: 'snapshots.to-before-from',
    where: 'body.detail[0].message',
    divergence: { response: (_e, r) => ({ ...r, body: r.body.replace('must not be before from', 'is earlier than from') }) },
  },
  {
    change: 'the body judged before authentication: bad JSON without a token is 400',
    mode: 'read',
    probe: 'auth.before-body',
    where: 'answer 1 status',
    divergence: {
      request: (e) => (e.method === 'POST' && !e.headers.authorization && e.body.startsWith('{"snapshots": [') ? reply(400, { error: 'Bad JSON', code: 'invalid_json' }) : e),
    },
  },
  {
    change: 'GET /openapi.json needs a token',
    mode: 'read',
    probe: 'document.no-token',
    where: 'answer 1 status',
    divergence: {
      request: (e) =>
        is(e, 'GET', '/openapi.json') && !e.headers.authorization
          ? { status: 401, headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="ledger"' }, body: JSON.stringify({ error: 'x', code: 'missing_token' }) }
          : e,
    },
  },
  {
    change: 'balances rounded to cents',
    mode: 'scratch',
    probe: 'upsert.decimal-balance',
    where: 'balance',
    divergence: {
      request: (e) => {
        if (!is(e, 'POST', '/snapshots') || !e.body.startsWith('{')) return e;
        const json = body(e);
        return typeof json.balance === 'number' ? { ...e, body: JSON.stringify({ ...json, balance: Math.round(json.balance * 100) / 100 }) } : e;
      },
    },
  },
  {
    change: 'a leap day refused in a query',
    mode: 'read',
    probe: 'snapshots.leap-day',
    where: 'answer 1 status',
    divergence: { request: (e) => (e.query.includes('2024-02-29') ? reply(400, { error: 'Bad date', code: 'invalid_query', detail: [{ path: 'query.from', message: 'x' }] }) : e) },
  },
  {
    change: 'unknown query parameters refused',
    mode: 'read',
    probe: 'route.unknown-query',
    where: 'answer 1 status',
    divergence: { request: (e) => (e.query.includes('ledger_parity') ? reply(400, { error: 'Unknown parameter', code: 'invalid_query' }) : e) },
  },
  {
    change: 'an empty bulk call accepted',
    mode: 'scratch',
    probe: 'bulk.empty',
    where: 'answer 1 status',
    divergence: {
      request: (e) => (is(e, 'POST', '/snapshots/bulk') && e.body === '{"snapshots":[]}' ? reply(200, { received: 0, inserted: 0, updated: 0, skipped: [], webhooks_attempted: 0 }) : e),
    },
  },
  {
    change: 'a write to an archived account refused',
    mode: 'scratch',
    probe: 'upsert.archived-account',
    where: 'answer 2 status',
    divergence: {
      request: (e) =>
        is(e, 'POST', '/snapshots') && e.body.includes(SCRATCH) && e.body.includes('2000-01-12')
          ? reply(422, { error: 'Archived', code: 'account_archived' })
          : e,
    },
  },
  {
    change: 'webhooks_attempted sent as a string',
    mode: 'scratch',
    probe: 'upsert.insert-then-update',
    where: 'body.webhooks_attempted',
    divergence: {
      response: (e, r) => (is(e, 'POST', '/snapshots') && r.status < 300 ? withJson(r, { ...jsonOf(r), webhooks_attempted: String(jsonOf(r).webhooks_attempted) }) : r),
    },
  },
  {
    change: 'the detail of an account lacks auto_carry_forward',
    mode: 'read',
    probe: 'accounts.get-each',
    where: 'auto_carry_forward',
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', /^\/accounts\/acc00000-0000-4000-8000-000000000001$/) || r.status !== 200) return r;
        const { auto_carry_forward: _flag, ...rest } = jsonOf(r);
        return withJson(r, rest);
      },
    },
  },
];

/** A run of `only` these probes (every probe when none), unpaced. */
async function run(mode: 'read' | 'scratch', only?: string[]): Promise<ParityRun> {
  return runParity({
    baseUrl: served.proxy.url,
    token: TOKEN,
    ...(mode === 'scratch' ? { scratchAccount: SCRATCH } : {}),
    ...(only ? { only } : {}),
    rate: Number.POSITIVE_INFINITY,
  });
}

describe('a target that differs in one thing is reported as differs by the probe aimed at it', { timeout: 60_000 }, () => {
  it.each(CASES.map((c) => [c.change, c] as const))('%s', async (_change, c) => {
    served.proxy.divergence = c.divergence;
    const result = await run(c.mode, [c.probe]);
    const probe = result.report.probes.find((p) => p.id === c.probe)!;
    expect(probe.outcome, JSON.stringify(probe, null, 1).slice(0, 3000)).toBe('differs');
    expect(probe.differences!.map((d) => d.where).join('\n')).toContain(c.where);
    expect(result.exitCode).toBe(1);
    // Both answers are kept, normalized, for the report.
    expect(probe.target!.length).toBeGreaterThan(0);
    expect(probe.fake!.length).toBeGreaterThan(0);
    expect(result.report.safety).toMatchObject({ not_undone: [] });
  });

  it('the same service with additive fields and another webhook count: nothing differs in the whole catalogue, and the additions are noted', async () => {
    served.proxy.divergence = {
      response: (e, r) => {
        if (is(e, 'GET', '/accounts') && r.status === 200) {
          return withJson(r, { accounts: (jsonOf(r).accounts as object[]).map((a) => ({ ...a, created_at: '2026-01-01T00:00:00Z' })) });
        }
        if (is(e, 'POST', '/snapshots') && r.status < 300) return withJson(r, { ...jsonOf(r), webhooks_attempted: 3 });
        return r;
      },
    };
    const result = await run('scratch');
    expect(result.report.summary.differs, JSON.stringify(result.report.probes.filter((p) => p.outcome === 'differs'), null, 1).slice(0, 3000)).toBe(0);
    const list = result.report.probes.find((p) => p.id === 'accounts.list')!;
    expect(list.notes?.join('\n')).toMatch(/created_at: only the target sends this field/);
    expect(result.report.compared_by_range.map((c) => c.field)).toContain('webhooks_attempted');
    expect(result.exitCode).toBe(0);
  });
});
