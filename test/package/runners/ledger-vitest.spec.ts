// ledger-vitest.spec.ts
import { setupServer } from 'msw/node';
import { createLedgerClient, formatSkippedRows } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerMatchers } from 'personal-ledger-sdk/mocks/matchers';
import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

expect.extend(ledgerMatchers); // expect(mock).toHaveReceived(operation, expectation?)

const mock = createLedgerMock({ scenario: 'demo' });
beforeEach(() => mock.control.reset()); // each test: the demo state and clock, no faults, an empty journal

// The client against mock.fetch; retries that wait a millisecond, for tests that inject 5xx.
const ledger = createLedgerClient({
  baseUrl: mock.baseUrl,
  token: DEMO_TOKENS.alex,
  fetch: mock.fetch,
  retry: { baseDelayMs: 1, maxDelayMs: 1 },
});

it('a bulk upsert writes what it can and reports the row it skipped', async () => {
  const report = await ledger.snapshots.bulkUpsert([
    { account_id: DEMO_IDS.accounts.jointSavings, snapshot_date: '2026-10-31', balance: 2450.75 },
    { account_id: '00000000-0000-4000-8000-00000000beef', snapshot_date: '2026-10-31', balance: 1 },
  ]);
  expect(report.skipped.map((row) => [row.index, row.reason])).toEqual([[1, 'account not found or not writable']]);
  expect(formatSkippedRows(report)).toContain('00000000-0000-4000-8000-00000000beef');
  expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 1, status: 200 });
});

it('retries an injected 503, and the journal shows both answers', async () => {
  mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 0 } });
  await expect(ledger.me()).resolves.toMatchObject({ user_id: DEMO_IDS.users.alex });
  // Only this test's requests: reset() emptied the journal.
  expect(mock.control.journal.entries().map((entry) => entry.status)).toEqual([503, 200]);
  expect(mock).not.toHaveReceived('*', { status: '4xx' });
});

describe('code that calls fetch itself, through MSW', () => {
  const server = setupServer(...ledgerHandlers(mock));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('lists the accounts', async () => {
    const response = await fetch(`${mock.baseUrl}/api/public/v1/accounts`, {
      headers: { Authorization: `Bearer ${DEMO_TOKENS.alex}` },
    });
    const { accounts } = await response.json();
    expect(accounts.map((account: { name: string }) => account.name)).toContain('Joint savings');
    expect(mock).toHaveReceived('listAccounts', { times: 1, status: 200 });
  });
});
