// A target that differs from the fake in one thing at a time: a proxy in front of ledger-mock (another process)
// changes a status, drops a header, renames a code, reorders a list, changes a type... Each change must be reported
// by the probe aimed at it (as `differs`, saying where) or by the reading of everything the token sees (as an odd
// answer); together the changes (these, read with the token alone, and divergences-write.test.ts's) break every rule
// the kit can observe. The suite prints how many of its divergences the kit caught.
import { describe, expect, it } from 'vitest';
import { coverageLines, PROBES } from 'personal-ledger-sdk/parity';
import { ODDITY_KINDS } from '../../reading/oddities';
import { COLUMN_READ_CASES, COLUMN_WRITE_CASES } from './divergences/columns';
import type { Case } from './divergences/kit';
import { REACH_READ_CASES, REACH_WRITE_CASES } from './divergences/reach';
import { READ_CASES } from './divergences/read';
import { STATE_CASES } from './divergences/states';
import { describeDivergences } from './divergences/suite';
import { WRITE_CASES } from './divergences/write';

describeDivergences('read', [...READ_CASES, ...REACH_READ_CASES, ...COLUMN_READ_CASES]);

describe('the divergences together', () => {
  it('break every rule and spec-gaps entry the kit can observe, in each column of the coverage table, each through a probe (or an odd answer) that cites it', () => {
    const cases: Case[] = [
      ...READ_CASES,
      ...REACH_READ_CASES,
      ...COLUMN_READ_CASES,
      ...WRITE_CASES,
      ...REACH_WRITE_CASES,
      ...COLUMN_WRITE_CASES,
      ...STATE_CASES,
    ];
    const cites = (c: Case, rule: string) =>
      c.odd
        ? (ODDITY_KINDS[c.odd].rules as readonly string[]).includes(rule)
        : (() => {
            const probe = PROBES.find((p) => p.id === c.probe)!;
            const gap = /^spec-gaps (\d+)$/.exec(rule);
            return gap ? probe.gaps.includes(Number(gap[1])) : (probe.rules as readonly string[]).includes(rule);
          })();
    const named = (c: Case) => c.breaks.map((b) => (typeof b === 'number' ? `spec-gaps ${b}` : b));
    // Each case breaks only what its catcher cites...
    expect(
      cases.flatMap((c) =>
        named(c)
          .filter((rule) => !cites(c, rule))
          .map((rule) => `${c.probe ?? c.odd}: ${rule} (${c.change})`),
      ),
    ).toEqual([]);
    // ...and every observable line is broken by one, in each column of the coverage table where it is observable: the
    // token alone (a probe that reads, or the reading's odd answers), a scratch account, a webhook subscription.
    const unbroken = coverageLines().flatMap((line) =>
      (
        [
          ['with the token alone', [...line.read, ...line.reading.map((kind) => `odd ${kind}`)]],
          ['with a scratch account', line.scratch],
          ['with a webhook subscription', line.webhooks],
        ] as const
      )
        .filter(([, catchers]) => catchers.length > 0)
        .filter(
          ([, catchers]) =>
            !cases.some(
              (c) =>
                named(c).includes(line.rule) &&
                (catchers as readonly string[]).includes(c.odd ? `odd ${c.odd}` : c.probe),
            ),
        )
        .map(([column]) => `${line.rule} (${column})`),
    );
    expect(unbroken).toEqual([]);
  });
});
