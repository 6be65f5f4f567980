// Events and log lines of calls that are retried, time out or fail: the client against the fake's own fetch
// (mock.fetch), with faults injected through its control API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLedgerClient,
  NetworkError,
  TimeoutError,
  type ClientEventName,
  type ClientEvents,
  type ClientLogger,
  type LedgerClientOptions,
} from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { FAST_RETRY } from './support';

const mock = createLedgerMock({ scenario: 'demo', seed: 'events-retries' });
const { control } = mock;
const TOKEN = DEMO_TOKENS.alex;
afterEach(() => control.reset());

type Seen = { [E in ClientEventName]: { name: E; event: ClientEvents[E] } }[ClientEventName];

function recorded(options: Partial<LedgerClientOptions> = {}) {
  const seen: Seen[] = [];
  const push =
    <E extends ClientEventName>(name: E) =>
    (event: ClientEvents[E]) =>
      void seen.push({ name, event } as Seen);
  const on = { request: push('request'), response: push('response'), retry: push('retry'), error: push('error') };
  const client = createLedgerClient({
    baseUrl: mock.baseUrl,
    token: TOKEN,
    fetch: mock.fetch,
    retry: FAST_RETRY,
    on,
    ...options,
  });
  const of = <E extends ClientEventName>(name: E) =>
    seen.filter((s) => s.name === name).map((s) => s.event as ClientEvents[E]);
  return { client, seen, names: () => seen.map((s) => s.name), of };
}

/** A logger that keeps its lines. */
function memoryLog() {
  const lines: Record<keyof ClientLogger, string[]> = { debug: [], info: [], warn: [], error: [] };
  const log: ClientLogger = {
    debug: (line) => void lines.debug.push(line),
    info: (line) => void lines.info.push(line),
    warn: (line) => void lines.warn.push(line),
    error: (line) => void lines.error.push(line),
  };
  return { log, lines };
}

describe('a retried call', () => {
  it('emits request, response (final: false), retry, request, response (final: true), with attempts 1 and 2', async () => {
    control.faults.inject({ operation: 'listAccounts', times: 1, kind: { status: 503, retryAfter: 0 } });
    const { client, seen, names } = recorded();
    await client.accounts.list();
    expect(names()).toEqual(['request', 'response', 'retry', 'request', 'response']);
    expect(seen.map((s) => s.event.attempt)).toEqual([1, 1, 1, 2, 2]);
    expect(new Set(seen.map((s) => s.event.callId)).size).toBe(1);
    expect(seen[1]!.event).toMatchObject({ status: 503, final: false });
    expect(seen[2]!.event).toMatchObject({ route: '/api/public/v1/accounts', status: 503, delayMs: 0 });
    expect(seen[4]!.event).toMatchObject({ status: 200, final: true });
  });

  it('the retry event agrees with retry.onRetry: the same delay and cause', async () => {
    control.faults.inject({ operation: 'getMe', times: 2, kind: { status: 500 } });
    const onRetry = vi.fn();
    const { client, of } = recorded({ retry: { ...FAST_RETRY, onRetry } });
    await client.me();
    expect(onRetry).toHaveBeenCalledTimes(2);
    expect(of('retry').map((e) => [e.attempt, e.status, e.delayMs])).toEqual(
      onRetry.mock.calls.map(([info]) => [info.retry, info.status, info.delayMs]),
    );
  });

  it('a network error is an "error" event (final: false) with a NetworkError, then a retry', async () => {
    control.faults.inject({ operation: 'getMe', times: 1, kind: { networkError: true } });
    const { client, names, of } = recorded();
    await client.me();
    expect(names()).toEqual(['request', 'error', 'retry', 'request', 'response']);
    const [error] = of('error');
    expect(error).toMatchObject({ attempt: 1, final: false, route: '/api/public/v1/me' });
    expect(error!.error).toBeInstanceOf(NetworkError);
    expect(of('retry')[0]!.error).toBe(error!.error);
  });

  it('a call that runs out of retries ends with a final response', async () => {
    control.faults.inject({ operation: 'getMe', kind: { status: 503, retryAfter: 0 } });
    const { client, of } = recorded();
    await expect(client.me()).rejects.toMatchObject({ status: 503 });
    expect(of('response').map((e) => e.final)).toEqual([false, false, true]);
    expect(of('retry')).toHaveLength(2);
  });
});

