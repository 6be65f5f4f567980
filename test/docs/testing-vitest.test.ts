// testing-vitest.test.ts
import { expect } from 'vitest';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerTest } from 'personal-ledger-sdk/mocks/vitest';

// A new fake and client per test; retries that wait a millisecond, for tests that inject 5xx.
const test = ledgerTest({ scenario: 'demo', client: { retry: { baseDelayMs: 1, maxDelayMs: 1 } } });

const rows = Array.from({ length: 12_000 }, (_, day) => ({
  account_id: DEMO_IDS.accounts.jointSavings,
  snapshot_date: new Date(Date.UTC(1990, 0, 1 + day)).toISOString().slice(0, 10),
  balance: day,
}));

test('12,000 rows go in three bulk calls, and a 503 on the way is retried', async ({ mock, ledger }) => {
  mock.control.faults.inject({ operation: 'bulkUpsertSnapshots', times: 1, kind: { status: 503, retryAfter: 0 } });
  await ledger.snapshots.bulkUpsert(rows);
  expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 3, status: 200 });
  expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 1, status: 503 });
  expect(mock).not.toHaveReceived('*', { status: '4xx' });
  expect(mock.control.journal.count({ method: 'POST', from: '2026-11-01T09:00:00Z' })).toBe(4); // the journal, in code
});

test('the next test has a fake of its own', ({ mock }) => {
  expect(mock).not.toHaveReceived('*');
});

// Sam's client instead of Alex's: a token, or a function of the test's fake that makes one.
ledgerTest({ scenario: 'demo', token: DEMO_TOKENS.sam })(
  'a member reads a shared account',
  async ({ mock, ledger }) => {
    await ledger.accounts.get(DEMO_IDS.accounts.jointSavings);
    expect(mock).toHaveReceived('getAccount', { times: 1, status: 200, tokenId: DEMO_IDS.tokens.sam });
  },
);
