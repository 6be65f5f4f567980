// testing-recipes.test.ts
import { beforeEach, expect, it, vi } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';

const mock = createLedgerMock({ scenario: 'demo' });
// Every test starts from the demo state and clock, with an empty journal and no faults.
beforeEach(() => mock.control.reset());

// Retries that wait a millisecond instead of half a second (the default backoff), for tests that inject 5xx.
const ledger = createLedgerClient({
  baseUrl: mock.baseUrl,
  token: DEMO_TOKENS.alex,
  fetch: mock.fetch,
  retry: { baseDelayMs: 1, maxDelayMs: 1 },
});

it('retries an injected 503 and then succeeds', async () => {
  mock.control.faults.inject({ operation: 'getMe', times: 2, kind: { status: 503, retryAfter: 0 } });
  await expect(ledger.me()).resolves.toMatchObject({ token_id: expect.any(String) });
  expect(mock.control.journal.entries().map((e) => e.status)).toEqual([503, 503, 200]);
});

it('waits out a 60 s Retry-After on fake timers, in no time', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true }); // mock.fetch still answers: its own scheduling is never faked
  try {
    let retrying!: () => void;
    const waiting = new Promise<void>((resolve) => (retrying = resolve));
    const patient = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: DEMO_TOKENS.alex,
      fetch: mock.fetch,
      retry: { onRetry: () => retrying() },
    });
    mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 429, retryAfter: 60 } });
    const me = patient.me();
    await waiting; // the 429 is in: the client now waits 60 s
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(me).resolves.toMatchObject({ token_id: expect.any(String) });
  } finally {
    vi.useRealTimers();
  }
});
