// A service that answers oddly while the kit reads what the token sees: each odd answer is reported with its
// evidence (masked as every answer is) and the run goes on with what it can use: exit 1 with the report, never 2.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runParity, type ParityReport } from 'personal-ledger-sdk/parity';
import { DEMO_IDS } from 'personal-ledger-sdk/mocks';
import { jsonOf, ledgerMockBehindProxyForThisFile, runParityCli, TOKEN, withJson, type Divergence } from './support';

const served = ledgerMockBehindProxyForThisFile();
afterEach(() => {
  served.proxy.divergence = {};
});

const API = '/api/public/v1';
/** GET /accounts with its first account listed again at the end, as a shared one. */
const listedTwice: Divergence = {
  response: (e, r) => {
    if (e.method !== 'GET' || e.path !== `${API}/accounts` || r.status !== 200) return r;
    const accounts = jsonOf(r).accounts as Array<Record<string, unknown>>;
    return withJson(r, { accounts: [...accounts, { ...accounts[0], visibility: 'shared_read_only' }] });
  },
};

describe('odd answers while reading what the token sees', { timeout: 120_000 }, () => {
  it('an account listed twice (once owned, once shared): the CLI reports it with the evidence and exits 1, never 2', async () => {
    served.proxy.divergence = listedTwice;
    const json = join(mkdtempSync(join(tmpdir(), 'ledger-parity-odd-')), 'report.json');
    const report = join(json, '..', 'report.md');
    const run = await runParityCli([
      '--base-url',
      served.proxy.url,
      '--rate',
      '1000',
      '--json',
      json,
      '--report',
      report,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^ledger-parity: \d+ same, 1 differ, \d+ skipped \(of \d+ probes\); 1 odd answer$/m);
    expect(run.stdout).toContain(
      `odd answer (before): listed-twice: GET ${API}/accounts: account ${DEMO_IDS.accounts.everydayChecking} is listed twice (positions 0 and 7), differing in visibility; the first (position 0) is used`,
    );
    const parsed = JSON.parse(readFileSync(json, 'utf8')) as ParityReport;
    // Met again by the final read, it is reported once; the evidence is masked like any answer (no account name).
    expect(parsed.oddities).toMatchObject([
      {
        kind: 'listed-twice',
        read: 'before',
        evidence: {
          first: { name: 'Account 1', visibility: 'private' },
          again: { name: 'Account 1', visibility: 'shared_read_only' },
        },
      },
    ]);
    expect(parsed.probes.find((p) => p.id === 'accounts.list')).toMatchObject({ outcome: 'differs' });
    expect(readFileSync(report, 'utf8')).toMatch(/## Odd answers[\s\S]*\*\*listed-twice\*\* \(before\)/);
    for (const text of [run.stdout, run.stderr, readFileSync(json, 'utf8'), readFileSync(report, 'utf8')]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('Everyday checking');
    }
  });

  it('snapshots of an account the listing does not show, and a page of snapshots that repeats: each reported, the rest compared', async () => {
    served.proxy.divergence = {
      response: (e, r) => {
        if (e.method !== 'GET' || r.status !== 200) return r;
        if (e.path === `${API}/accounts`)
          return withJson(r, {
            accounts: (jsonOf(r).accounts as Array<{ id: string }>).filter((a) => a.id !== DEMO_IDS.accounts.brokerage),
          });
        if (e.path === `${API}/snapshots` && e.query === '') {
          const snapshots = jsonOf(r).snapshots as unknown[];
          return withJson(r, { snapshots: [...snapshots, ...snapshots.slice(0, 5)] });
        }
        return r;
      },
    };
    const result = await runParity({
      baseUrl: served.proxy.url,
      token: TOKEN,
      rate: Number.POSITIVE_INFINITY,
      only: ['me.identity'],
    });
    expect(result.report.oddities.map((o) => [o.kind, o.read])).toEqual([
      ['repeated-page', 'before'],
      ['unlisted-account', 'before'],
    ]);
    expect(result.report.oddities[1]!.what).toMatch(
      new RegExp(`of account ${DEMO_IDS.accounts.brokerage}, which the account listing does not hold`),
    );
    expect(result.report.probes.find((p) => p.id === 'me.identity')).toMatchObject({ outcome: 'same' });
    expect(result.exitCode).toBe(1);
  });
});
