// Unit tests of the retry layer's pure parts (imported from src/retry: internal, not part of the public API),
// and of the transport with an injected fetch, sleep and clock. No MSW here: a real refused connection is used.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ClientOptionsError, createLedgerClient, NetworkError, type RetryInfo } from 'personal-ledger-sdk';
import { backoffDelay, failedBeforeSending, isIdempotentRequest, RetryBudget } from '../../src/retry/decide-retry';
import { createTransport } from '../../src/retry/transport';
import { parseRetryAfter } from '../../src/shared/retry-after';
import { normalizeClientOptions } from '../../src/options';

const TOKEN = 'plk_SECRETsecretSECRET0123456789abcdefghij';
const NOW = Date.UTC(2026, 10, 1, 9, 0, 0);

describe('Retry-After parsing', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    [' 120 ', 120_000],
    ['Sun, 01 Nov 2026 09:00:30 GMT', 30_000], // an HTTP date 30 s ahead
    ['Sun, 01 Nov 2026 08:59:00 GMT', 0], // a date in the past: retry now
    ['-1', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('Retry-After %j -> %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('backoff with full jitter: delay = random(0, min(maxDelayMs, baseDelayMs * 2 ** attempt))', () => {
  it('the ceiling doubles per retry up to maxDelayMs; the delay is a random part of it', () => {
    const top = () => 0.999_999;
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, 500, 5000, top))).toEqual([499, 999, 1999, 3999, 4999, 4999]);
    expect(backoffDelay(3, 500, 5000, () => 0)).toBe(0);
    expect(backoffDelay(1, 500, 5000, () => 0.5)).toBe(500);
  });
});

describe('retry budget (token bucket per client)', () => {
  it('each retry costs retryCost; a first-attempt success refunds successRefund, up to capacity', () => {
    const budget = new RetryBudget({ capacity: 2, retryCost: 1, successRefund: 0.5 });
    expect([budget.tryTake(), budget.tryTake(), budget.tryTake()]).toEqual([true, true, false]);
    budget.refund();
    expect(budget.tryTake()).toBe(false);
    budget.refund();
    expect(budget.tryTake()).toBe(true);
    for (let i = 0; i < 10; i += 1) budget.refund();
    expect(budget.tokens).toBe(2);
  });
});

describe('retry policy', () => {
  it.each([
    ['GET', '/api/public/v1/accounts', true],
    ['PATCH', '/api/public/v1/accounts/x', true],
    ['DELETE', '/api/public/v1/snapshots/x', true],
    ['POST', '/api/public/v1/snapshots', true],
    ['POST', '/api/public/v1/snapshots/bulk', true],
    ['POST', '/base/api/public/v1/snapshots/bulk', true],
    ['POST', '/api/public/v1/accounts', false],
    ['POST', '/api/public/v1/snapshots/bulk/x', false],
  ])('%s %s idempotent: %s', (method, path, expected) => {
    expect(isIdempotentRequest(method, path)).toBe(expected);
  });

  it('"connection refused / DNS failure before sending (ECONNREFUSED, ENOTFOUND, EAI_AGAIN in error.cause.code)" proves the request was not sent', () => {
    const failure = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
    expect(failedBeforeSending(failure({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(failedBeforeSending(failure({ code: 'ENOTFOUND' }))).toBe(true);
    expect(failedBeforeSending(failure({ code: 'EAI_AGAIN' }))).toBe(true);
    expect(failedBeforeSending(failure(new AggregateError([{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }])))).toBe(
      true,
    );
    expect(failedBeforeSending(failure(new AggregateError([{ code: 'ECONNREFUSED' }, { code: 'ECONNRESET' }])))).toBe(
      false,
    );
    expect(failedBeforeSending(failure({ code: 'ECONNRESET' }))).toBe(false);
    expect(failedBeforeSending(failure({ code: 'UND_ERR_SOCKET' }))).toBe(false);
    expect(failedBeforeSending(new TypeError('Failed to fetch'))).toBe(false);
  });
});

/**
 * A transport over a scripted fetch, with recorded sleeps and a fixed clock. `fetch(request)` runs one call whose
 * every attempt sends a fresh copy of `request` (as openapi-fetch builds a fresh Request per attempt).
 */
function scripted(answers: Array<Response | Error>, retry: Parameters<typeof normalizeClientOptions>[0]['retry'] = {}) {
  const sleeps: number[] = [];
  const requests: Request[] = [];
  const options = normalizeClientOptions({ baseUrl: 'https://ledger.test', token: TOKEN, retry, timeoutMs: false });
  const transport = createTransport(
    {
      baseUrl: 'https://ledger.test',
      fetch: async (request: Request) => {
        requests.push(request);
        const answer = answers.shift() ?? new Response('{}', { status: 200 });
        if (answer instanceof Error) throw answer;
        return answer;
      },
      retry: options.retry,
      timeoutMs: false,
      secrets: [TOKEN],
    },
    { sleep: async (ms: number) => void sleeps.push(ms), random: () => 0.5, now: () => NOW },
  );
  const fetch = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const call = await transport.run({
      method: request.method,
      path: pathname,
      attempt: async (send) => ({ response: await send(request.clone()) }),
    });
    return call.response;
  };
  return { fetch, sleeps, requests };
}
const status = (code: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: 'x' }), { status: code, headers });
const post = (path: string, body: unknown) =>
  new Request(`https://ledger.test${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${TOKEN}` },
  });

