// The webhook probes need a subscription in the household: the first write tells. Without one, each is skipped
// saying why, its later writes are never sent, and what it wrote is undone; with one, they compare relations.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_IDS } from 'personal-ledger-sdk/mocks';
import { PROBES, runParity } from 'personal-ledger-sdk/parity';
import { ledgerMockBehindProxyForThisFile, SCRATCH, TOKEN } from './support';

const served = ledgerMockBehindProxyForThisFile();
afterEach(async () => {
  served.proxy.seen.length = 0;
  await served.upstream.control('POST', '/reset');
});
const WEBHOOK_PROBES = PROBES.filter((p) => p.webhooks).map((p) => p.id);
const run = () =>
  runParity({
    baseUrl: served.proxy.url,
    token: TOKEN,
    scratchAccount: SCRATCH,
    only: WEBHOOK_PROBES,
    rate: Number.POSITIVE_INFINITY,
  });

describe('the webhook probes', { timeout: 90_000 }, () => {
  it('with a subscription in the household (the demo has one for Alex): every one runs, and nothing differs', async () => {
    expect(WEBHOOK_PROBES.length).toBeGreaterThanOrEqual(2);
    const result = await run();
    expect(result.report.probes.filter((p) => WEBHOOK_PROBES.includes(p.id)).map((p) => p.outcome)).toEqual(
      WEBHOOK_PROBES.map(() => 'same'),
    );
  });

  it('without one: each is skipped after its first write, saying why; that write is undone', async () => {
    await served.upstream.control('POST', `/webhooks/${DEMO_IDS.webhooks.alex}/deactivate`);
    const result = await run();
    for (const probe of result.report.probes.filter((p) => WEBHOOK_PROBES.includes(p.id))) {
      expect(probe).toMatchObject({
        outcome: 'skipped',
        reason: expect.stringMatching(
          /^the first write attempted no webhook: the household has no webhook subscription/,
        ),
      });
    }
    const writes = served.proxy.seen.filter((e) => e.method === 'POST');
    expect(writes.length).toBe(WEBHOOK_PROBES.length); // the first write of each, nothing after it
    expect(result.report.safety).toMatchObject({ not_undone: [], before_after: { identical: true } });
    expect(result.report.coverage.skipped).toBeGreaterThan(0);
    expect(result.exitCode).toBe(0);
  });
});
