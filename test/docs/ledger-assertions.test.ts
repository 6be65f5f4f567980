// ledger-assertions.test.ts
import { expect } from 'vitest';
import { ledgerTest } from 'personal-ledger-sdk/mocks/vitest';

const test = ledgerTest({ scenario: 'demo' }); // each test: a new fake (`mock`) and a client of it (`ledger`)

test('writes the balance in one bulk call', async ({ mock, ledger }) => {
  const [account] = await ledger.accounts.list();
  await ledger.snapshots.bulkUpsert([{ account_id: account!.id, snapshot_date: '2026-10-31', balance: 2450.75 }]);
  expect(mock).toHaveReceived('bulkUpsertSnapshots', { times: 1, status: 200 });
  expect(mock).not.toHaveReceived('*', { status: '5xx' }); // a failure prints journal.explain(): why it answered so
});
