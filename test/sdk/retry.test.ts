import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import {
  createLedgerClient,
  isNetworkError,
  isTimeoutError,
  NetworkError,
  TimeoutError,
  UnexpectedStatusError,
  type RetryInfo,
} from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';
import { A, alexClient, FAST_RETRY, journalOf } from './support';

const { mock, control } = createTestMock({ scenario: 'demo', seed: 'retry' });
const TOKEN = DEMO_TOKENS.alex;
const newAccount = { name: 'Rainy day', category_id: DEMO_IDS.categories.cash };
// `retryAfter: 0`: an injected 503 sends Retry-After: 1 unless the fault names a wait (spec-gaps 21); these tests
// are about what is retried, not how long the client waits.
const NO_WAIT = { retryAfter: 0 };
// The fake answers a latency fault's request late (after the client gave up): waited for, with room for a busy
// machine (vi.waitFor's own default is 1 s).
const SLOW_ANSWERS = { timeout: 15_000 };
const countAccounts = async () => (await control.listAccounts()).filter((a) => a.name === newAccount.name).length;

function expectNoToken(error: unknown): void {
  const e = error as Error;
  const text = [e.message, e.stack, String(e), JSON.stringify(e), inspect(e, { depth: 10, showHidden: true })].join(
    '\n',
  );
  expect(text).not.toContain(TOKEN);
}