describe('the retrying fetch', () => {
  it('"Retry-After honoured (HTTP date)": waits exactly until the date', async () => {
    const { fetch, sleeps } = scripted([status(503, { 'retry-after': 'Sun, 01 Nov 2026 09:00:07 GMT' })]);
    expect((await fetch(new Request('https://ledger.test/api/public/v1/me'))).status).toBe(200);
    expect(sleeps).toEqual([7000]);
  });

  it('"capped by maxRetryAfterMs: a longer Retry-After is not waited for — the response is returned as is"', async () => {
    const { fetch, sleeps, requests } = scripted([status(429, { 'retry-after': '61' })]);
    const response = await fetch(new Request('https://ledger.test/api/public/v1/me'));
    expect([response.status, requests.length, sleeps]).toEqual([429, 1, []]);
    const capped = scripted([status(429, { 'retry-after': 'Sun, 01 Nov 2026 09:00:02 GMT' })], {
      maxRetryAfterMs: 1000,
    });
    expect((await capped.fetch(new Request('https://ledger.test/api/public/v1/me'))).status).toBe(429);
    const within = scripted([status(429, { 'retry-after': '60' })]);
    expect((await within.fetch(new Request('https://ledger.test/api/public/v1/me'))).status).toBe(200);
    expect(within.sleeps).toEqual([60_000]); // the default cap is 60 s
  });

  it('without Retry-After: backoff with full jitter from baseDelayMs, doubling', async () => {
    const { fetch, sleeps } = scripted([status(503), status(502), status(500), status(504)], {
      maxRetries: 4,
      baseDelayMs: 100,
      maxDelayMs: 300,
    });
    await fetch(new Request('https://ledger.test/api/public/v1/me'));
    expect(sleeps).toEqual([50, 100, 150, 150]); // random 0.5 of 100, 200, 300 (capped), 300
  });

  it('every attempt is a fresh call: each sends the same body and headers', async () => {
    const { fetch, requests } = scripted([status(503), new TypeError('fetch failed')]);
    await fetch(post('/api/public/v1/snapshots/bulk', { snapshots: [1, 2] }));
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(await request.text()).toBe('{"snapshots":[1,2]}');
      expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    }
  });

  it('POST /accounts: retried on a refused connection (never sent), not on a reset or an unknown failure', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const reset = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }),
    });
    const retried = scripted([refused]);
    expect((await retried.fetch(post('/api/public/v1/accounts', {}))).status).toBe(200);
    expect(retried.requests).toHaveLength(2);
    const once = scripted([reset]);
    const error = await once.fetch(post('/api/public/v1/accounts', {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'ECONNRESET', attempts: 1 });
    expect(once.requests).toHaveLength(1);
  });

  it('the error never carries the token: a cause that mentions it is dropped', async () => {
    const leaky = new Error(`proxy said: Authorization: Bearer ${TOKEN}`);
    const { fetch } = scripted([leaky], { maxRetries: 0 });
    const error = (await fetch(new Request(`https://ledger.test/api/public/v1/me?t=${TOKEN}`)).catch(
      (e: unknown) => e,
    )) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).toBeUndefined();
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)} ${error.path}`).not.toContain(TOKEN);
  });
});

describe('client options for retries and timeouts (normalized in normalizeClientOptions)', () => {
  it('defaults: maxRetries 2, backoff 500..20000 ms, Retry-After cap 60 s, budget 10/1/0.1, timeout 30 s', () => {
    const { retry, timeoutMs } = normalizeClientOptions({ baseUrl: 'https://ledger.test', token: TOKEN });
    expect(timeoutMs).toBe(30_000);
    expect(retry).toMatchObject({
      maxRetries: 2,
      baseDelayMs: 500,
      maxDelayMs: 20_000,
      maxRetryAfterMs: 60_000,
      budget: { capacity: 10, retryCost: 1, successRefund: 0.1 },
    });
    expect([...retry.statusCodes]).toEqual([408, 429, 500, 502, 503, 504]);
    expect(normalizeClientOptions({ baseUrl: 'https://ledger.test', token: TOKEN, retry: false }).retry).toMatchObject({
      maxRetries: 0,
      budget: false,
    });
  });

  it.each([
    [{ retry: { maxRetries: -1 } }, /retry.maxRetries/],
    [{ retry: { maxRetries: 1.5 } }, /retry.maxRetries` must be a whole number/],
    [{ retry: { baseDelayMs: Number.NaN } }, /retry.baseDelayMs/],
    [{ retry: { statusCodes: [99] } }, /retry.statusCodes/],
    [{ retry: { retryNonIdempotent: 'yes' } }, /retryNonIdempotent/],
    [{ retry: { budget: { capacity: -1 } } }, /retry.budget.capacity/],
    [{ retry: 'no' }, /`retry` must be an object or false/],
    [{ timeoutMs: 0 }, /timeoutMs/],
    [{ timeoutMs: 2 ** 31 }, /timeoutMs/],
  ])('%o is a ClientOptionsError', (options, message) => {
    expect(() => createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, ...(options as object) })).toThrow(
      ClientOptionsError,
    );
    expect(() => createLedgerClient({ baseUrl: 'https://ledger.test', token: TOKEN, ...(options as object) })).toThrow(
      message,
    );
  });
});

describe('a real refused connection', () => {
  it('POST /accounts to a closed port: ECONNREFUSED proves it was not sent, so it is retried; then NetworkError with code, no token', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    const retries: RetryInfo[] = [];
    const client = createLedgerClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      retry: { baseDelayMs: 1, maxDelayMs: 2, onRetry: (i) => retries.push(i) },
    });
    const error = (await client.accounts
      .create({ name: 'x', category_id: '0b8f6c1a-2d3e-4f50-9a1b-2c3d4e5f6a7b' })
      .catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', method: 'POST', path: '/api/public/v1/accounts', attempts: 3 });
    expect(retries).toHaveLength(2);
    expect(error.cause).toBeInstanceOf(TypeError); // undici's error: no headers in it
    expect(`${error.message}\n${error.stack}\n${JSON.stringify(error)}`).not.toContain(TOKEN);
  });
});
