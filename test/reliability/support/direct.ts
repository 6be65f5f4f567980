// Calls into the fake's core with plain data (mock.handle), without fetch: the same pipeline and rules that
// every adapter uses, at a fraction of a fetch's cost. Every answer is checked against openapi.json here
// (createTestMock's check only sees intercepted fetches).
import type { LedgerMock } from 'personal-ledger-sdk/mocks';
import { checkResponse } from '../../../reading/openapi-check';
import { API } from './operations';

export interface DirectAnswer {
  status: number;
  body: any;
}

/** One API call by a token (or none); throws on a dropped connection or an answer that breaks openapi.json. */
export async function directCall(
  mock: LedgerMock,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<DirectAnswer> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const [pathOnly, query = ''] = `${API}${path}`.split('?', 2) as [string, string?];
  const reply = await mock.handle({
    method,
    path: pathOnly,
    query,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  if ('networkError' in reply) throw new Error(`${method} ${path}: the connection was dropped`);
  const url = `${mock.baseUrl}${API}${path}`;
  const problems = checkResponse({
    method,
    url,
    baseUrl: mock.baseUrl,
    status: reply.status,
    contentType: reply.headers['content-type'] ?? null,
    bodyText: reply.body,
    headers: new Headers(reply.headers),
  });
  if (problems.length > 0) throw new Error(`${method} ${path}: answer breaks openapi.json: ${problems.join('; ')}`);
  return { status: reply.status, body: reply.body === '' ? undefined : JSON.parse(reply.body) };
}