describe('retries: which requests, which failures', () => {
  it.each([500, 502, 503, 504, 408])(
    '"Retried only when safe": GET /accounts answered %i is retried and then succeeds',
    async (status) => {
      control.faults.inject({
        operation: 'listAccounts',
        times: 2,
        kind: { status, ...(status === 503 ? NO_WAIT : {}) },
      });
      await expect(alexClient(mock).accounts.list()).resolves.toHaveLength(6); // Alex sees 6 standard accounts
      expect(journalOf(mock, 'listAccounts').map((r) => r.status)).toEqual([status, status, 200]);
    },
  );

  it('"maxRetries (default 2)": a GET that keeps failing is tried 3 times, then the UnexpectedStatusError is thrown', async () => {
    control.faults.inject({ operation: 'getMe', kind: { status: 503, retryAfter: 0 } });
    const error = await alexClient(mock)
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect((error as UnexpectedStatusError).status).toBe(503);
    expect(journalOf(mock, 'getMe')).toHaveLength(3);
  });

  it('POST /snapshots (idempotent by key) is retried on a network error, PATCH and DELETE on 503', async () => {
    const client = alexClient(mock);
    control.faults.inject({ operation: 'upsertSnapshot', times: 1, kind: { networkError: true } });
    const { snapshot, action } = await client.snapshots.upsert({
      account_id: A.painting,
      snapshot_date: '2024-01-31',
      balance: 7,
    });
    expect(action).toBe('inserted');
    control.faults.inject({ operation: 'updateSnapshot', times: 1, kind: { status: 503, retryAfter: 0 } });
    await expect(client.snapshots.update(snapshot.id, { balance: 8 })).resolves.toMatchObject({ balance: 8 });
    control.faults.inject({
      operation: 'deleteSnapshot',
      times: 1,
      kind: { afterApply: { status: 503, retryAfter: 0 } },
    });
    // Applied, answer lost, retried: the snapshot is already gone, so the retry answers 404.
    await expect(client.snapshots.delete(snapshot.id)).rejects.toMatchObject({ status: 404 });
  });

  it('"POST /accounts is never retried once the request may have reached the server": 503', async () => {
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { status: 503, retryAfter: 0 } });
    const error = await alexClient(mock)
      .accounts.create(newAccount)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect(journalOf(mock, 'createAccount')).toHaveLength(1);
  });

  it('"POST /accounts is never retried once the request may have reached the server": network error (the outcome is unknown)', async () => {
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { afterApply: 'networkError' } });
    const error = await alexClient(mock)
      .accounts.create(newAccount)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ method: 'POST', path: '/api/public/v1/accounts', attempts: 1 });
    expect(journalOf(mock, 'createAccount')).toHaveLength(1);
    expect(await countAccounts()).toBe(1); // it was created: a retry would have made two
    expectNoToken(error);
  });

  it('"POST /accounts may be retried when the failure proves the request was not processed": a 429', async () => {
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { status: 429, retryAfter: 0 } });
    await expect(alexClient(mock).accounts.create(newAccount)).resolves.toMatchObject({ name: newAccount.name });
    expect(journalOf(mock, 'createAccount').map((r) => r.status)).toEqual([429, 201]);
    expect(await countAccounts()).toBe(1);
  });

  it('"unless the caller opts in": retry.retryNonIdempotent retries POST /accounts on 503 (true, or a predicate)', async () => {
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { status: 503, retryAfter: 0 } });
    await alexClient(mock, { retry: { ...FAST_RETRY, retryNonIdempotent: true } }).accounts.create(newAccount);
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { status: 503, retryAfter: 0 } });
    const predicate = vi.fn(({ path }: { method: string; path: string }) => path.endsWith('/accounts'));
    await alexClient(mock, { retry: { ...FAST_RETRY, retryNonIdempotent: predicate } }).accounts.create(newAccount);
    expect(predicate).toHaveBeenCalledWith({ method: 'POST', path: '/api/public/v1/accounts' });
    expect(journalOf(mock, 'createAccount').map((r) => r.status)).toEqual([503, 201, 503, 201]);
  });

  it('a 4xx other than 408 and 429 is never retried', async () => {
    await expect(alexClient(mock).accounts.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    expect(journalOf(mock, 'getAccount')).toHaveLength(1);
  });

  it('"retry: false" sends each request once', async () => {
    control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503 } });
    await expect(alexClient(mock, { retry: false }).me()).rejects.toBeInstanceOf(UnexpectedStatusError);
    expect(journalOf(mock, 'getMe')).toHaveLength(1);
  });

  it('"a longer Retry-After is not waited for — the response is returned as is", with retryAfterMs on the error', async () => {
    control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 429, retryAfter: 120 } });
    const error = (await alexClient(mock)
      .me()
      .catch((e: unknown) => e)) as UnexpectedStatusError;
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect([error.status, error.code, error.retryAfterMs]).toEqual([429, 'rate_limited', 120_000]);
    expect(error.toJSON()).toMatchObject({ retryAfterMs: 120_000 });
    expect(journalOf(mock, 'getMe')).toHaveLength(1);
  });

  it('"a retry budget per client": once the bucket is dry, failures come back without retries', async () => {
    control.faults.inject({ operation: 'getMe', kind: { status: 503, retryAfter: 0 } });
    const retries: RetryInfo[] = [];
    const client = alexClient(mock, {
      retry: { ...FAST_RETRY, budget: { capacity: 3 }, onRetry: (i) => retries.push(i) },
    });
    await expect(client.me()).rejects.toMatchObject({ status: 503 }); // 2 retries: 1 token left
    await expect(client.me()).rejects.toMatchObject({ status: 503 }); // 1 retry: bucket empty
    await expect(client.me()).rejects.toMatchObject({ status: 503 }); // no retry
    expect(journalOf(mock, 'getMe')).toHaveLength(3 + 2 + 1);
    expect(retries.map((r) => r.retry)).toEqual([1, 2, 1]);
    // Another client has its own bucket.
    control.journal.clear();
    await expect(alexClient(mock, { retry: { ...FAST_RETRY, budget: { capacity: 3 } } }).me()).rejects.toMatchObject({
      status: 503,
    });
    expect(journalOf(mock, 'getMe')).toHaveLength(3);
  });
});

