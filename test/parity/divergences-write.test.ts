// A target that differs from the fake in one thing at a time, in what the kit sees by writing to the scratch account:
// a proxy in front of ledger-mock (another process) requires a field, relaxes a rule, answers a write differently...
// Each change must be reported by the probe aimed at it. The divergences read with the token alone, and the check
// that the two lists together break every rule the kit can observe: divergences-read.test.ts.
import { describe, expect, it } from 'vitest';
import { is, jsonOf, withJson } from './divergences/kit';
import { describeDivergences } from './divergences/suite';
import { WRITE_CASES } from './divergences/write';

const { served, run } = describeDivergences('write', WRITE_CASES);

describe('a target that differs only in what the specification allows', { timeout: 60_000 }, () => {
  it('the same service with additive fields and another webhook count: nothing differs in the whole catalogue, and the additions are noted', async () => {
    served.proxy.divergence = {
      response: (e, r) => {
        if (is(e, 'GET', '/accounts') && r.status === 200) {
          return withJson(r, {
            accounts: (jsonOf(r).accounts as object[]).map((a) => ({ ...a, created_at: '2026-01-01T00:00:00Z' })),
          });
        }
        // Three subscriptions where the fake has one: every write attempts three times as many.
        if ((is(e, 'POST', '/snapshots') || is(e, 'POST', '/snapshots/bulk')) && r.status < 300) {
          return withJson(r, { ...jsonOf(r), webhooks_attempted: 3 * (jsonOf(r).webhooks_attempted as number) });
        }
        return r;
      },
    };
    const result = await run('scratch');
    expect(
      result.report.summary.differs,
      JSON.stringify(
        result.report.probes.filter((p) => p.outcome === 'differs'),
        null,
        1,
      ).slice(0, 3000),
    ).toBe(0);
    const list = result.report.probes.find((p) => p.id === 'accounts.list')!;
    expect(list.notes?.join('\n')).toMatch(/created_at: only the target sends this field/);
    expect(result.report.compared_by_range.map((c) => c.field)).toContain('webhooks_attempted');
    expect(result.report.oddities).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
