// ledger-jest.spec.ts
import { beforeEach, expect, jest, test } from '@jest/globals';
import { setupServer } from 'msw/node';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerMatchers } from 'personal-ledger-sdk/mocks/matchers';
import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw';

expect.extend(ledgerMatchers); // expect(mock).toHaveReceived(operation, { times, status, ... })

const mock = createLedgerMock({ scenario: 'demo' });
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });
beforeEach(() => mock.control.reset()); // each test: the demo state and clock, an empty journal, no faults

test('a bulk upsert writes the good rows and reports the bad one, unsent', async () => {
  const account_id = DEMO_IDS.accounts.everydayChecking;
  const report = await ledger.snapshots.bulkUpsert([
    { account_id, snapshot_date: '2026-10-31', balance: 2450.75 },
    { account_id, snapshot_date: '2026-10-32', balance: 1 },
  ]);
  expect(report.inserted + report.updated).toBe(1);
  expect(report.skipped).toMatchObject([{ index: 1, reason: expect.stringContaining('snapshot_date') }]);
  expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 1, status: 200 });
});

test('code that calls fetch itself reaches the fake through MSW', async () => {
  const server = setupServer(...ledgerHandlers(mock));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const response = await fetch(`${mock.baseUrl}/api/public/v1/me`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
    });
    expect(response.status).toBe(200);
  } finally {
    server.close();
  }
  expect(mock).toHaveReceived('getMe', { times: 1, status: 200 });
});

test("an injected 503 is retried after its Retry-After, on Jest's fake timers", async () => {
  jest.useFakeTimers(); // mock.fetch still answers: fake timers never freeze the fake
  let retrying!: () => void;
  const waiting = new Promise<void>((resolve) => (retrying = resolve));
  const patient = createLedgerClient({
    baseUrl: mock.baseUrl,
    token: DEMO_TOKENS.alex,
    fetch: mock.fetch,
    retry: { onRetry: () => retrying() },
  });
  mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 30 } });
  const me = patient.me();
  await waiting; // the 503 is in: the client now waits 30 s
  await jest.advanceTimersByTimeAsync(30_000);
  await expect(me).resolves.toMatchObject({ token_id: DEMO_IDS.tokens.alex });
  expect(mock.control.journal.entries().map((entry) => entry.status)).toEqual([503, 200]);
  jest.useRealTimers();
});
