// ledger-node.test.mjs
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setupServer } from 'msw/node';
import { createLedgerClient, formatSkippedRows } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { ledgerHandlers } from 'personal-ledger-sdk/mocks/msw';

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
  assert.deepEqual(
    report.skipped.map((row) => [row.index, row.reason]),
    [[1, 'account not found or not writable']],
  );
  assert.match(formatSkippedRows(report), /00000000-0000-4000-8000-00000000beef/);
  // No expect.extend in node:test: the journal answers the same question.
  assert.equal(mock.control.journal.count({ operation: 'bulkUpsertSnapshots', status: 200 }), 1);
});

it('retries an injected 503, and the journal shows both answers', async () => {
  mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503, retryAfter: 0 } });
  assert.equal((await ledger.me()).user_id, DEMO_IDS.users.alex);
  // Only this test's requests: reset() emptied the journal.
  assert.deepEqual(
    mock.control.journal.entries().map((entry) => entry.status),
    [503, 200],
  );
});

describe('code that calls fetch itself, through MSW', () => {
  const server = setupServer(...ledgerHandlers(mock));
  before(() => server.listen({ onUnhandledRequest: 'error' }));
  after(() => server.close());

  it('lists the accounts', async () => {
    const response = await fetch(`${mock.baseUrl}/api/public/v1/accounts`, {
      headers: { Authorization: `Bearer ${DEMO_TOKENS.alex}` },
    });
    const { accounts } = await response.json();
    assert.ok(accounts.some((account) => account.name === 'Joint savings'));
    assert.equal(mock.control.journal.count({ operation: 'listAccounts', status: 200 }), 1);
  });
});
