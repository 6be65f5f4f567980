// A target that differs from the fake in one thing at a time, in what the kit sees by writing to the scratch account:
// a proxy in front of ledger-mock (another process) requires a field, relaxes a rule, answers a write differently...
// Each change must be reported by the probe aimed at it. The divergences read with the token alone, and the check
// that the two lists together break every rule the kit can observe: divergences-read.test.ts.
import { describe, expect, it } from 'vitest';
import { SCRATCH } from './support';
import { body, is, jsonOf, reply, withJson } from './divergences/kit';
import { describeDivergences } from './divergences/suite';
import { COLUMN_WRITE_CASES } from './divergences/columns';
import { REACH_WRITE_CASES } from './divergences/reach';
import { STATE_CASES } from './divergences/states';
import { WRITE_CASES } from './divergences/write';

const { served, run } = describeDivergences('write', [
  ...WRITE_CASES,
  ...REACH_WRITE_CASES,
  ...COLUMN_WRITE_CASES,
  ...STATE_CASES,
]);

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

  // A household whose accounts the token sees are all private: the first reading cannot tell whether its plan
  // includes sharing, so the mirror starts on one without.
  const allPrivate = (e: Parameters<typeof is>[0], r: Parameters<typeof withJson>[0]) => {
    if (r.status !== 200 || e.method !== 'GET') return r;
    const privately = (a: { id: string; visibility?: string }) =>
      a.id === SCRATCH ? a : { ...a, visibility: 'private' };
    if (is(e, 'GET', '/accounts'))
      return withJson(r, { accounts: (jsonOf(r).accounts as Array<{ id: string }>).map(privately) });
    if (is(e, 'GET', /^\/accounts\/[^/]+$/)) return withJson(r, privately(jsonOf(r) as { id: string }));
    return r;
  };
  const STATES = [
    'account.state-shared',
    'account.state-archived-shared',
    'account.state-shared-then-private',
    'account.state-round-trip',
  ];

  it('a plan with sharing that no account showed: the fake learns it from the first shared visibility set, and nothing differs', async () => {
    served.proxy.divergence = { response: allPrivate };
    const result = await run('scratch', STATES);
    expect(result.report.mirror.plan).toBe('household_sharing');
    expect(result.report.mirror.notes.join('\n')).toMatch(/the plan became household_sharing during the run/);
    expect(result.report.probes.filter((p) => STATES.includes(p.id)).map((p) => p.outcome)).toEqual(
      STATES.map(() => 'same'),
    );
    expect(result.exitCode).toBe(0);
  });

  it('a plan without sharing: the states that need it are skipped, saying why, and nothing differs', async () => {
    served.proxy.divergence = {
      request: (e) =>
        e.method === 'PATCH' && String(body(e).visibility ?? '').startsWith('shared_')
          ? reply(402, { error: 'Sharing is not in your plan', code: 'sharing_not_in_plan' })
          : e,
      response: allPrivate,
    };
    const result = await run('scratch', [...STATES, 'account.shared-visibility']);
    expect(result.report.mirror.plan).toBe('household');
    const states = result.report.probes.filter((p) => STATES.includes(p.id));
    expect(states.map((p) => [p.outcome, p.reason])).toEqual(
      STATES.map(() => [
        'skipped',
        'the plan does not include sharing (402 to a shared visibility): the state cannot be reached',
      ]),
    );
    expect(result.report.probes.find((p) => p.id === 'account.shared-visibility')?.outcome).toBe('same');
    expect(result.report.safety).toMatchObject({ not_undone: [], before_after: { identical: true } });
    expect(result.exitCode).toBe(0);
  });
});
