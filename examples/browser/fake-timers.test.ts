// Fake timers never freeze the fake in a browser: with Vitest's (which fake setTimeout, setInterval and the rest),
// mock.fetch still answers, through a MessageChannel, which no fake-timer library replaces.
import { afterEach, expect, it, vi } from 'vitest';
import { DEMO_TOKENS } from 'personal-ledger-sdk/mocks';

afterEach(() => vi.useRealTimers());

const getMe = async (mocks: typeof import('personal-ledger-sdk/mocks')) => {
  const mock = mocks.createLedgerMock({ scenario: 'demo' });
  const response = await mock.fetch(`${mock.baseUrl}/api/public/v1/me`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
  });
  return response.status;
};

it('answers under fake timers installed after the fake loaded', async () => {
  const mocks = await import('personal-ledger-sdk/mocks');
  vi.useFakeTimers();
  expect('clock' in setTimeout).toBe(true); // faked
  expect(await getMe(mocks)).toBe(200);
});

it('answers under fake timers installed before the fake loaded', async () => {
  vi.useFakeTimers();
  vi.resetModules();
  expect(await getMe(await import('personal-ledger-sdk/mocks'))).toBe(200);
});
