// The divergence tests of one list of cases, for the test file that calls it: ledger-mock behind a proxy of its own,
// each case run with the proxy changed by it (and the fake reset after), and a count of those the kit caught.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runParity, type ParityRun } from 'personal-ledger-sdk/parity';
import { ledgerMockBehindProxyForThisFile, SCRATCH, TOKEN } from '../support';
import type { Case } from './kit';

export interface DivergenceSuite {
  served: ReturnType<typeof ledgerMockBehindProxyForThisFile>;
  /** A run of `only` these probes (every probe when none) against the proxy, unpaced. */
  run(mode: 'read' | 'scratch', only?: string[]): Promise<ParityRun>;
}

/** Registers a test per case of `cases` (named by its change) in the calling file; `label` names the list. */
export function describeDivergences(label: string, cases: readonly Case[]): DivergenceSuite {
  const served = ledgerMockBehindProxyForThisFile();
  afterEach(async () => {
    served.proxy.divergence = {};
    await served.upstream.control('POST', '/reset');
  });

  const run = (mode: 'read' | 'scratch', only?: string[]): Promise<ParityRun> =>
    runParity({
      baseUrl: served.proxy.url,
      token: TOKEN,
      ...(mode === 'scratch' ? { scratchAccount: SCRATCH } : {}),
      ...(only ? { only } : {}),
      rate: Number.POSITIVE_INFINITY,
    });

  /** The divergences the kit reported where it should, of those that ran. */
  const tally = { caught: 0, ran: 0 };
  afterAll(() => {
    console.log(
      `ledger-parity caught ${tally.caught} of ${tally.ran} ${label} divergences (the list has ${cases.length})`,
    );
  });

  describe(`a target that differs in one thing is reported by the probe aimed at it (${label})`, {
    timeout: 60_000,
  }, () => {
    it.each(cases.map((c) => [c.change, c] as const))('%s', async (_change, c) => {
      tally.ran += 1;
      served.proxy.divergence = c.divergence;
      const result = await run(c.mode, [c.probe]);
      if (c.odd) {
        const odd = result.report.oddities.filter((o) => o.kind === c.odd);
        expect(
          odd.map((o) => o.what).join('\n'),
          JSON.stringify(result.report.oddities, null, 1).slice(0, 3000),
        ).toContain(c.where);
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
  });
  return { served, run };
}
