// The real bank layouts shipped with personal-ledger-sdk/statements (statements/csv/bank-profiles.json): each is
// documented (bank, what is special, where it was learned), has its own made-up fixture in that layout, syncs through
// ledger-sync to the closing balances below, and is in the layout table of docs/statements.md.
import { access, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BANK_LAYOUTS } from 'personal-ledger-sdk/statements';
import { balancesNamed, demoFake, MAPPING, runSync } from './support';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** What each fixture must sync to: ledger account -> { day: closing balance }, and the lines it must list as skipped. */
const EXPECTED: Record<string, { balances: Record<string, Record<string, number>>; skipped?: string[] }> = {
  'atruvia-de': {
    balances: {
      'Volksbank Girokonto': {
        '2026-11-27': 9485.22,
        '2026-11-28': 9479.22,
        '2026-12-01': 9161.21,
        '2026-12-02': 10331.21,
      },
      'Volksbank Tagesgeld': { '2026-12-01': 5501.25 },
    },
  },
  'ing-de': { balances: { 'ING Girokonto': { '2026-12-04': 12480.35 } } },
  'dkb-de': { balances: { 'DKB Girokonto': { '2026-12-04': 3512.08 } } },
  'deutsche-bank-de': { balances: { 'Deutsche Bank Girokonto': { '2026-11-30': 4210.55 } } },
  'chase-us': {
    balances: { 'Chase checking': { '2026-12-01': 1466, '2026-12-02': 1461.25, '2026-12-03': 2841.25 } },
    skipped: ['no balance on this line (pending lines have none)'],
  },
  'bofa-us': {
    balances: {
      'BofA checking': {
        '2026-11-01': 3179.18,
        '2026-11-03': 4554.18,
        '2026-11-14': 3899.79,
        '2026-11-28': 5214.79,
        '2026-11-30': 5214.79,
      },
    },
  },
  'schwab-us': {
    balances: { 'Schwab checking': { '2026-12-01': 3920, '2026-12-02': 3860, '2026-12-04': 5917.9 } },
    skipped: ['no balance on this line (pending lines have none)'],
  },
  paypal: {
    balances: {
      'PayPal USD': { '2026-11-02': 100, '2026-11-03': 76.5, '2026-11-05': 76.5 },
      'PayPal EUR': { '2026-11-04': 40 },
    },
  },
  'lloyds-uk': {
    balances: {
      'Lloyds current account': { '2026-12-03': 253.8, '2026-12-04': 1441.3 },
      'Lloyds savings': { '2026-12-01': 2503.12 },
    },
  },
  'nationwide-uk': { balances: { 'Nationwide FlexAccount': { '2026-12-01': 1203.41, '2026-12-02': 1441.01 } } },
  'starling-uk': { balances: { 'Starling current account': { '2026-12-01': 1500, '2026-12-02': 1495.5 } } },
  'rabobank-nl': { balances: { 'Rabobank betaalrekening': { '2026-12-01': 1970.45, '2026-12-02': 1938.35 } } },
};

describe('the shipped bank layouts: real, documented', () => {
  it('at least eight layouts of well-known banks in at least three countries, the Atruvia layout among them', () => {
    expect(BANK_LAYOUTS.size).toBeGreaterThanOrEqual(8);
    expect(new Set([...BANK_LAYOUTS.values()].map((p) => p.country)).size).toBeGreaterThanOrEqual(3);
    expect([...BANK_LAYOUTS.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('each names its bank, what is special, where it was learned (repository: path), and a fixture that exists', async () => {
    for (const [id, p] of BANK_LAYOUTS) {
      expect(p.bank.length > 0 && p.special.length > 0 && p.country.length === 2, id).toBe(true);
      expect(
        p.learned_from.every((source) => /^[\w.-]+\/[\w.-]+: \S/.test(source)),
        id,
      ).toBe(true);
      await access(repo(p.fixture));
    }
  });

  it("each layout's encoding is one TextDecoder reads (checked here: loading the package touches no global)", () => {
    for (const [id, p] of BANK_LAYOUTS) expect(() => new TextDecoder(p.profile.encoding), id).not.toThrow();
  });

  it('docs/statements.md has a row for each in its layout table, with the bank', async () => {
    const doc = await readFile(repo('docs/statements.md'), 'utf8');
    for (const [id, p] of BANK_LAYOUTS) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${id}\` |`));
      expect(row, id).toBeDefined();
      expect(row).toContain(p.bank.split(/[,(]/)[0]!.trim());
    }
  });
});

describe.each(Object.entries(EXPECTED))('%s: its fixture syncs to the closing balance of each day', (id, expected) => {
  it('exit 0; every day and account as expected; the skipped lines, and only them', async () => {
    const fake = demoFake();
    const { code, stdout, stderr } = await runSync(
      [repo(BANK_LAYOUTS.get(id)!.fixture), '--bank', id, '--mapping', MAPPING, '--demo', '--json'],
      { fake },
    );
    expect([code, stderr.includes('Error')]).toEqual([0, false]);
    for (const [name, days] of Object.entries(expected.balances))
      expect(Object.fromEntries(await balancesNamed(fake, name)), name).toEqual(days);
    const report = JSON.parse(stdout) as { skipped: Array<{ reason: string }> };
    expect(report.skipped.map((s) => s.reason)).toEqual(expected.skipped ?? []);
  });
});
