// A target that differs from the fake in one thing at a time: a proxy in front of ledger-mock (another process)
// changes a status, drops a header, renames a code, reorders a list, changes a type, requires a field, relaxes a
// rule... Each change must be reported by the probe aimed at it (as `differs`, saying where) or by the reading of
// everything the token sees (as an odd answer); together the changes break every rule the kit can observe. The suite
// prints how many of its divergences the kit caught.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { coverageLines, PROBES, runParity, type ParityRun } from 'personal-ledger-sdk/parity';
import { ODDITY_KINDS } from '../../reading/oddities';
import type { Case } from './divergences/kit';
import { READ_CASES } from './divergences/read';
import { WRITE_CASES } from './divergences/write';
import { type Exchange, jsonOf, ledgerMockBehindProxyForThisFile, SCRATCH, TOKEN, withJson } from './support';

const CASES: Case[] = [...READ_CASES, ...WRITE_CASES];
const served = ledgerMockBehindProxyForThisFile();
afterEach(async () => {
  served.proxy.divergence = {};
  await served.upstream.control('POST', '/reset');
});

/** The divergences the kit reported where it should, of those that ran. */
const tally = { caught: 0, ran: 0 };
afterAll(() => {
  console.log(`ledger-parity caught ${tally.caught} of ${tally.ran} divergences (the suite has ${CASES.length})`);
});

const API = '/api/public/v1';
const is = (e: Exchange, method: string, path: string) => e.method === method && e.path === `${API}${path}`;

/** A run of `only` these probes (every probe when none), unpaced. */
async function run(mode: 'read' | 'scratch', only?: string[]): Promise<ParityRun> {
  return runParity({
    baseUrl: served.proxy.url,
    token: TOKEN,
    ...(mode === 'scratch' ? { scratchAccount: SCRATCH } : {}),
    ...(only ? { only } : {}),
    rate: Number.POSITIVE_INFINITY,
  });
}

describe('a target that differs in one thing is reported by the probe aimed at it', { timeout: 60_000 }, () => {
  it.each(CASES.map((c) => [c.change, c] as const))('%s', async (_change, c) => {
    tally.ran += 1;
    served.proxy.divergence = c.divergence;
    const result = await run(c.mode, [c.probe]);
    if (c.odd) {
      const odd = result.report.oddities.filter((o) => o.kind === c.odd);
      expect(odd.map((o) => o.what).join('\n'), JSON.stringify(result.report.oddities, null, 1).slice(0, 3000)).toContain(c.where);
    } else {
      const probe = result.report.probes.find((p) => p.id === c.probe)!;
      expect(probe.outcome, JSON.stringify(probe, null, 1).slice(0, 3000)).toBe('differs');
      expect(probe.differences!.map((d) => d.where).join('\n')).toContain(c.where);
      // Both answers are kept, normalized, for the report.
      expect(probe.target!.length).toBeGreaterThan(0);
      expect(probe.fake!.length).toBeGreaterThan(0);
    }
    expect(result.exitCode).toBe(1);
    expect(result.report.safety).toMatchObject({ not_undone: [] });
    tally.caught += 1;
  });

  it('breaks every rule and spec-gaps entry the kit can observe, each through a probe (or an odd answer) that cites it', () => {
    const cites = (c: Case, rule: string) =>
      c.odd ? (ODDITY_KINDS[c.odd].rules as readonly string[]).includes(rule) : (() => {
        const probe = PROBES.find((p) => p.id === c.probe)!;
        const gap = /^spec-gaps (\d+)$/.exec(rule);
        return gap ? probe.gaps.includes(Number(gap[1])) : (probe.rules as readonly string[]).includes(rule);
      })();
    const named = (c: Case) => c.breaks.map((b) => (typeof b === 'number' ? `spec-gaps ${b}` : b));
    // Each case breaks only what its catcher cites...
    expect(CASES.flatMap((c) => named(c).filter((rule) => !cites(c, rule)).map((rule) => `${c.probe ?? c.odd}: ${rule} (${c.change})`))).toEqual([]);
    // ...and every observable line is broken by one.
    const observable = coverageLines().filter((l) => l.reading.length + l.read.length + l.scratch.length + l.webhooks.length > 0);
    const unbroken = observable.map((l) => l.rule).filter((rule) => !CASES.some((c) => named(c).includes(rule)));
    expect(unbroken).toEqual([]);
  });

  it('the same service with additive fields and another webhook count: nothing differs in the whole catalogue, and the additions are noted', async () => {
    served.proxy.divergence = {
      response: (e, r) => {
        if (is(e, 'GET', '/accounts') && r.status === 200) {
          return withJson(r, { accounts: (jsonOf(r).accounts as object[]).map((a) => ({ ...a, created_at: '2026-01-01T00:00:00Z' })) });
        }
        // Three subscriptions where the fake has one: every write attempts three times as many.
        if ((is(e, 'POST', '/snapshots') || is(e, 'POST', '/snapshots/bulk')) && r.status < 300) {
          return withJson(r, { ...jsonOf(r), webhooks_attempted: 3 * (jsonOf(r).webhooks_attempted as number) });
        }
        return r;
      },
    };
    const result = await run('scratch');
    expect(result.report.summary.differs, JSON.stringify(result.report.probes.filter((p) => p.outcome === 'differs'), null, 1).slice(0, 3000)).toBe(0);
    const list = result.report.probes.find((p) => p.id === 'accounts.list')!;
    expect(list.notes?.join('\n')).toMatch(/created_at: only the target sends this field/);
    expect(result.report.compared_by_range.map((c) => c.field)).toContain('webhooks_attempted');
    expect(result.report.oddities).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
