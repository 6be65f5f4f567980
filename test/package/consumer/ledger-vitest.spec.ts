// A consumer's own vitest tests with personal-ledger-sdk/mocks/vitest, from the packed tarball: ledgerTest's fake and
// client, and toHaveReceived, passing and failing (its message ends with the fake's journal).
import { expect } from 'vitest';
import { ledgerTest } from 'personal-ledger-sdk/mocks/vitest';

const test = ledgerTest({ scenario: 'demo' });

test('a fake and a client for the test, and the matcher', async ({ mock, ledger }) => {
  const [account] = await ledger.accounts.list();
  await ledger.snapshots.bulkUpsert([{ account_id: account!.id, snapshot_date: '2026-11-15', balance: 42.5 }]);
  expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 1, status: 200 });
  expect(mock).not.toHaveReceived('*', { status: '5xx' });
  let message = '';
  try {
    expect(mock).toHaveReceived('deleteSnapshot');
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toBe(
    `expected the fake to have received deleteSnapshot, but it received none (of 2 requests kept)\n\n${mock.control.journal.explain()}`,
  );
  expect(message).toContain('#2 POST /api/public/v1/snapshots/bulk -> 200');
});

test('the next test has a fake of its own', async ({ mock }) => {
  expect(mock).not.toHaveReceived('*');
});
