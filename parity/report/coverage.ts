// The rule coverage: one line per rule of the specification (RULES) and per docs/spec-gaps.md entry, with the odd
// answers of the reading and the probes that observe it, by what they need (one token, a scratch account, a webhook subscription in the household), or why
// none can. docs/parity.md's coverage table and every report's counts are made from the probes' own citations.
import { ODDITY_KINDS } from '../../reading/oddities';
import { PROBES } from '../probes';
import { RULES, type SpecRule } from '../probes/rules';
import type { Probe } from '../probes/types';
import { UNOBSERVABLE_GAPS } from '../probes/unobservable';
import type { ProbeResult } from './types';

/** One line of the coverage table. */
export interface CoverageLine {
  /** The rule's citation (`§4 GET /me`) or `spec-gaps N`. */
  rule: string;
  /** The odd answers of the reading of everything the token sees (before and after the probes) that show it broken. */
  reading: string[];
  /** The probes that observe it with the token alone (GET, and requests that carry no valid token). */
  read: string[];
  /** ... that need a scratch account (writes). */
  scratch: string[];
  /** ... that need a webhook subscription in the household too. */
  webhooks: string[];
  /** Why no probe can observe it. */
  cannot?: string;
}

/** Every line: the rules in the specification's order, then the spec-gaps entries by number. */
export function coverageLines(probes: readonly Probe[] = PROBES): CoverageLine[] {
  const line = (rule: string, cites: (probe: Probe) => boolean, cannot: string | undefined): CoverageLine => {
    const running = probes.filter((p) => p.mode !== 'never' && cites(p));
    return {
      rule,
      reading: Object.entries(ODDITY_KINDS)
        .filter(([, kind]) => (kind.rules as readonly string[]).includes(rule))
        .map(([name]) => name),
      read: running.filter((p) => p.mode === 'read').map((p) => p.id),
      scratch: running.filter((p) => p.mode === 'scratch' && !p.webhooks).map((p) => p.id),
      webhooks: running.filter((p) => p.webhooks).map((p) => p.id),
      ...(cannot !== undefined ? { cannot } : {}),
    };
  };
  const gaps = [...new Set([...probes.flatMap((p) => p.gaps), ...Object.keys(UNOBSERVABLE_GAPS).map(Number)])].sort(
    (a, b) => a - b,
  );
  return [
    ...Object.entries(RULES as Record<string, SpecRule>).map(([rule, { cannot }]) =>
      line(rule, (p) => (p.rules as readonly string[]).includes(rule), cannot),
    ),
    ...gaps.map((gap) => line(`spec-gaps ${gap}`, (p) => p.gaps.includes(gap), UNOBSERVABLE_GAPS[gap])),
  ];
}

/** The lines' probes, all of them. */
export function probesOf(line: CoverageLine): string[] {
  return [...line.read, ...line.scratch, ...line.webhooks];
}

/** True when the reading or a probe can observe the line. */
export function observable(line: CoverageLine): boolean {
  return line.reading.length > 0 || probesOf(line).length > 0;
}

/** How many lines a run observed (a probe of theirs ran), skipped (none ran), or cannot observe (no probe). */
export function coverageCounts(results: readonly ProbeResult[]): {
  observed: number;
  skipped: number;
  not_observable: number;
} {
  const ran = new Set(results.filter((r) => r.outcome !== 'skipped').map((r) => r.id));
  const counts = { observed: 0, skipped: 0, not_observable: 0 };
  for (const line of coverageLines()) {
    // The reading runs on every run (a recording holds what it met).
    if (!observable(line)) counts.not_observable += 1;
    else if (line.reading.length > 0 || probesOf(line).some((id) => ran.has(id))) counts.observed += 1;
    else counts.skipped += 1;
  }
  return counts;
}
