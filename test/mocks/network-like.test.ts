// "Answer like a network": during a long run against the in-process fake, timers and aborts get their turn,
// as they would against a real server, through mock.fetch and through MSW alike.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkUpsertSnapshots,
  createLedgerClient,
  isBulkUpsertError,
  type BulkRow,
  type LedgerClient,
} from 'personal-ledger-sdk';
import { DEMO_IDS, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';
import { createLedgerMock } from 'personal-ledger-sdk/mocks/msw';

const mock = createLedgerMock({ scenario: 'demo', seed: 'network-like' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const accounts: string[] = [];
beforeAll(async () => {
  for (let i = 0; i < 10; i++) {
    accounts.push(
      (
        await mock.control.createAccount({
          userId: DEMO_IDS.users.alex,
          name: `Long run ${i}`,
          categoryId: DEMO_IDS.categories.cash,
        })
      ).id,
    );
  }
});

/** `count` rows over the accounts, one per account and day from 1950 on. */
function* rows(count: number): Generator<BulkRow> {
  const start = Date.UTC(1950, 0, 1);
  for (let n = 0; n < count; n++) {
    const day = new Date(start + Math.floor(n / accounts.length) * 86_400_000).toISOString().slice(0, 10);
    yield { account_id: accounts[n % accounts.length]!, snapshot_date: day, balance: n };
  }
}

const transports: Array<[string, () => LedgerClient]> = [
  ['mock.fetch', () => createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex, fetch: mock.fetch })],
  ['MSW (global fetch intercepted)', () => createLedgerClient({ baseUrl: mock.baseUrl, token: DEMO_TOKENS.alex })],
];

describe.each(transports)('through %s', (_name, client) => {
  it('a 10 ms interval keeps ticking during a 100,000-row bulk (20 chunks)', async () => {
    let ticks = 0;
    const ticksAtChunk: number[] = [];
    const interval = setInterval(() => (ticks += 1), 10);
    try {
      const report = await bulkUpsertSnapshots(client(), rows(100_000), { onProgress: () => ticksAtChunk.push(ticks) });
      expect(report.inserted + report.updated).toBe(100_000);
    } finally {
      clearInterval(interval);
    }
    // The fake yields after every answer, so the timer gets its turn while the run goes on, not only at its end
    // (without the yield it ticks 0 times): it has ticked by the time half the chunks are done, and keeps ticking.
    const half = ticksAtChunk[Math.floor(ticksAtChunk.length / 2)]!;
    expect(ticksAtChunk).toHaveLength(20);
    expect(half, `ticks at each chunk: ${ticksAtChunk.join(',')}`).toBeGreaterThanOrEqual(5);
    expect(ticksAtChunk.at(-1)!).toBeGreaterThan(half);
  });

  it('AbortSignal.timeout(200) stops a 300,000-row bulk within a chunk or two', async () => {
    const signal = AbortSignal.timeout(200);
    let sentAtAbort = -1;
    const bulkCalls = () =>
      mock.control.journal.entries().filter((e) => e.operationId === 'bulkUpsertSnapshots').length;
    const before = bulkCalls();
    signal.addEventListener('abort', () => (sentAtAbort = bulkCalls() - before));
    const error = await bulkUpsertSnapshots(client(), rows(300_000), { signal }).catch((e: unknown) => e);
    expect(isBulkUpsertError(error) && error.reason).toBe('aborted');
    expect(sentAtAbort).toBeGreaterThanOrEqual(0);
    expect(bulkCalls() - before - sentAtAbort).toBeLessThanOrEqual(2);
    if (isBulkUpsertError(error)) expect(error.report.inserted + error.report.updated).toBeLessThan(300_000);
  });
});
