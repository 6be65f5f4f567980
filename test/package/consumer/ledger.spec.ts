// A consumer's own vitest test using the fake with setupServer, as docs/testing.md shows.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock } from 'personal-ledger-sdk/mocks/msw';

const mock = createLedgerMock({ scenario: 'demo' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('writes a balance and reads it back', async () => {
  const [user] = await mock.control.listUsers();
  const { value } = await mock.control.createToken({ userId: user!.id });
  const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: value });
  const [account] = await ledger.accounts.list();
  const written = await ledger.snapshots.upsert({
    account_id: account!.id,
    snapshot_date: '2026-11-15',
    balance: 42.5,
  });
  expect(written.action).toBe('inserted');
  const read = await ledger.snapshots.list({ account_id: account!.id, from: '2026-11-15', to: '2026-11-15' });
  expect(read.map((s) => s.balance)).toEqual([42.5]);
});
