// The real bank layouts of examples/data/bank-profiles.json: each is documented (bank, what is special, where it was
// learned), has its own made-up fixture in that layout, syncs to the closing balances below, and is in the profile
// table of examples/README.md.
import { access, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBankProfiles } from '../../examples/lib/mapping.js';
import { main } from '../../examples/sync-csv.js';
import { balancesOf, captureIo, demoFake, OFFLINE } from './support.js';

const examples = (path: string) => fileURLToPath(new URL(`../../examples/${path}`, import.meta.url));

/** What each fixture must sync to: ledger account -> { day: closing balance }, and the lines it must list as skipped. */
const EXPECTED: Record<string, { balances: Record<string, Record<string, number>>; skipped?: string[] }> = {
  'atruvia-de': {
    balances: {
      'Volksbank Girokonto': { '2026-11-27': 9485.22, '2026-11-28': 9479.22, '2026-12-01': 9161.21, '2026-12-02': 10331.21 },
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
  'bofa-us': { balances: { 'BofA checking': { '2026-11-01': 3179.18, '2026-11-03': 4554.18, '2026-11-14': 3899.79, '2026-11-28': 5214.79, '2026-11-30': 5214.79 } } },
  'schwab-us': {
    balances: { 'Schwab checking': { '2026-12-01': 3920, '2026-12-02': 3860, '2026-12-04': 5917.9 } },
    skipped: ['no balance on this line (pending lines have none)'],
  },
  paypal: { balances: { 'PayPal USD': { '2026-11-02': 100, '2026-11-03': 76.5, '2026-11-05': 76.5 }, 'PayPal EUR': { '2026-11-04': 40 } } },
  'lloyds-uk': { balances: { 'Lloyds current account': { '2026-12-03': 253.8, '2026-12-04': 1441.3 }, 'Lloyds savings': { '2026-12-01': 2503.12 } } },
  'nationwide-uk': { balances: { 'Nationwide FlexAccount': { '2026-12-01': 1203.41, '2026-12-02': 1441.01 } } },
  'starling-uk': { balances: { 'Starling current account': { '2026-12-01': 1500, '2026-12-02': 1495.5 } } },
  'rabobank-nl': { balances: { 'Rabobank betaalrekening': { '2026-12-01': 1970.45, '2026-12-02': 1938.35 } } },
};

let profiles: Map<string, Record<string, unknown>>;
beforeAll(async () => {
  profiles = await loadBankProfiles();
});

describe('bank-profiles.json: real layouts, documented', () => {
  it('at least eight layouts of well-known banks in at least three countries, the Atruvia layout among them', () => {
    expect(profiles.size).toBeGreaterThanOrEqual(8);
    expect(new Set([...profiles.values()].map((p) => p.country)).size).toBeGreaterThanOrEqual(3);
    expect(profiles.has('atruvia-de')).toBe(true);
    expect([...profiles.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('each names its bank, what is special, where it was learned (repository: path), and a fixture that exists', async () => {
    for (const [id, p] of profiles) {
      expect(typeof p.bank === 'string' && typeof p.special === 'string' && typeof p.country === 'string', id).toBe(true);
      expect((p.learned_from as string[]).every((source) => /^[\w.-]+\/[\w.-]+: \S/.test(source)), id).toBe(true);
      await access(examples(p.fixture as string));
    }
  });

  it('examples/README.md has a row for each in its profile table, with the bank', async () => {
    const readme = await readFile(examples('README.md'), 'utf8');
    for (const [id, p] of profiles) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${id}\` |`));
      expect(row, id).toBeDefined();
      expect(row).toContain((p.bank as string).split(/[,(]/)[0]!.trim());
    }
  });
});

describe.each(Object.entries(EXPECTED))('%s: its fixture syncs to the closing balance of each day', (id, expected) => {
  it('exit 0; every day and account as expected; the skipped lines, and only them', async () => {
    const fake = demoFake();
    const captured = captureIo({ fake });
    const fixture = examples(profiles.get(id)!.fixture as string);
    const code = await main([fixture, '--bank', id], OFFLINE, captured.io);
    expect([code, captured.stderr()]).toEqual([0, '']);
    const accounts = await fake.control.listAccounts();
    for (const [name, days] of Object.entries(expected.balances)) {
      const account = accounts.find((a) => a.name === name);
      expect(account, name).toBeDefined();
      expect(Object.fromEntries(await balancesOf(fake, account!.id))).toEqual(days);
    }
    const skipped = expected.skipped ?? [];
    expect(captured.stdout()).toContain(`; ${skipped.length === 1 ? '1 line' : `${skipped.length} lines`} skipped.`);
    for (const reason of skipped) expect(captured.stdout()).toContain(reason);
  });
});
