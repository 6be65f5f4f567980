// The fake of the Personal Ledger API inside the browser: no server, no service worker, nothing on the network.
import { expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';

const mock = createLedgerMock({ scenario: 'demo' });
// mock.fetch answers from the fake itself: no msw, no service worker.
const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch });

it('runs in Chromium', () => {
  expect(navigator.userAgent).toContain('Chrome/');
});

it('creates an account, records a balance and reads it back', async () => {
  const account = await ledger.accounts.create({ name: 'Holiday fund', category_id: DEMO_IDS.categories.cash });
  const { action } = await ledger.snapshots.upsert({
    account_id: account.id,
    snapshot_date: '2026-10-31',
    balance: 420,
  });
  expect(action).toBe('inserted');
  expect(await ledger.snapshots.list({ account_id: account.id })).toMatchObject([
    { snapshot_date: '2026-10-31', balance: 420 },
  ]);
});

it('answers errors as the service does', async () => {
  await expect(ledger.accounts.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
    status: 404,
    code: 'not_found',
  });
});
