// Divergences in where the token may come from and in which methods a path offers: a service that takes the token
// from the URL, a cookie or another header, and one that offers an operation the specification does not (a method
// on a path of the API). The read cases are caught with the token alone; the write cases only with a scratch
// account, because their service hides its extra routes from callers without a valid token.
import { TOKEN } from '../support';
import type { Divergence, Exchange } from '../support';
import { type Case, is, reply } from './kit';

const valid = (e: Exchange) => e.headers.authorization === `Bearer ${TOKEN}`;
const readable = (e: Exchange) => {
  try {
    JSON.parse(e.body);
    return true;
  } catch {
    return e.body === '';
  }
};
const unauthenticated = {
  status: 401,
  headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="ledger"' },
  body: JSON.stringify({ error: 'Invalid token', code: 'invalid_token' }),
};
/** The request answered with the token given in the Authorization header instead (the service took it from there). */
const asBearer = (e: Exchange, token: string): Exchange => ({
  ...e,
  headers: { ...e.headers, authorization: `Bearer ${token}` },
});

/**
 * A service that offers `method` on `path`: it authenticates (401), reads the body (400), then looks the id up (404
 * not_found) or does what `then` says. `hidden`: callers without a valid token are answered as for no route.
 */
function offers(
  method: string,
  path: string | RegExp,
  options: { hidden?: boolean; then?: (e: Exchange) => ReturnType<NonNullable<Divergence['request']>> } = {},
): Divergence {
  return {
    request: (e) => {
      if (!is(e, method, path)) return e;
      if (!valid(e)) return options.hidden ? e : unauthenticated;
      if (!readable(e)) return reply(400, { error: 'Bad JSON', code: 'invalid_json' });
      return options.then ? options.then(e) : reply(404, { error: 'Not found', code: 'not_found' });
    },
  };
}
const ANY_ID = /^\/(accounts|snapshots)\/[^/]+$/;
const OFFERED = ['§1 whole interface', 17] as const;

export const REACH_READ_CASES: Case[] = [
  {
    change: 'the token taken from the query parameter access_token',
    mode: 'read',
    probe: 'auth.token-in-query',
    where: 'answer 1 status',
    breaks: ['§5.1', '§5.5', '§7 401'],
    divergence: {
      request: (e) => {
        const token = new URLSearchParams(e.query).get('access_token');
        return token && !e.headers.authorization ? asBearer(e, token) : e;
      },
    },
  },
  {
    change: 'a token in the query read and refused: 401 invalid_token, not missing_token',
    mode: 'read',
    probe: 'auth.token-in-query',
    where: 'answer 2 body.code',
    breaks: [17],
    divergence: {
      response: (e, r) =>
        r.status === 401 && /(^|&)token=/.test(e.query)
          ? { ...r, body: JSON.stringify({ error: 'Invalid token', code: 'invalid_token' }) }
          : r,
    },
  },
  {
    change: 'the token taken from a cookie named token',
    mode: 'read',
    probe: 'auth.token-in-cookie',
    where: 'answer 2 status',
    breaks: ['§5.1', '§5.5', '§7 401'],
    divergence: {
      request: (e) => {
        const token = /(?:^|;\s*)token=([^;]+)/.exec(e.headers.cookie ?? '')?.[1];
        return token && !e.headers.authorization ? asBearer(e, token) : e;
      },
    },
  },
  {
    change: 'the token taken from an X-API-Key header',
    mode: 'read',
    probe: 'auth.token-in-api-key-header',
    where: 'answer 1 status',
    breaks: ['§5.1', '§5.5'],
    divergence: {
      request: (e) => (e.headers['x-api-key'] && !e.headers.authorization ? asBearer(e, e.headers['x-api-key']) : e),
    },
  },
  {
    change: 'the token taken from Authorization without a scheme',
    mode: 'read',
    probe: 'auth.token-without-bearer',
    where: 'answer 1 status',
    breaks: ['§5.1', '§5.5', 19],
    divergence: {
      request: (e) => (e.headers.authorization === TOKEN ? asBearer(e, TOKEN) : e),
    },
  },
  {
    change: 'an operation the specification does not have: PATCH /me',
    mode: 'read',
    probe: 'methods.me',
    where: 'answer 4 status',
    breaks: [...OFFERED],
    divergence: offers('PATCH', '/me'),
  },
  {
    change: 'an operation the specification does not have: POST /categories',
    mode: 'read',
    probe: 'methods.categories',
    where: 'answer 2 status',
    breaks: [...OFFERED],
    divergence: offers('POST', '/categories'),
  },
  {
    change: 'an operation the specification does not have: DELETE /accounts',
    mode: 'read',
    probe: 'methods.accounts',
    where: 'answer 4 status',
    breaks: [...OFFERED],
    divergence: offers('DELETE', '/accounts'),
  },
  {
    change: 'account deletion offered: DELETE /accounts/{id}',
    mode: 'read',
    probe: 'methods.account',
    where: 'answer 4 status',
    breaks: [...OFFERED, '§1 no account deletion'],
    divergence: offers('DELETE', /^\/accounts\/[^/]+$/),
  },
  {
    change: 'an operation the specification does not have: DELETE /snapshots',
    mode: 'read',
    probe: 'methods.snapshots',
    where: 'answer 4 status',
    breaks: [...OFFERED],
    divergence: offers('DELETE', '/snapshots'),
  },
  {
    change: 'an operation the specification does not have: PUT /snapshots/{id}',
    mode: 'read',
    probe: 'methods.snapshot',
    where: 'answer 3 status',
    breaks: [...OFFERED],
    divergence: offers('PUT', ANY_ID),
  },
  {
    change: 'GET /snapshots/bulk answered: a list of bulk calls',
    mode: 'read',
    probe: 'methods.bulk',
    where: 'answer 1 status',
    breaks: [...OFFERED],
    divergence: offers('GET', '/snapshots/bulk', { then: () => reply(200, { calls: [] }) }),
  },
  {
    change: 'HEAD answered as GET on /openapi.json',
    mode: 'read',
    probe: 'methods.document',
    where: 'answer 1 status',
    breaks: [...OFFERED],
    divergence: {
      request: (e) =>
        is(e, 'HEAD', '/openapi.json') ? { status: 200, headers: { 'content-type': 'application/json' }, body: '' } : e,
    },
  },
  {
    change: 'OPTIONS answered 204 with the methods a path offers (Allow)',
    mode: 'read',
    probe: 'methods.me',
    where: 'answer 6 headers',
    breaks: [...OFFERED],
    divergence: {
      request: (e) =>
        e.method === 'OPTIONS' ? { status: 204, headers: { allow: 'GET, PATCH, DELETE' }, body: '' } : e,
    },
  },
];

