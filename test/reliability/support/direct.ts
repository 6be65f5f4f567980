// Calls into the fake through MSW's own handler resolution (msw `getResponse`), without intercepting fetch:
// the same handlers, pipeline and rules answer, at about half the cost of a fetch. Every answer is checked
// against openapi.json here (createTestMock's check only sees intercepted fetches).
import { getResponse } from 'msw';
import type { LedgerMock } from 'personal-ledger-sdk/mocks';
import { checkResponse } from '../../support/openapi-validator';
import { API } from './operations';

export interface DirectAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One API call by a token (or none); throws if no handler answers or the answer breaks openapi.json. */
export async function directCall(mock: LedgerMock, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<DirectAnswer> {
  const url = `${mock.baseUrl}${API}${path}`;
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(url, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const response = await getResponse(mock.handlers, request);
  if (!response) throw new Error(`no handler answered ${method} ${path}`);
  const text = await response.text();
  const problems = checkResponse({ method, url, baseUrl: mock.baseUrl, status: response.status, contentType: response.headers.get('content-type'), bodyText: text, headers: response.headers });
  if (problems.length > 0) throw new Error(`${method} ${path}: answer breaks openapi.json: ${problems.join('; ')}`);
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}
