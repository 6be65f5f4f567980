// The Vitest entry's types as a consumer compiles them: ledgerTest's fixtures, and toHaveReceived on Vitest's expect.
import { expect } from 'vitest';
import type { LedgerClient } from 'personal-ledger-sdk';
import type { LedgerMock } from 'personal-ledger-sdk/mocks';
import { ledgerTest } from 'personal-ledger-sdk/mocks/vitest';

const test = ledgerTest({ scenario: 'demo', client: { retry: false } });
test('typed', async ({ mock, ledger }) => {
  const fake: LedgerMock = mock;
  const client: LedgerClient = ledger;
  await client.me();
  expect(fake).toHaveReceived('getMe', { times: 1, status: '2xx' });
  expect(fake).not.toHaveReceived('*', { status: 500 });
  // @ts-expect-error: 'getMee' is not an operationId
  expect(fake).toHaveReceived('getMee');
  // @ts-expect-error: no such class of statuses
  expect(fake).toHaveReceived('getMe', { status: '6xx' });
});
