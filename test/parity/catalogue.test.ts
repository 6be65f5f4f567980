// The probe catalogue as a table: enough probes, each one entry with a unique id, a citation, a mode and requests;
// together they cover every operation of openapi.json and every spec-gaps entry observable with one user's token.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citation, coverageLines, ODDITY_KINDS, PROBES, RULES, UNOBSERVABLE_GAPS } from 'personal-ledger-sdk/parity';
import document from '../../openapi.json' with { type: 'json' };
import { ROOT } from '../server/support';

const operationIds = Object.values(document.paths as Record<string, Record<string, { operationId?: string }>>)
  .flatMap((item) => Object.values(item).map((operation) => operation.operationId))
  .filter((id): id is string => typeof id === 'string');
const gapNumbers = [...readFileSync(join(ROOT, 'docs/spec-gaps.md'), 'utf8').matchAll(/^### (\d+)\. /gm)].map((m) =>
  Number(m[1]),
);

describe('the probe catalogue', () => {
  it('has at least 60 probes, each with a unique `area.what` id, a title, a citation, a mode and at least one request', () => {
    expect(PROBES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(PROBES.map((p) => p.id)).size).toBe(PROBES.length);
    for (const probe of PROBES) {
      expect(probe.id).toMatch(/^[a-z]+\.[a-z0-9-]+$/);
      expect(probe.title.length, probe.id).toBeGreaterThan(10);
      expect(citation(probe), probe.id).not.toBe('');
      expect(['read', 'scratch', 'never']).toContain(probe.mode);
      expect(probe.steps.length, probe.id).toBeGreaterThan(0);
      expect(probe.compares.length, probe.id).toBeGreaterThan(5);
    }
  });

  it('is as large as README says', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(/it runs (\d+) probes/.exec(readme)?.[1]).toBe(String(PROBES.length));
  });

  it('covers every operation of openapi.json, and names only operations it has', () => {
    const exercised = new Set(PROBES.flatMap((p) => p.operations));
    expect(operationIds.filter((id) => !exercised.has(id))).toEqual([]);
    expect([...exercised].filter((id) => !operationIds.includes(id))).toEqual([]);
    // Every operation but POST /accounts (never sent to a target) is exercised by a probe that runs.
    const running = new Set(PROBES.filter((p) => p.mode !== 'never').flatMap((p) => p.operations));
    expect(operationIds.filter((id) => !running.has(id))).toEqual([]);
  });

  it('observes every docs/spec-gaps.md entry, or says why no probe can; never both', () => {
    expect(gapNumbers.length).toBeGreaterThanOrEqual(33); // numbered 1, 2, 3... with none missing
    expect(gapNumbers).toEqual(Array.from({ length: gapNumbers.length }, (_, i) => i + 1));
    const observed = new Set(PROBES.flatMap((p) => p.gaps));
    for (const gap of gapNumbers) {
      const unobservable = UNOBSERVABLE_GAPS[gap];
      expect(observed.has(gap) !== (unobservable !== undefined), `spec-gaps ${gap}`).toBe(true);
    }
    expect([...observed].filter((gap) => !gapNumbers.includes(gap))).toEqual([]);
  });

  it('gives every rule of the specification and every spec-gaps entry a coverage line: the probes that observe it, or why none can; never both', () => {
    const lines = coverageLines();
    expect(lines.map((l) => l.rule)).toEqual([...Object.keys(RULES), ...gapNumbers.map((gap) => `spec-gaps ${gap}`)]);
    for (const line of lines) {
      const observers = [...line.reading, ...line.read, ...line.scratch, ...line.webhooks];
      expect(observers.length > 0 !== (line.cannot !== undefined), line.rule).toBe(true);
    }
    // The odd answers of the reading cite rules too.
    for (const [kind, { rules }] of Object.entries(ODDITY_KINDS))
      for (const rule of rules) expect(Object.keys(RULES), kind).toContain(rule);
    // Only known rules are cited, and every probe that runs cites a rule or an entry.
    for (const probe of PROBES) {
      for (const rule of probe.rules) expect(Object.keys(RULES), probe.id).toContain(rule);
      if (probe.mode !== 'never') expect(probe.rules.length + probe.gaps.length, probe.id).toBeGreaterThan(0);
    }
  });

  it('reads before it writes: every read probe comes before the first scratch probe', () => {
    const firstScratch = PROBES.findIndex((p) => p.mode === 'scratch');
    expect(
      PROBES.slice(firstScratch)
        .filter((p) => p.mode === 'read')
        .map((p) => p.id),
    ).toEqual([]);
  });
});