describe('timeouts and failures', () => {
  it('an attempt that times out is an "error" event with a TimeoutError and its duration; the last one is final', async () => {
    control.faults.inject({ operation: 'getMe', times: 2, kind: { latencyMs: 300 } });
    const { client, of, names } = recorded({ timeoutMs: 40, retry: { ...FAST_RETRY, maxRetries: 1 } });
    await expect(client.me()).rejects.toBeInstanceOf(TimeoutError);
    expect(names()).toEqual(['request', 'error', 'retry', 'request', 'error']);
    const errors = of('error');
    expect(errors.map((e) => e.final)).toEqual([false, true]);
    for (const e of errors) {
      expect(e.error).toBeInstanceOf(TimeoutError);
      expect(e.durationMs).toBeGreaterThanOrEqual(35); // the timer may fire a little early on a loaded machine
    }
  });

  it('POST /accounts is not retried after a network error: one final "error" event', async () => {
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { afterApply: 'networkError' } });
    const { client, names, of } = recorded();
    await expect(
      client.accounts.create({ name: 'Once', category_id: DEMO_IDS.categories.cash }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(names()).toEqual(['request', 'error']);
    expect(of('error')[0]).toMatchObject({ method: 'POST', route: '/api/public/v1/accounts', final: true });
  });

  it('the caller\'s abort during the wait before a retry ends the call with a final "error" carrying the reason', async () => {
    // An hour's wait, far past the test's time limit: the call ends in time only if the abort cuts it short.
    control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 3600 } });
    const controller = new AbortController();
    const { client, names, of } = recorded({ retry: { ...FAST_RETRY, maxRetryAfterMs: 3_600_000 } });
    const call = client.me({ signal: controller.signal });
    await vi.waitFor(() => expect(names()).toContain('retry'), { timeout: 15_000 }); // vi.waitFor's default is 1 s
    const reason = new Error('user went away');
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(names()).toEqual(['request', 'response', 'retry', 'error']);
    expect(of('error')[0]).toMatchObject({ error: reason, final: true, attempt: 1 });
  });
});

describe('the log option', () => {
  it('one debug line per attempt and one warn line per retry; nothing at info or error', async () => {
    control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 0 } });
    control.faults.inject({ operation: 'listCategories', times: 1, kind: { networkError: true } });
    const { log, lines } = memoryLog();
    const client = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: TOKEN,
      fetch: mock.fetch,
      retry: FAST_RETRY,
      log,
    });
    await client.me();
    await client.categories.list();
    expect(lines.debug).toHaveLength(4);
    expect(lines.debug[0]).toMatch(
      /^personal-ledger-sdk: GET \/api\/public\/v1\/me -> 503 in [\d.]+ ms \(attempt 1\)$/,
    );
    expect(lines.debug[1]).toMatch(
      /^personal-ledger-sdk: GET \/api\/public\/v1\/me -> 200 in [\d.]+ ms \(attempt 2\)$/,
    );
    expect(lines.debug[2]).toMatch(
      /^personal-ledger-sdk: GET \/api\/public\/v1\/categories failed in [\d.]+ ms \(attempt 1\): NetworkError: /,
    );
    expect(lines.warn).toEqual([
      'personal-ledger-sdk: GET /api/public/v1/me: HTTP 503; retrying in 0.0 ms (attempt 2)',
      expect.stringMatching(
        /^personal-ledger-sdk: GET \/api\/public\/v1\/categories: NetworkError: .*; retrying in [\d.]+ ms \(attempt 2\)$/,
      ),
    ]);
    expect([lines.info, lines.error]).toEqual([[], []]);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });

  it('the request id is in the debug line when the response has one', async () => {
    const { log, lines } = memoryLog();
    const fetch = async (request: Request, init?: RequestInit) => {
      const answer = await mock.fetch(request, init);
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_42' },
      });
    };
    await createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch, log }).me();
    expect(lines.debug[0]).toMatch(/\(attempt 1, request id req_42\)$/);
  });

  it('silent by default: a client without log writes nothing to the console, even when it retries', async () => {
    const spies = (['debug', 'info', 'warn', 'error', 'log'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => undefined),
    );
    try {
      control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 0 } });
      await createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, fetch: mock.fetch, retry: FAST_RETRY }).me();
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