export const REACH_WRITE_CASES: Case[] = [
  {
    change: 'PUT /me offered to token holders only',
    mode: 'scratch',
    probe: 'methods.me-with-token',
    where: 'answer 2 status',
    breaks: [...OFFERED],
    divergence: offers('PUT', '/me', { hidden: true }),
  },
  {
    change: 'POST /categories offered to token holders only',
    mode: 'scratch',
    probe: 'methods.categories-with-token',
    where: 'answer 1 status',
    breaks: [...OFFERED],
    divergence: offers('POST', '/categories', { hidden: true }),
  },
  {
    change: 'PATCH /accounts (every account at once) offered to token holders only',
    mode: 'scratch',
    probe: 'methods.accounts-with-token',
    where: 'answer 2 status',
    breaks: [...OFFERED],
    divergence: offers('PATCH', '/accounts', { hidden: true }),
  },
  {
    change: 'account deletion offered to token holders only: DELETE /accounts/{id} looks the id up',
    mode: 'scratch',
    probe: 'methods.account-with-token',
    where: 'answer 3 body.code',
    breaks: [...OFFERED, '§1 no account deletion'],
    divergence: offers('DELETE', /^\/accounts\/[^/]+$/, { hidden: true }),
  },
  {
    change: 'PATCH /snapshots offered to token holders only',
    mode: 'scratch',
    probe: 'methods.snapshots-with-token',
    where: 'answer 2 status',
    breaks: [...OFFERED],
    divergence: offers('PATCH', '/snapshots', { hidden: true }),
  },
  {
    change: 'POST /snapshots/{id} offered to token holders only',
    mode: 'scratch',
    probe: 'methods.snapshot-with-token',
    where: 'answer 1 status',
    breaks: [...OFFERED],
    divergence: offers('POST', ANY_ID, { hidden: true }),
  },
  {
    change: 'PUT /snapshots/bulk offered to token holders only',
    mode: 'scratch',
    probe: 'methods.bulk-with-token',
    where: 'answer 1 status',
    breaks: [...OFFERED],
    divergence: offers('PUT', '/snapshots/bulk', { hidden: true }),
  },
  {
    change: 'PATCH /openapi.json offered to token holders only',
    mode: 'scratch',
    probe: 'methods.document-with-token',
    where: 'answer 3 status',
    breaks: [...OFFERED],
    divergence: offers('PATCH', '/openapi.json', { hidden: true }),
  },
  {
    change: 'PUT /accounts/{id} taken as PATCH (for token holders only)',
    mode: 'scratch',
    probe: 'methods.scratch-account',
    where: 'answer 1 status',
    breaks: [...OFFERED],
    divergence: offers('PUT', /^\/accounts\/[^/]+$/, { hidden: true, then: (e) => ({ ...e, method: 'PATCH' }) }),
  },
  {
    change: 'POST /snapshots/{id} taken as PATCH (for token holders only)',
    mode: 'scratch',
    probe: 'methods.kit-snapshot',
    where: 'answer 3 status',
    breaks: [...OFFERED],
    divergence: offers('POST', /^\/snapshots\/snp_[^/]+$/, { hidden: true, then: (e) => ({ ...e, method: 'PATCH' }) }),
  },
];
