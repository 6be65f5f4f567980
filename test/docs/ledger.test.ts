// ledger.test.ts
import { expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock } from 'personal-ledger-sdk/mocks';

const mock = createLedgerMock({ scenario: 'demo' });

it('refuses a revoked token on its very next request', async () => {
  const { id, value } = await mock.control.createToken({ userId: (await mock.control.listUsers())[0]!.id });
  const ledger = createLedgerClient({ baseUrl: mock.baseUrl, token: value, fetch: mock.fetch });
  await ledger.me();
  await mock.control.revokeToken(id);
  await expect(ledger.me()).rejects.toMatchObject({ status: 401, code: 'token_revoked' });
});
