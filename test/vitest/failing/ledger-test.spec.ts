// Fails on purpose (run by test/vitest/ledger-test-failures.test.ts): what ledgerTest and toHaveReceived report.
import { expect } from 'vitest';
import { DEMO_IDS } from 'personal-ledger-sdk/mocks';
import { ledgerTest } from 'personal-ledger-sdk/mocks/vitest';

const test = ledgerTest({ scenario: 'demo', client: { retry: { baseDelayMs: 1, maxDelayMs: 1 } } });

test('a bug in the fake fails the test after it, though the client retried the 500s and the code under test swallowed the last', async ({
  mock,
  ledger,
}) => {
  mock.store.accounts.peek = () => {
    throw new Error('a simulated bug');
  };
  await ledger.accounts.get(DEMO_IDS.accounts.everydayChecking).catch(() => undefined);
});

test('a failed toHaveReceived shows the journal', async ({ mock, ledger }) => {
  await ledger.me();
  expect(mock).toHaveReceived('getMe', { times: 2 });
});

const shared = ledgerTest({ scenario: 'demo', setup: () => undefined });

shared.concurrent('one of two concurrent tests on a shared fake', async ({ mock }) => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(mock).not.toHaveReceived('*');
});

shared.concurrent('the other of two concurrent tests on a shared fake', async ({ mock }) => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(mock).not.toHaveReceived('*');
});