describe('timeouts and cancellation', () => {
  it('"a latencyMs fault longer than timeoutMs raises TimeoutError" (no token in it) when retries are used up', async () => {
    control.faults.inject({ operation: 'getMe', times: 3, kind: { latencyMs: 150 } });
    const error = await alexClient(mock, { timeoutMs: 30 })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ method: 'GET', path: '/api/public/v1/me', timeoutMs: 30, attempts: 3 });
    expect((error as Error).message).toBe(
      'GET /api/public/v1/me timed out after 30 ms on attempt 3 (retries used up or not allowed)',
    );
    expectNoToken(error);
    await vi.waitFor(() => expect(journalOf(mock, 'getMe')).toHaveLength(3), SLOW_ANSWERS); // the slow answers arrive later
  });

  it('"timeouts are retried for idempotent requests": a snapshot upsert that times out once is sent again and succeeds', async () => {
    control.faults.inject({ operation: 'upsertSnapshot', times: 1, kind: { latencyMs: 150 } });
    const retries: RetryInfo[] = [];
    const client = alexClient(mock, { timeoutMs: 40, retry: { ...FAST_RETRY, onRetry: (i) => retries.push(i) } });
    const result = await client.snapshots.upsert({ account_id: A.painting, snapshot_date: '2024-02-29', balance: 5 });
    expect(result.snapshot).toMatchObject({ balance: 5 });
    expect(retries).toHaveLength(1);
    expect(retries[0]!.error).toBeInstanceOf(TimeoutError);
    // The timed-out attempt is applied late by the slow server: same key, same balance, still one snapshot.
    await vi.waitFor(() => expect(journalOf(mock, 'upsertSnapshot')).toHaveLength(2), SLOW_ANSWERS);
    const stored = await control.listSnapshots({ accountId: A.painting, from: '2024-02-29', to: '2024-02-29' });
    expect(stored.map((s) => s.balance)).toEqual([5]);
  });

  it('"Timeouts are not retried for POST /accounts": TimeoutError after one attempt', async () => {
    control.faults.inject({ operation: 'createAccount', times: 1, kind: { latencyMs: 120 } });
    const error = await alexClient(mock, { timeoutMs: 30 })
      .accounts.create(newAccount)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ attempts: 1 });
    await vi.waitFor(() => expect(journalOf(mock, 'createAccount')).toHaveLength(1), SLOW_ANSWERS);
    expect(await countAccounts()).toBe(1); // the slow server did create it
  });

  it('"a caller\'s abort rejects with the caller\'s abort reason (an AbortError), not retried"', async () => {
    control.faults.inject({ operation: 'listAccounts', times: 1, kind: { latencyMs: 200 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const error = await alexClient(mock)
      .accounts.list({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBe(controller.signal.reason);
    expect((error as Error).name).toBe('AbortError');
    await vi.waitFor(() => expect(journalOf(mock, 'listAccounts')).toHaveLength(1), SLOW_ANSWERS);
  });

  it('an abort during the backoff wait stops the retries at once', async () => {
    // An hour's wait (allowed here), far past the test's time limit: the call can only end in time if the abort cuts
    // the wait short.
    control.faults.inject({ operation: 'getMe', kind: { status: 503, retryAfter: 3600 } });
    const controller = new AbortController();
    const client = alexClient(mock, {
      retry: { maxRetryAfterMs: 3_600_000, onRetry: () => setTimeout(() => controller.abort(new Error('stop')), 10) },
    });
    await expect(client.me({ signal: controller.signal })).rejects.toThrow('stop');
    expect(journalOf(mock, 'getMe')).toHaveLength(1);
  });

  it('the raw typed methods take `signal` too (openapi-fetch passes it per call)', async () => {
    const { error } = await alexClient(mock)
      .GET('/api/public/v1/me', { signal: AbortSignal.abort() })
      .then(
        () => ({ error: undefined }),
        (e: unknown) => ({ error: e }),
      );
    expect((error as Error).name).toBe('AbortError');
  });

  it('"timeoutMs: false" disables the per-attempt timeout', async () => {
    control.faults.inject({ operation: 'getMe', times: 1, kind: { latencyMs: 60 } });
    const client = createLedgerClient({ baseUrl: mock.baseUrl, token: TOKEN, timeoutMs: false, retry: false });
    await expect(client.me()).resolves.toMatchObject({ token_id: DEMO_IDS.tokens.alex });
  });
});
