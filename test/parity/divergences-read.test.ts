// A target that differs from the fake in one thing at a time: a proxy in front of ledger-mock (another process)
// changes a status, drops a header, renames a code, reorders a list, changes a type... Each change must be reported
// by the probe aimed at it (as `differs`, saying where) or by the reading of everything the token sees (as an odd
// answer); together the changes (these, read with the token alone, and divergences-write.test.ts's) break every rule
// the kit can observe. The suite prints how many of its divergences the kit caught.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { TOKEN } from './support';

const { served, run } = describeDivergences('read', [...READ_CASES, ...REACH_READ_CASES, ...COLUMN_READ_CASES]);

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

describe('the token goes to the base URL given and nowhere else', { timeout: 60_000 }, () => {
  it('a service that redirects the requests with the token elsewhere (and HEAD and OPTIONS) to another server: that server gets nothing, the redirects are reported', async () => {
    const elsewhere: string[] = [];
    const other = createServer((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      res.end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const to = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      served.proxy.divergence = {
        request: (e) => {
          const placed =
            e.query.includes(TOKEN) ||
            (e.headers.cookie ?? '').includes(TOKEN) ||
            e.headers['x-api-key'] !== undefined ||
            (e.headers.authorization !== undefined && !/^bearer /i.test(e.headers.authorization));
          return placed || e.method === 'HEAD' || e.method === 'OPTIONS'
            ? { status: 307, headers: { location: `${to}${e.path}?${e.query}` }, body: '' }
            : e;
        },
      };
      const probes = ['auth.token-in-query', 'auth.token-in-cookie', 'auth.token-in-api-key-header', 'methods.me'];
      const result = await run('read', probes);
      expect(elsewhere).toEqual([]);
      for (const id of probes) {
        const probe = result.report.probes.find((p) => p.id === id)!;
        expect(probe.outcome, id).toBe('differs');
        expect(probe.target!.map((v) => v.status)).toContain(307);
      }
      expect(JSON.stringify(result.report)).not.toContain(TOKEN);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
