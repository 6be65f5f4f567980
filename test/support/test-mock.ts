// The one way tests get a fake: every response it answers is checked against openapi.json, and a
// test fails if any response broke the document or the fake hit an internal error (a 5xx bug).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { LedgerMockOptions } from 'personal-ledger-sdk/mocks';
import { createLedgerMock, type LedgerMswMock as LedgerMock } from 'personal-ledger-sdk/mocks/msw';
import { checkResponse } from '../../reading/openapi-check';

export interface TestMock {
  mock: LedgerMock;
  control: LedgerMock['control'];
  server: ReturnType<typeof setupServer>;
  /** How many responses have been checked against openapi.json so far (in this file). */
  checkedCount(): number;
  /** Calls the API through fetch (intercepted by MSW). */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
}

export interface TestMockOptions {
  /**
   * Checks every response against openapi.json (a copy of each body, read beside the test). Off only for a file that
   * checks every response it gets itself, with the same check (test/reliability/fuzz.test.ts).
   * @default true
   */
  checkEveryResponse?: boolean;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`; omit for none. */
  token?: string;
  /** JSON-encoded unless it is a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * Creates a fake with MSW listening for the current test file, validates every mocked response
 * against openapi.json (unless told the file does), and after each test: fails on any violation or internal error,
 * then resets the fake to its starting state.
 */
export function createTestMock(
  options: LedgerMockOptions = {},
  { checkEveryResponse = true }: TestMockOptions = {},
): TestMock {
  const mock = createLedgerMock(options);
  const server = setupServer(...mock.handlers);
  const pending: Promise<void>[] = [];
  const violations: string[] = [];
  let checked = 0;

  server.events.on('response:mocked', ({ request, response }) => {
    if (!checkEveryResponse) return;
    if (response.type === 'error') return; // an injected network error has no response to check
    pending.push(
      response
        .clone()
        .text()
        .then((bodyText) => {
          checked += 1;
          violations.push(
            ...checkResponse({
              method: request.method,
              url: request.url,
              baseUrl: mock.baseUrl,
              status: response.status,
              contentType: response.headers.get('content-type'),
              bodyText,
              headers: response.headers,
            }),
          );
        }),
    );
  });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the last response event fire
    await Promise.all(pending.splice(0));
    const found = violations.splice(0);
    const bugs = mock.control.journal.internalErrors().map((e) => `${e.method} ${e.path}: ${e.internalError?.message}`);
    const fiveHundreds = mock.control.journal
      .entries()
      .filter((e) => e.status >= 500 && e.fault === null)
      .map((e) => `${e.method} ${e.path} -> ${e.status}`);
    await mock.control.reset();
    expect(found, 'responses that break openapi.json').toEqual([]);
    expect(bugs, 'internal errors in the fake').toEqual([]);
    expect(fiveHundreds, '5xx answers not injected by a fault').toEqual([]);
  });
  afterAll(() => server.close());

  return {
    mock,
    control: mock.control,
    server,
    checkedCount: () => checked,
    async call(method, path, { token, body, headers = {} } = {}) {
      const response = await fetch(`${mock.baseUrl}/api/public/v1${path}`, {
        method,
        headers: {
          ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        // leave as text
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
  };
}
