// Every method on every path (spec 1: the endpoint table is the whole interface, and accounts cannot be deleted;
// spec-gaps 17: a method no operation has is 404 route_not_found). The paths and the methods each offers are read
// from openapi.json (one source); every other method of METHODS is tried on each:
// - with the token alone (read): HEAD and OPTIONS (and GET) with the token, which change nothing by HTTP's rules; the
//   others with a made-up token, so that nothing can happen whatever the service offers;
// - with a scratch account: POST, PUT and PATCH with the token and a body no JSON parser reads (nothing can be taken
//   from it), and DELETE with the token on an id the kit made up: a service that offers the method parses the body,
//   or looks the id up, and says so; one that does not answers as for an unknown route. DELETE with the token goes to
//   no collection and to no real account (a deletion could not be undone);
// - on the scratch account and on a snapshot of the kit's, PUT and POST with the token and a real body, then a read
//   that shows nothing changed (the account's fields are restored, the snapshot deleted, after).
import { DOCUMENTED_ROUTES } from '../../reading/openapi-check';
import { METHODS, type ProbeRequest } from '../http/request';
import type { RuleId } from './rules';
import { API, created, get, snapshotPath, upsert } from './helpers';
import type { Probe, ProbeState } from './types';

type Method = ProbeRequest['method'];

/** A body no JSON parser reads: a service that offers the method refuses it (400); nothing can be written from it. */
const UNREADABLE_BODY = '{"ledger-parity": ';
const COMPARES = 'status, Allow and the error body (code, shape) of each';

interface Route {
  /** `me`, `account`, `bulk`... (the probe ids). */
  slug: string;
  /** The path under the API, with `{id}` for an id. */
  path: string;
  /** What an id of the path names, for made-up ids. */
  names?: 'account' | 'snapshot';
  offered: Method[];
  operations: string[];
}

const SLUGS: Record<string, string> = {
  '/me': 'me',
  '/categories': 'categories',
  '/accounts': 'accounts',
  '/accounts/{id}': 'account',
  '/snapshots': 'snapshots',
  '/snapshots/{id}': 'snapshot',
  '/snapshots/bulk': 'bulk',
  '/openapi.json': 'document',
};

const ROUTES: Route[] = DOCUMENTED_ROUTES.map(({ template, item }) => {
  const path = template.slice(API.length);
  const operations = Object.values(item)
    .map((operation) => (operation as { operationId?: unknown }).operationId)
    .filter((id): id is string => typeof id === 'string');
  return {
    slug: SLUGS[path] ?? path.replace(/\W+/g, '-').replace(/^-|-$/g, ''),
    path,
    ...(path.includes('{id}') ? { names: path.startsWith('/accounts') ? 'account' : 'snapshot' } : {}),
    offered: METHODS.filter((method) => method.toLowerCase() in item),
    operations,
  } as Route;
});

const unlisted = (route: Route) => METHODS.filter((method) => !route.offered.includes(method));
const changesNothing = (method: Method) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
const at = (route: Route, s: ProbeState) =>
  `${API}${route.names ? route.path.replace('{id}', s.absent(route.names)) : route.path}`;
/** The rules a method on a route breaks when a service offers it. */
const rulesOf = (route: Route, methods: readonly Method[]): RuleId[] =>
  route.path === '/accounts/{id}' && methods.includes('DELETE')
    ? ['§1 whole interface', '§1 no account deletion']
    : ['§1 whole interface'];

function readProbe(route: Route): Probe {
  const methods = unlisted(route);
  return {
    id: `methods.${route.slug}`,
    title: `${methods.join(', ')} ${route.path}: no operation (404 route_not_found); those that could change something carry a made-up token`,
    rules: rulesOf(route, methods),
    gaps: [17],
    mode: 'read',
    operations: route.operations,
    steps: [
      (s) =>
        methods.map(
          (method): ProbeRequest => ({
            method,
            path: at(route, s),
            auth: changesNothing(method) ? 'valid' : 'made-up',
          }),
        ),
    ],
    compares: COMPARES,
  };
}

function tokenProbe(route: Route): Probe | undefined {
  // DELETE with the token only where the id is made up: never a collection.
  const methods = unlisted(route).filter((m) => !changesNothing(m) && (m !== 'DELETE' || route.names !== undefined));
  if (methods.length === 0) return undefined;
  return {
    id: `methods.${route.slug}-with-token`,
    title: `${methods.join(', ')} ${route.path}${route.names ? ` (${route.names === 'account' ? 'an account' : 'a snapshot'} nobody has)` : ''} with the token and ${methods.includes('DELETE') ? '(but for DELETE) ' : ''}a body no JSON parser reads: no operation (404 route_not_found)${methods.includes('DELETE') && route.names === 'account' ? '; accounts cannot be deleted' : ''}`,
    rules: rulesOf(route, methods),
    gaps: [17],
    mode: 'scratch',
    operations: route.operations,
    steps: [
      (s) =>
        methods.map(
          (method): ProbeRequest => ({
            method,
            path: at(route, s),
            ...(method === 'DELETE' ? {} : { raw: UNREADABLE_BODY }),
          }),
        ),
    ],
    compares: `${COMPARES} (a service that offers the method reads the body, or looks the id up, first)`,
  };
}

const scratchPath = (s: ProbeState) => `${API}/accounts/${s.scratch!.id}`;

/** With the token alone: a probe per path. */
export const methodReadProbes: readonly Probe[] = ROUTES.map(readProbe);

/** With a scratch account. */
export const methodWriteProbes: readonly Probe[] = [
  ...ROUTES.map(tokenProbe).filter((probe): probe is Probe => probe !== undefined),
  {
    id: 'methods.scratch-account',
    title:
      'PUT and POST of the scratch account with the token and a real body are no operation (404 route_not_found), and change nothing',
    rules: ['§1 whole interface'],
    gaps: [17],
    mode: 'scratch',
    operations: ['updateAccount', 'getAccount'],
    changesAccount: true,
    steps: [
      (s) => [
        { method: 'PUT', path: scratchPath(s), json: { name: 'ledger-parity PUT' } },
        { method: 'POST', path: scratchPath(s), json: { name: 'ledger-parity POST' } },
      ],
      (s) => get(`/accounts/${s.scratch!.id}`),
    ],
    compares: `${COMPARES}, and the account read back after`,
  },
  {
    id: 'methods.kit-snapshot',
    title:
      'PUT and POST of a snapshot with the token and a real body are no operation (404 route_not_found), and change nothing',
    rules: ['§1 whole interface'],
    gaps: [17],
    mode: 'scratch',
    operations: ['upsertSnapshot', 'updateSnapshot', 'getSnapshot'],
    steps: [
      (s) => upsert(s, 90, 1),
      (s) => [
        { method: 'PUT', path: snapshotPath(created(s)), json: { balance: 2 } },
        { method: 'POST', path: snapshotPath(created(s)), json: { balance: 3 } },
      ],
      (s) => ({ method: 'GET', path: snapshotPath(created(s)) }),
    ],
    compares: `${COMPARES}, and the snapshot read back after`,
  },
];
