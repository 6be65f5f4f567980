// Routing (spec 9.1, spec-gaps 12 and 17): paths match exactly as openapi.json writes them; an unknown path or
// method is 404 route_not_found. Valid-token requests here are GETs; other methods carry a made-up token.
import { API, get } from './helpers';
import type { Probe } from './types';

const NOT_FOUND = 'status and the error body (code, shape)';

export const routeProbes: readonly Probe[] = [
  {
    id: 'route.unknown-path',
    title: 'An unknown path under /api/public/v1 is 404 route_not_found',
    rules: [],
    gaps: [17],
    mode: 'read',
    operations: [],
    steps: [() => get('/ledger-parity-no-such-path')],
    compares: NOT_FOUND,
  },
  {
    id: 'route.trailing-slash',
    title: 'A trailing slash is another path: GET /me/ is 404 route_not_found',
    rules: [],
    gaps: [17],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => get('/me/')],
    compares: NOT_FOUND,
  },
  {
    id: 'route.letter-case',
    title: 'Paths are case-sensitive: GET /ME is 404 route_not_found',
    rules: [],
    gaps: [17],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => get('/ME')],
    compares: NOT_FOUND,
  },
  {
    id: 'route.other-version',
    title: 'The version is in the path: /api/public/v2/me is not an operation',
    rules: ['§9.1'],
    gaps: [17],
    mode: 'read',
    operations: [],
    steps: [() => ({ method: 'GET', path: '/api/public/v2/me' })],
    compares: NOT_FOUND,
  },
  {
    id: 'route.unknown-method',
    title: 'An unknown method on a known path (DELETE /accounts) is 404 route_not_found',
    rules: [],
    gaps: [17],
    mode: 'read',
    operations: ['listAccounts'],
    steps: [() => ({ method: 'DELETE', path: `${API}/accounts`, auth: 'made-up' })],
    compares: NOT_FOUND,
  },
  {
    id: 'route.put-snapshot',
    title: 'PUT /snapshots/{id} is no operation: 404 route_not_found',
    rules: [],
    gaps: [17],
    mode: 'read',
    operations: ['updateSnapshot'],
    steps: [
      (s) => ({
        method: 'PUT',
        path: `${API}/snapshots/${s.absent('snapshot')}`,
        auth: 'made-up',
        json: { balance: 1 },
      }),
    ],
    compares: NOT_FOUND,
  },
  {
    id: 'route.bulk-is-not-an-id',
    title: 'GET /snapshots/bulk is an unknown method on /snapshots/bulk, never a snapshot lookup',
    rules: [],
    gaps: [17],
    mode: 'read',
    operations: ['bulkUpsertSnapshots', 'getSnapshot'],
    steps: [() => get('/snapshots/bulk')],
    compares: NOT_FOUND,
  },
  {
    id: 'route.unknown-query',
    title: 'Unknown query parameters are ignored: GET /me?ledger_parity=1 answers as GET /me',
    rules: [],
    gaps: [12],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => get('/me', 'ledger_parity=1')],
    compares: 'status and the masked Identity body',
  },
];
