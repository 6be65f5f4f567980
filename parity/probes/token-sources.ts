// Where the token may come from (spec 4, 5.1, 5.5): the Authorization header under the Bearer scheme only. Each probe
// sends the real token somewhere else, with no Authorization header beside it, to GET /me only (a service that took
// it there could only read): the gate puts it there (TOKEN_ELSEWHERE), the probes never see it. A service that
// answers the identity takes the token from a place where it lands in logs and browser history.
import type { AuthKind, ProbeRequest } from '../http/request';
import { get } from './helpers';
import type { Probe } from './types';

const ERROR = 'status, WWW-Authenticate, the error body (code, shape) and the document check, of each';
const me = (auth: AuthKind): ProbeRequest => get('/me', undefined, auth);

export const tokenSourceProbes: readonly Probe[] = [
  {
    id: 'auth.token-in-query',
    title:
      'The token in the query (access_token, token, api_key) and no header is 401 missing_token: the URL is no place for it',
    rules: ['§5.1', '§5.5', '§7 401'],
    gaps: [17],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => [me('query-access_token'), me('query-token'), me('query-api_key')]],
    compares: ERROR,
  },
  {
    id: 'auth.token-in-cookie',
    title: 'The token in a cookie (access_token, token, session) and no header is 401 missing_token',
    rules: ['§5.1', '§5.5', '§7 401'],
    gaps: [17],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => [me('cookie-access_token'), me('cookie-token'), me('cookie-session')]],
    compares: ERROR,
  },
  {
    id: 'auth.token-in-api-key-header',
    title: 'The token in an X-API-Key header and no Authorization is 401 missing_token',
    rules: ['§5.1', '§5.5', '§7 401'],
    gaps: [17],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => me('x-api-key')],
    compares: ERROR,
  },
  {
    id: 'auth.token-without-bearer',
    title: 'The token in Authorization without the Bearer scheme (bare, or under `Token`) is 401 invalid_token',
    rules: ['§5.1', '§5.5', '§7 401'],
    gaps: [17, 19],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => [me('no-scheme'), me('token-scheme')]],
    compares: ERROR,
  },
];
