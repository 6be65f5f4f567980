// Divergences the kit catches with the token alone: GET requests, requests that carry no valid token, and the
// reading of everything the token sees.
import { TOKEN } from '../support';
import { API, type Case, inDocument, is, jsonOf, reply, without, withJson } from './kit';

const SCOPES = /"(ledger:read|snapshots:write|accounts:write)"/g;
/** An id of the demo or the scratch account (the kit's made-up ids are other UUIDs). */
const KNOWN = /^\/(accounts|snapshots)\/(acc00000|5c7a0000)-/;

export const READ_CASES: Case[] = [
  {
    change: 'a missing header: a 401 without WWW-Authenticate',
    mode: 'read',
    probe: 'auth.missing',
    where: 'headers.www-authenticate',
    breaks: [17],
    divergence: {
      response: (_e, r) => (r.status === 401 ? { ...r, headers: { 'content-type': 'application/json' } } : r),
    },
  },
  {
    change: 'a renamed error code: invalid_query is bad_query',
    mode: 'read',
    probe: 'snapshots.from-malformed',
    where: 'body.code',
    breaks: [17],
    divergence: {
      response: (_e, r) =>
        r.body.includes('"invalid_query"') ? { ...r, body: r.body.replace('"invalid_query"', '"bad_query"') } : r,
    },
  },
  {
    change: 'a reordered list: categories by name only',
    mode: 'read',
    probe: 'categories.list',
    where: 'answer 1 body.categories (order)',
    breaks: ['§4 GET /categories', 29],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/categories') || r.status !== 200) return r;
        return withJson(r, {
          categories: (jsonOf(r).categories as Array<{ name: string }>).sort((a, b) => a.name.localeCompare(b.name)),
        });
      },
    },
  },
  {
    change: 'a reordered list: snapshots by date, then account',
    mode: 'read',
    probe: 'snapshots.list-all',
    where: 'answer 1 body.snapshots (order)',
    breaks: [29],
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
    breaks: ['§4 GET /snapshots/{id}'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', /^\/snapshots\/snp_/) && r.status === 200
          ? withJson(r, { ...jsonOf(r), balance: String(jsonOf(r).balance) })
          : r,
    },
  },
  {
    change: 'a rule relaxed: to before from is answered (the bounds swapped)',
    mode: 'read',
    probe: 'snapshots.to-before-from',
    where: 'answer 1 status',
    breaks: [12],
    divergence: {
      request: (e) =>
        is(e, 'GET', '/snapshots') && e.query === 'from=2024-02-01&to=2024-01-01'
          ? { ...e, query: 'from=2024-01-01&to=2024-02-01' }
          : e,
    },
  },
  {
    change: 'a field the list must not have: auto_carry_forward in GET /accounts',
    mode: 'read',
    probe: 'accounts.list',
    where: 'auto_carry_forward',
    breaks: ['§2 Account auto_carry_forward', '§4 GET /accounts response'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/accounts') && r.status === 200
          ? withJson(r, {
              accounts: (jsonOf(r).accounts as object[]).map((a) => ({ ...a, auto_carry_forward: false })),
            })
          : r,
    },
  },
  {
    change: 'a malformed id is 400, not 404',
    mode: 'read',
    probe: 'accounts.get-malformed',
    where: 'answer 1 status',
    breaks: [11],
    divergence: {
      request: (e) => (is(e, 'GET', '/accounts/not-a-uuid') ? reply(400, { error: 'Bad id', code: 'invalid_id' }) : e),
    },
  },
  {
    change: 'a trailing slash is the same path',
    mode: 'read',
    probe: 'route.trailing-slash',
    where: 'answer 1 status',
    breaks: [17],
    divergence: {
      request: (e) => (e.path.length > 1 && e.path.endsWith('/') ? { ...e, path: e.path.replace(/\/+$/, '') } : e),
    },
  },
  {
    change: 'the service document lacks an operation',
    mode: 'read',
    probe: 'document.operations',
    where: 'answer 1 body',
    breaks: ['§4 table POST /snapshots/bulk', '§9.3', 32],
    divergence: inDocument((d) => delete d.paths[`${API}/snapshots/bulk`]),
  },
  {
    change: 'the service document makes snapshot_date optional',
    mode: 'read',
    probe: 'document.schemas',
    where: 'SnapshotWrite.required',
    breaks: ['§4 POST /snapshots body', '§9.3', 5],
    divergence: inDocument((d) => (d.components.schemas.SnapshotWrite.required = ['account_id', 'balance'])),
  },
  {
    change: 'the service document puts every operation under another scope',
    mode: 'read',
    probe: 'document.operations',
    where: 'answer 1 body',
    breaks: [
      '§4 table GET /me',
      '§4 table GET /categories',
      '§4 table GET /accounts',
      '§4 table POST /accounts',
      '§4 table GET /accounts/{id}',
      '§4 table PATCH /accounts/{id}',
      '§4 table GET /snapshots',
      '§4 table POST /snapshots',
      '§4 table GET /snapshots/{id}',
      '§4 table PATCH /snapshots/{id}',
      '§4 table DELETE /snapshots/{id}',
      '§4 table POST /snapshots/bulk',
      '§4 table GET /openapi.json',
      '§5.4',
    ],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/openapi.json')) return r;
        // Every operation needs a token, the document too, and under one scope nobody has.
        const document = JSON.parse(r.body.replace(SCOPES, '"ledger:admin"')) as {
          paths: Record<string, Record<string, { security?: unknown }>>;
        };
        for (const item of Object.values(document.paths))
          for (const operation of Object.values(item)) operation.security = [{ bearer: ['ledger:admin'] }];
        return withJson(r, document);
      },
    },
  },
  {
    change: 'the service document loosens the body of POST /accounts (every field optional, any string)',
    mode: 'read',
    probe: 'document.schemas',
    where: 'AccountCreate',
    breaks: [
      '§4 POST /accounts body name',
      '§4 POST /accounts body category_id',
      '§4 POST /accounts body institution_name',
      '§4 POST /accounts body visibility',
      '§4 POST /accounts body liquidity_tier',
    ],
    divergence: inDocument((d) => {
      const create = d.components.schemas.AccountCreate;
      create.required = [];
      for (const name of Object.keys(create.properties)) create.properties[name] = { type: 'string' };
    }),
  },
  {
    change: 'the service document gives POST /accounts and PATCH /accounts/{id} no body',
    mode: 'read',
    probe: 'document.responses',
    where: 'answer 1 body',
    breaks: ['§4 POST /accounts rule 3', '§4 PATCH /accounts/{id} rule 3', 3, 4],
    divergence: inDocument((d) => {
      delete d.paths[`${API}/accounts`].post.responses['201'].content;
      delete d.paths[`${API}/accounts/{id}`].patch.responses['200'].content;
    }),
  },
  {
    change: 'the service document marks no header required (Retry-After, WWW-Authenticate)',
    mode: 'read',
    probe: 'document.responses',
    where: 'answer 1 body',
    breaks: [21],
    divergence: inDocument((d) => {
      for (const response of Object.values(d.components.responses as Record<string, { headers?: unknown }>))
        delete response.headers;
    }),
  },
  {
    change: 'the service document gives its errors no body',
    mode: 'read',
    probe: 'document.responses',
    where: 'answer 1 body',
    breaks: ['§7 error body'],
    divergence: inDocument((d) => {
      for (const response of Object.values(d.components.responses as Record<string, { content?: unknown }>))
        delete response.content;
    }),
  },
  {
    change: 'a Content-Type of text/plain on GET /me',
    mode: 'read',
    probe: 'me.identity',
    where: 'headers.content-type',
    breaks: ['§4 GET /me'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/me') && e.query === '' ? { ...r, headers: { ...r.headers, 'content-type': 'text/plain' } } : r,
    },
  },
  {
    change: 'GET /me without token_id (where the kit does not read it itself: under a lower-case scheme)',
    mode: 'read',
    probe: 'auth.scheme-case',
    where: 'body.token_id',
    breaks: ['§2 Identity', '§4 GET /me'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/me') || !(e.headers.authorization ?? '').startsWith('bearer ') || r.status !== 200)
          return r;
        const { token_id: _id, ...rest } = jsonOf(r);
        return withJson(r, rest);
      },
    },
  },
  {
    change: 'a request id header on every answer',
    mode: 'read',
    probe: 'me.request-id',
    where: 'headers.request-id',
    breaks: [33],
    divergence: { response: (_e, r) => ({ ...r, headers: { ...r.headers, 'x-request-id': 'req_1' } }) },
  },
  {
    change: 'ids are matched in any letter case',
    mode: 'read',
    probe: 'accounts.get-upper-case-id',
    where: 'answer 1 status',
    breaks: [11],
    divergence: {
      request: (e) =>
        /^\/api\/public\/v1\/accounts\/[0-9A-F-]{36}$/.test(e.path) ? { ...e, path: e.path.toLowerCase() } : e,
    },
  },
  {
    change: 'the scheme name is case-sensitive: `bearer` is refused',
    mode: 'read',
    probe: 'auth.scheme-case',
    where: 'answer 1 status',
    breaks: ['§5.1', 19],
    divergence: {
      request: (e) =>
        (e.headers.authorization ?? '').startsWith('bearer ')
          ? reply(401, { error: 'Unknown scheme', code: 'invalid_token' })
          : e,
    },
  },
  {
    change: 'another wording where messages are compared',
    mode: 'read',
    probe: 'snapshots.to-before-from',
    where: 'body.detail[0].message',
    breaks: [28],
    divergence: {
      response: (_e, r) => ({ ...r, body: r.body.replace('must not be before from', 'is earlier than from') }),
    },
  },
  {
    change: 'the body judged before authentication: bad JSON without a token is 400',
    mode: 'read',
    probe: 'auth.before-body',
    where: 'answer 1 status',
    breaks: [17],
    divergence: {
      request: (e) =>
        e.method === 'POST' && !e.headers.authorization && e.body.startsWith('{"snapshots": [')
          ? reply(400, { error: 'Bad JSON', code: 'invalid_json' })
          : e,
    },
  },
  {
    change: 'GET /openapi.json needs a token',
    mode: 'read',
    probe: 'document.no-token',
    where: 'answer 1 status',
    breaks: ['§4 GET /openapi.json', '§4 table GET /openapi.json'],
    divergence: {
      request: (e) =>
        is(e, 'GET', '/openapi.json') && !e.headers.authorization
          ? {
              status: 401,
              headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="ledger"' },
              body: JSON.stringify({ error: 'x', code: 'missing_token' }),
            }
          : e,
    },
  },
  {
    change: 'a leap day refused in a query',
    mode: 'read',
    probe: 'snapshots.leap-day',
    where: 'answer 1 status',
    breaks: [14],
    divergence: {
      request: (e) =>
        e.query.includes('2024-02-29')
          ? reply(400, { error: 'Bad date', code: 'invalid_query', detail: [{ path: 'query.from', message: 'x' }] })
          : e,
    },
  },
  {
    change: 'unknown query parameters refused',
    mode: 'read',
    probe: 'route.unknown-query',
    where: 'answer 1 status',
    breaks: [12],
    divergence: {
      request: (e) =>
        e.query.includes('ledger_parity') ? reply(400, { error: 'Unknown parameter', code: 'invalid_query' }) : e,
    },
  },
  {
    change: 'the detail of an account lacks auto_carry_forward',
    mode: 'read',
    probe: 'accounts.get-each',
    where: 'auto_carry_forward',
    breaks: ['§4 GET /accounts/{id}'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', /^\/accounts\/acc00000-0000-4000-8000-000000000001$/) || r.status !== 200) return r;
        const { auto_carry_forward: _flag, ...rest } = jsonOf(r);
        return withJson(r, rest);
      },
    },
  },
  {
    change: 'an account out of reach is 403, not 404',
    mode: 'read',
    probe: 'accounts.get-unknown',
    where: 'answer 1 status',
    breaks: ['§4 GET /accounts/{id} 404', '§7 404', 11],
    divergence: {
      request: (e) =>
        is(e, 'GET', /^\/accounts\/[0-9a-f-]{36}$/) && !KNOWN.test(e.path.slice(API.length))
          ? reply(403, { error: 'Forbidden', code: 'forbidden' })
          : e,
    },
  },
  {
    change: 'a snapshot out of reach is 410',
    mode: 'read',
    probe: 'snapshots.get-unknown',
    where: 'answer 1 status',
    breaks: ['§4 GET /snapshots/{id} 404', '§7 404'],
    divergence: {
      request: (e) => (is(e, 'GET', /^\/snapshots\/[0-9a-f-]{36}$/) ? reply(410, { error: 'Gone', code: 'gone' }) : e),
    },
  },
  {
    change: 'the account_id filter ignored',
    mode: 'read',
    probe: 'snapshots.list-account',
    where: 'answer 1 body.snapshots (length)',
    breaks: ['§4 GET /snapshots account_id'],
    divergence: {
      request: (e) => (is(e, 'GET', '/snapshots') && /^account_id=[^&]+$/.test(e.query) ? { ...e, query: '' } : e),
    },
  },
  {
    change: 'from ignored',
    mode: 'read',
    probe: 'snapshots.from-only',
    where: 'answer 1 body.snapshots (length)',
    breaks: ['§4 GET /snapshots from'],
    divergence: {
      request: (e) => (is(e, 'GET', '/snapshots') && /^from=[^&]+$/.test(e.query) ? { ...e, query: '' } : e),
    },
  },
  {
    change: 'to ignored',
    mode: 'read',
    probe: 'snapshots.to-only',
    where: 'answer 1 body.snapshots (length)',
    breaks: ['§4 GET /snapshots to'],
    divergence: {
      request: (e) =>
        is(e, 'GET', '/snapshots') && /^account_id=[^&]+&to=[^&]+$/.test(e.query)
          ? { ...e, query: without(e.query, 'to') }
          : e,
    },
  },
  {
    change: 'a date that does not exist accepted in a query',
    mode: 'read',
    probe: 'snapshots.from-impossible',
    where: 'answer 1 status',
    breaks: ['§4 GET /snapshots malformed bound'],
    divergence: { request: (e) => (e.query === 'from=2023-02-29' ? reply(200, { snapshots: [] }) : e) },
  },
  {
    change: "a request without Authorization is answered as the token's owner",
    mode: 'read',
    probe: 'auth.missing',
    where: 'answer 1 status',
    breaks: ['§5.1', '§5.5', '§7 401'],
    divergence: {
      request: (e) =>
        e.headers.authorization === undefined
          ? { ...e, headers: { ...e.headers, authorization: `Bearer ${TOKEN}` } }
          : e,
    },
  },
  {
    change: 'a 401 body without its error message',
    mode: 'read',
    probe: 'auth.empty-bearer',
    where: 'body.error',
    breaks: ['§7 error body'],
    divergence: {
      response: (_e, r) => {
        if (r.status !== 401) return r;
        const { error, ...rest } = jsonOf(r);
        return withJson(r, { ...rest, message: error });
      },
    },
  },
  {
    change: 'a token nobody was issued is 403',
    mode: 'read',
    probe: 'auth.made-up-token',
    where: 'answer 1 status',
    breaks: ['§5.5'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/categories') && r.status === 401
          ? { ...r, status: 403, body: JSON.stringify({ error: 'x', code: 'forbidden' }) }
          : r,
    },
  },
  {
    change: 'another version in the path answered as v1',
    mode: 'read',
    probe: 'route.other-version',
    where: 'answer 1 status',
    breaks: ['§9.1'],
    divergence: {
      request: (e) => (e.path.startsWith('/api/public/v2/') ? { ...e, path: e.path.replace('/v2/', '/v1/') } : e),
    },
  },
  {
    change: 'GET /accounts says there is another page (next_cursor)',
    mode: 'read',
    probe: 'me.identity',
    odd: 'paged',
    where: 'the answer says there is more: next_cursor',
    breaks: ['§4 GET /accounts no pagination', '§8 pagination'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/accounts') && r.status === 200 ? withJson(r, { ...jsonOf(r), next_cursor: 'page-2' }) : r,
    },
  },
  {
    change: 'GET /snapshots repeats a page of snapshots',
    mode: 'read',
    probe: 'me.identity',
    odd: 'repeated-page',
    where: 'repeat positions 0-4',
    breaks: ['§4 GET /snapshots no pagination', '§8 pagination'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/snapshots') || e.query !== '' || r.status !== 200) return r;
        const snapshots = jsonOf(r).snapshots as unknown[];
        return withJson(r, { snapshots: [...snapshots, ...snapshots.slice(0, 5)] });
      },
    },
  },
  {
    change: 'GET /accounts leaves an account out',
    mode: 'read',
    probe: 'me.identity',
    odd: 'unlisted-account',
    where: 'which the account listing does not hold',
    breaks: ['§4 GET /accounts lists every visible account'],
    divergence: {
      response: (e, r) =>
        is(e, 'GET', '/accounts') && r.status === 200
          ? withJson(r, { accounts: (jsonOf(r).accounts as Array<{ id: string }>).slice(1) })
          : r,
    },
  },
  {
    change: 'GET /snapshots lists two snapshots for one (account, date)',
    mode: 'read',
    probe: 'me.identity',
    odd: 'pair-twice',
    where: 'has two snapshots on',
    breaks: ['§2 Snapshot'],
    divergence: {
      response: (e, r) => {
        if (!is(e, 'GET', '/snapshots') || e.query !== '' || r.status !== 200) return r;
        const snapshots = jsonOf(r).snapshots as Array<Record<string, unknown>>;
        return withJson(r, { snapshots: [...snapshots, { ...snapshots[0], id: 'snp_zzzz' }] });
      },
    },
  },
];
