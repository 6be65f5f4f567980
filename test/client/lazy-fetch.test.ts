import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerClient, NetworkError } from 'personal-ledger-sdk';
import { BASE_URL, identity, TOKEN } from './support/fixtures';

// Created at module load, before any server listens: fetch must be looked up per request, not captured now.
const earlyClient = createLedgerClient({ baseUrl: BASE_URL, token: TOKEN });

describe('fetch is resolved at call time', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a client created BEFORE server.listen() still goes through MSW', async () => {
    const server = setupServer(http.get(`${BASE_URL}/api/public/v1/me`, () => HttpResponse.json(identity)));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await expect(earlyClient.me()).resolves.toEqual(identity);
    } finally {
      server.close();
    }
  });

  it('globalThis.fetch replaced after the client was created is the one used', async () => {
    const client = createLedgerClient({ baseUrl: BASE_URL, token: TOKEN });
    const replaced = vi.fn(async (_request: Request) => Response.json(identity));
    vi.stubGlobal('fetch', replaced);
    await expect(client.me()).resolves.toEqual(identity);
    expect(replaced).toHaveBeenCalledTimes(1);
  });

  it('an injected fetch is used instead of globalThis.fetch, and receives a Request', async () => {
    const global = vi.fn(async () => new Response(null, { status: 599 }));
    vi.stubGlobal('fetch', global);
    const injected = vi.fn(async (_request: Request) => Response.json(identity));
    await createLedgerClient({ baseUrl: BASE_URL, token: TOKEN, fetch: injected }).me();
    expect(global).not.toHaveBeenCalled();
    expect(injected.mock.calls[0]?.[0]).toBeInstanceOf(Request);
    expect(injected.mock.calls[0]?.[0].url).toBe(`${BASE_URL}/api/public/v1/me`);
  });

  it('a network failure from fetch becomes a NetworkError whose cause is the original error', async () => {
    const failure = new TypeError('fetch failed');
    const client = createLedgerClient({
      baseUrl: BASE_URL,
      token: TOKEN,
      retry: false,
      fetch: () => Promise.reject(failure),
    });
    const error = await client.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(failure);
  });
});
