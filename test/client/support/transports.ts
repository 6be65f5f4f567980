// Two ways to put a client in front of a scripted answer: MSW (setupServer, inline handlers) and an injected fetch.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createLedgerClient, type LedgerClient, type LedgerClientOptions } from 'personal-ledger-sdk';
import { BASE_URL, TOKEN } from './fixtures';

/** What a test can assert about a request the client sent. */
export interface RecordedRequest {
  method: string;
  url: URL;
  /** Path and query, e.g. `/api/public/v1/snapshots?from=2024-01-01`. */
  target: string;
  headers: Headers;
  /** The parsed JSON body, or `undefined` when there was none. */
  body: unknown;
}

export async function record(request: Request): Promise<RecordedRequest> {
  const text = await request.clone().text();
  const url = new URL(request.url);
  return {
    method: request.method,
    url,
    target: `${url.pathname}${url.search}`,
    headers: new Headers(request.headers),
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

type Method = 'get' | 'post' | 'patch' | 'delete';
/** Builds the answer from the request (status, and a JSON body or raw text). */
type Answer = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };

export interface Transport {
  name: string;
  /** Requests sent since the last reset. */
  requests: RecordedRequest[];
  /** Answers `method path` (MSW path pattern, `:id` allowed) with `answer`. */
  reply(method: Method, path: string, answer: Answer): void;
  client(options?: Partial<LedgerClientOptions>): LedgerClient;
}

function toResponse({ status = 200, json, text, headers }: Answer): Response {
  if (text !== undefined) return new Response(text, { status, headers });
  return json === undefined ? new Response(null, { status, headers }) : Response.json(json, { status, headers });
}

/** MSW `setupServer`: each `reply` installs an inline `http.<method>` handler that records the request. */
export function mswTransport(): Transport {
  const server = setupServer();
  const requests: RecordedRequest[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());
  return {
    name: 'MSW setupServer',
    requests,
    reply(method, path, answer) {
      server.use(
        http[method](`${BASE_URL}${path}`, async ({ request }) => {
          requests.push(await record(request));
          return toResponse(answer);
        }),
      );
    },
    // Retries are off here: these tests are about one request and its answer (retries: test/sdk/).
    client: (options) => createLedgerClient({ baseUrl: BASE_URL, token: TOKEN, retry: false, ...options }),
  };
}

/** An injected `fetch` that records the request and answers from the last matching `reply`. */
export function fetchTransport(): Transport {
  const requests: RecordedRequest[] = [];
  let routes: { method: string; pattern: RegExp; answer: Answer }[] = [];
  afterEach(() => {
    routes = [];
    requests.length = 0;
  });
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(await record(request));
    const { pathname } = new URL(request.url);
    const route = [...routes].reverse().find((r) => r.method === request.method && r.pattern.test(pathname));
    return route ? toResponse(route.answer) : new Response('no route', { status: 599 });
  };
  return {
    name: 'injected fetch',
    requests,
    reply(method, path, answer) {
      const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, '[^/]+')}$`);
      routes.push({ method: method.toUpperCase(), pattern, answer });
    },
    client: (options) => createLedgerClient({ baseUrl: BASE_URL, token: TOKEN, fetch, retry: false, ...options }),
  };
}

/** Both transports, for `describe.each`. Call at the top of a test file (they register hooks). */
export function bothTransports(): Transport[] {
  return [mswTransport(), fetchTransport()];
}
