// How an attempt reaches fetch (src/retry/transport.ts): each attempt passes its own fetch in its openapi-fetch call,
// whether openapi-fetch calls it at once or after awaiting middleware (the client's, or a call's own), and wraps the
// call's own fetch when it brings one. In every path each attempt's fetch gets that attempt's deadline signal, and a
// fetch that never answers ends in a TimeoutError.
import { describe, expect, it } from 'vitest';
import type { Middleware } from 'openapi-fetch';
import { createLedgerClient, TimeoutError } from 'personal-ledger-sdk';

const TOKEN = 'plk_SECRETsecretSECRET0123456789abcdefghij';
const IDENTITY = JSON.stringify({ user_id: 'u', household_id: 'h', token_id: 't' });
const answer = () => new Response(IDENTITY, { status: 200, headers: { 'content-type': 'application/json' } });
const later = () => new Promise((resolve) => setTimeout(resolve, 1));
/** Middleware that awaits before the request goes out, so openapi-fetch calls fetch after its call returned. */
const slowStart: Middleware = { onRequest: async ({ request }) => (await later(), request) };
/** A fetch that answers only when its signal aborts: with the signal's reason. */
const hanging = (_request: Request, init?: RequestInit) =>
  new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));

type Path = 'no middleware' | 'client middleware' | 'call middleware' | 'call fetch';

/** Runs `ledger.GET('/api/public/v1/me')` along `path`, with `fetch` as the client's (or the call's) fetch. */
async function call(
  path: Path,
  fetch: (request: Request, init?: RequestInit) => Promise<Response>,
  timeoutMs = 30_000,
) {
  const ledger = createLedgerClient({
    baseUrl: 'https://ledger.test',
    token: TOKEN,
    fetch: path === 'call fetch' ? async () => answer() : fetch,
    timeoutMs,
    retry: false,
  });
  if (path === 'client middleware') ledger.use(slowStart);
  const init = path === 'call middleware' ? { middleware: [slowStart] } : path === 'call fetch' ? { fetch } : {};
  return ledger.GET('/api/public/v1/me', init);
}

const PATHS: Path[] = ['no middleware', 'client middleware', 'call middleware', 'call fetch'];

describe.each(PATHS)('an attempt whose fetch is %s', (path) => {
  it('reaches that fetch with the request and a deadline signal, and returns its answer', async () => {
    const seen: Array<{ url: string; signal: AbortSignal | null | undefined }> = [];
    const fetch = async (request: Request, init?: RequestInit) => (
      seen.push({ url: request.url, signal: init?.signal }), answer()
    );
    const { data } = await call(path, fetch);
    expect(data).toEqual(JSON.parse(IDENTITY));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('https://ledger.test/api/public/v1/me');
    expect(seen[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('ends in a TimeoutError when that fetch never answers', async () => {
    await expect(call(path, hanging, 50)).rejects.toBeInstanceOf(TimeoutError);
  });
});

it('calls at once and calls with middleware side by side: each fetch call belongs to its own attempt', async () => {
  const urls: string[] = [];
  const fetch = async (request: Request) => (urls.push(request.url), answer());
  const ledger = createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch, retry: false });
  const paths = ['/api/public/v1/me', '/api/public/v1/accounts', '/api/public/v1/categories'] as const;
  // The second call awaits its middleware, so its fetch runs after the third call has started.
  await Promise.all([ledger.GET(paths[0]), ledger.GET(paths[1], { middleware: [slowStart] }), ledger.GET(paths[2])]);
  expect(urls.sort()).toEqual(paths.map((p) => `https://ledger.test${p}`).sort());
});
