// The documented pattern, `const server = await createLedgerMockServer(...).listen()`: what listen() gives back
// carries the fake it serves, so a test drives it in code and calls it over HTTP through the one value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient } from 'personal-ledger-sdk';
import { createLedgerMock, DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';

describe('listen() gives back what it served', () => {
  let server: RunningLedgerMockServer;
  beforeAll(async () => {
    server = await createLedgerMockServer({ scenario: 'demo', port: 0 }).listen();
  });
  afterAll(() => server.close());

  it('server.mock is the fake behind server.url: a fault injected in code answers over HTTP', async () => {
    const ledger = createLedgerClient({ baseUrl: server.url, token: DEMO_TOKENS.alex, retry: false });
    server.mock.control.faults.inject({ operation: 'getMe', times: 1, kind: { status: 503 } });
    await expect(ledger.me()).rejects.toMatchObject({ status: 503 });
    await expect(ledger.me()).resolves.toMatchObject({ user_id: DEMO_IDS.users.alex });
    expect(server.mock.control.journal.count({ operation: 'getMe' })).toBe(2);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('a fake passed in is the one listen() gives back', async () => {
    const mock = createLedgerMock({ scenario: 'empty' });
    const created = createLedgerMockServer({ mock });
    const running = await created.listen();
    try {
      expect(running.mock).toBe(mock);
      expect(running.mock).toBe(created.mock);
    } finally {
      await running.close();
    }
  });
});
