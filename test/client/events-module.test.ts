// The module that builds a call's events loads when a call is first watched (src/observe/watch.ts). Should it fail to
// load (a page that lost its network), a listener must not fail the call: the call goes on without events, and the
// failure is reported as a listener's is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';

afterEach(() => {
  vi.doUnmock('../../src/observe/call-watch');
  vi.resetModules();
});

describe('the events module, loaded on a first watched call', () => {
  it('"a listener never fails the call": when the module cannot load, the call resolves without events and the log says why', async () => {
    vi.resetModules();
    vi.doMock('../../src/observe/call-watch', () => {
      throw new Error('offline');
    });
    const { createLedgerClient } = await import('personal-ledger-sdk');
    const mock = createLedgerMock({ scenario: 'demo' });
    const errors: unknown[][] = [];
    const log = { debug: () => {}, info: () => {}, warn: () => {}, error: (...args: unknown[]) => errors.push(args) };
    const seen: string[] = [];
    const client = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: DEMO_TOKENS.alex,
      fetch: mock.fetch,
      log,
      on: { response: (e) => seen.push(`${e.method} ${e.status}`) },
    });

    const me = await client.me();
    expect(me.token_id).toBeTypeOf('string');
    expect(seen).toEqual([]);
    expect(errors.map(([message]) => message)).toEqual([
      'personal-ledger-sdk: the module that builds events did not load; the call went on without them',
    ]);
    expect(errors[0]![1]).toBeInstanceOf(Error);
  });

  it('with the module at hand, the first watched call of a fresh client module gets its events', async () => {
    vi.resetModules();
    const { createLedgerClient } = await import('personal-ledger-sdk');
    const mock = createLedgerMock({ scenario: 'demo' });
    const seen: string[] = [];
    const client = createLedgerClient({
      baseUrl: mock.baseUrl,
      token: DEMO_TOKENS.alex,
      fetch: mock.fetch,
      on: { request: (e) => seen.push(`request ${e.method}`), response: (e) => seen.push(`response ${e.status}`) },
    });
    await client.me();
    expect(seen).toEqual(['request GET', 'response 200']);
  });
});
