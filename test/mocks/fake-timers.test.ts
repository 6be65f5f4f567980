// mock.fetch answers under fake timers, whoever faked them and whenever: Vitest's (which fake setImmediate and
// setTimeout) installed after the fake's modules loaded and before (as Jest's `fakeTimers: { enableGlobally: true }`
// does), and in a runtime without setImmediate: a browser's MessageChannel, or jsdom's bare setTimeout. The fake still
// answers after a macrotask, never within the same run of microtasks. (Jest's own and @sinonjs/fake-timers are run in
// a Jest project: test/package/consumer-jest.test.ts; a real browser in examples/browser.)
import { afterEach, describe, expect, it, vi } from 'vitest';

// The globals are stubbed after the timers are faked (the fakes take whatever they find): undone in reverse.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fresh copy of the fake's entry, loaded now (under whatever timers are installed at this moment). */
async function freshMocks() {
  vi.resetModules();
  return import('personal-ledger-sdk/mocks');
}

/** The timer functions a fake-timer library replaced (@sinonjs/fake-timers marks each with its clock). */
const faked = () =>
  (['setTimeout', 'setImmediate'] as const).filter(
    (name) =>
      (globalThis as Record<string, unknown>)[name] instanceof Function && 'clock' in (globalThis[name] as object),
  );

/** GET /me through mock.fetch: it answers, after the microtasks queued beside it. */
async function getMe(mocks: Awaited<ReturnType<typeof freshMocks>>) {
  const mock = mocks.createLedgerMock({ scenario: 'demo' });
  const order: string[] = [];
  const answer = mock
    .fetch(`${mock.baseUrl}/api/public/v1/me`, { headers: { authorization: `Bearer ${mocks.DEMO_TOKENS.alex}` } })
    .then((response) => {
      order.push('answer');
      return response;
    });
  void Promise.resolve().then(() => order.push('microtask'));
  const response = await answer;
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ user_id: mocks.DEMO_IDS.users.alex });
  expect(order).toEqual(['microtask', 'answer']);
}

describe('mock.fetch under fake timers', () => {
  it('faked after the fake loaded: vi.useFakeTimers() (setImmediate and setTimeout faked)', async () => {
    const mocks = await freshMocks();
    vi.useFakeTimers();
    expect(faked()).toEqual(['setTimeout', 'setImmediate']);
    await getMe(mocks);
  });

  it('faked before the fake loaded, as Jest enableGlobally does', async () => {
    vi.useFakeTimers();
    expect(faked()).toEqual(['setTimeout', 'setImmediate']);
    await getMe(await freshMocks());
  });

  it('a runtime without setImmediate (a browser): its MessageChannel, which no fake-timer library replaces', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('setImmediate', undefined);
    expect(faked()).toEqual(['setTimeout']);
    await getMe(await freshMocks());
  });

  it('a runtime with neither setImmediate nor MessageChannel (jsdom): the real setTimeout behind the fake one', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('setImmediate', undefined);
    vi.stubGlobal('MessageChannel', undefined);
    expect(faked()).toEqual(['setTimeout']);
    await getMe(await freshMocks());
  });
});
