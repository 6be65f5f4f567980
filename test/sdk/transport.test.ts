// The transport's contract at its edges: what the per-attempt timeout covers, what it cancels, which failures
// are transport failures (retried when safe) and which are thrown as they are, and middleware per attempt.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createLedgerClient,
  NetworkError,
  TimeoutError,
  type FetchLike,
  type LedgerClientOptions,
} from 'personal-ledger-sdk';

const TOKEN = 'plk_TRANSPORTtransport0123456789abcdefghijk';

/** Waits (in real time, whatever timers are faked) until `condition` holds; fails after `ms`. */
async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const ME = { user_id: 'u1', household_id: 'h1', token_id: 't1' };
const FAST = { baseDelayMs: 1, maxDelayMs: 2 };

/** A client over an injected fetch that answers each request with the next answer (the last one repeats). */
function over(answers: Array<() => Response | Promise<Response>>, options: Partial<LedgerClientOptions> = {}) {
  const seen: Array<{ request: Request; init: RequestInit | undefined }> = [];
  const fetch: FetchLike = async (request, init) => {
    seen.push({ request, init });
    return answers[Math.min(seen.length, answers.length) - 1]!();
  };
  return {
    client: createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch, retry: FAST, ...options }),
    seen,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A 200 whose body sends a few bytes and then never ends. */
const stalledBody = () =>
  new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"user_id":')) }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
/** A 200 whose body breaks after a few bytes, as a dropped connection does. */
const brokenBody = () =>
  new Response(
    new ReadableStream({
      start: (c) => (c.enqueue(new TextEncoder().encode('{"user')), c.error(new TypeError('terminated'))),
    }),
    { status: 200 },
  );

describe('what the per-attempt timeout covers', () => {
  it('a body that stalls after the headers is a timeout too, and a GET is retried: through me() and the raw GET', async () => {
    const { client, seen } = over([stalledBody, stalledBody, () => json(ME)], { timeoutMs: 40 });
    await expect(client.me()).resolves.toEqual(ME);
    expect(seen).toHaveLength(3);
    const raw = over([stalledBody], { timeoutMs: 30, retry: false });
    const error = await raw.client.GET('/api/public/v1/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ method: 'GET', path: '/api/public/v1/me', attempts: 1, timeoutMs: 30 });
  });

  it('each attempt gets a signal in init that aborts on its timeout, so a fetch that passes init on is cancelled', async () => {
    const signals: AbortSignal[] = [];
    const fetch: FetchLike = (_request, init) => {
      signals.push(init!.signal!);
      return new Promise<Response>(() => undefined); // never answers
    };
    const client = createLedgerClient({
      baseUrl: 'https://ledger.test',
      token: TOKEN,
      fetch,
      timeoutMs: 20,
      retry: { ...FAST, maxRetries: 1 },
    });
    await expect(client.me()).rejects.toBeInstanceOf(TimeoutError);
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s.aborted && (s.reason as Error).name === 'TimeoutError')).toBe(true);
    expect(signals[0]).not.toBe(signals[1]);
  });

  it("the caller's abort reaches the fetch's signal too, with the caller's reason", async () => {
    let signal: AbortSignal | undefined;
    const fetch: FetchLike = (_request, init) => ((signal = init!.signal!), new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const client = createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, fetch, timeoutMs: false });
    const call = client.me({ signal: controller.signal });
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 5);
    await expect(call).rejects.toBe(reason);
    expect(signal?.reason).toBe(reason);
  });
});

describe('which failures are transport failures', () => {
  it('a body that breaks mid-read is a NetworkError and a GET is retried', async () => {
    const { client, seen } = over([brokenBody, () => json(ME)]);
    await expect(client.me()).resolves.toEqual(ME);
    expect(seen).toHaveLength(2);
    const once = over([brokenBody], { retry: false });
    await expect(once.client.me()).rejects.toBeInstanceOf(NetworkError);
  });

  it('a 200 whose body is not JSON is thrown as the parse error, not retried (the service answered)', async () => {
    const { client, seen } = over([() => new Response('<html>', { status: 200 })]);
    await expect(client.me()).rejects.toBeInstanceOf(SyntaxError);
    expect(seen).toHaveLength(1);
  });

  it("an error thrown by the caller's middleware is thrown as it is, never retried or wrapped", async () => {
    const { client, seen } = over([() => json(ME)]);
    const mine = new Error('middleware refused');
    client.use({ onRequest: () => Promise.reject(mine) });
    await expect(client.me()).rejects.toBe(mine);
    expect(seen).toHaveLength(0);
    const late = over([() => json(ME)]);
    late.client.use({ onResponse: () => Promise.reject(mine) });
    await expect(late.client.me()).rejects.toBe(mine);
    expect(late.seen).toHaveLength(1);
  });

  it("middleware runs once per attempt and sees each attempt's response", async () => {
    const { client } = over([() => json({ error: 'busy' }, 503), () => json(ME)]);
    const statuses: number[] = [];
    let requests = 0;
    client.use({
      onRequest: () => void (requests += 1),
      onResponse: ({ response }) => void statuses.push(response.status),
    });
    await expect(client.me()).resolves.toEqual(ME);
    expect([requests, statuses]).toEqual([2, [503, 200]]);
  });
});

describe('against a real server on 127.0.0.1 (the default fetch)', () => {
  let server: Server;
  let baseUrl: string;
  const open = new Set<ServerResponse>();
  let closedEarly = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"user_id":'); // then nothing more
      open.add(res);
      res.on('close', () => {
        if (!res.writableEnded) closedEarly += 1;
        open.delete(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a stalled body times out, and the connection is closed (the request was cancelled, not abandoned)', async () => {
    // The deadline's timer waits until the server has the request and has begun the body: a deadline that passed
    // before the request went out (fetch starting cold on a busy machine) would leave nothing to cancel.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const client = createLedgerClient({ baseUrl, token: TOKEN, timeoutMs: 50, retry: false });
      const outcome = client.me().then(
        () => 'answered',
        (error: unknown) => error,
      );
      await until(() => open.size === 1, 'the request to reach the server');
      vi.advanceTimersByTime(50);
      expect(await outcome).toBeInstanceOf(TimeoutError);
    } finally {
      vi.useRealTimers();
    }
    await expect.poll(() => closedEarly, { timeout: 15_000 }).toBe(1); // the server hears the close: waited for, with room for a busy machine
    expect(open.size).toBe(0);
  });
});
