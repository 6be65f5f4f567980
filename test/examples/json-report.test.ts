// `--dry-run --json` for scripts, tested by running the command lines as a user would (node with tsx, the built-in
// demo ledger): stdout is exactly one JSON object, everything for people goes to stderr, exit codes as documented.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFile, runExample as run } from './support.js';

/** stdout must be one JSON object and nothing else. */
function onlyJson(stdout: string): { rows: Array<Record<string, unknown>>; skipped: Array<Record<string, unknown>>; refused: Array<Record<string, unknown>> } {
  const parsed = JSON.parse(stdout);
  expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)).toBe(true);
  expect(Object.keys(parsed)).toEqual(['rows', 'skipped', 'refused']);
  return parsed;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledger-json-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// Each test is its own process on its own files: the tests of both blocks run at once.
describe('sync-csv --dry-run --json', { timeout: 70_000, concurrent: true }, () => {
  it('the First Bank sample: rows with their action and source, skipped lines with their reason; people\'s output on stderr', async () => {
    const file = dataFile('first-bank-balances.csv');
    const { code, stdout, stderr } = await run('sync-csv.ts', [file, '--bank', 'first-bank-us', '--dry-run', '--json']);
    expect(code).toBe(0);
    const report = onlyJson(stdout);
    expect(report.rows).toHaveLength(8);
    expect(report.rows[0]).toEqual({ account: 'Everyday checking', date: '2026-10-29', balance: 2795.4, action: 'new', source: `${file} line 6` });
    expect(report.rows.find((r) => r.source === `${file} line 8`)).toMatchObject({ action: 'unchanged', balance: 2841.25 });
    expect(report.rows.find((r) => r.source === `${file} line 10`)).toMatchObject({ account: 'Joint savings', action: 'changed', balance: 13712.48 });
    expect(report.skipped).toEqual([
      { source: `${file} line 14`, reason: 'no mapping for this label (banks.first-bank-us.accounts)' },
      { source: `${file} line 15`, reason: '"Pending" is not a MM/DD/YYYY date' },
    ]);
    expect(report.refused).toEqual([]);
    expect(stderr).toContain('Read first-bank-balances.csv (CSV (First Bank (US))): 8 balances.');
    expect(stderr).toContain('Summary (dry run): 6 balances would be written');
  });

  it('the newest-first Atruvia export: one row per account and day, each the day\'s closing balance', async () => {
    const file = dataFile('banks/atruvia-de.csv');
    const { code, stdout } = await run('sync-csv.ts', [file, '--bank', 'atruvia-de', '--dry-run', '--json']);
    expect(code).toBe(0);
    expect(onlyJson(stdout).rows.map((r) => [r.account, r.date, r.balance, r.source])).toEqual([
      ['Volksbank Girokonto', '2026-12-02', 10331.21, `${file} line 2`],
      ['Volksbank Girokonto', '2026-12-01', 9161.21, `${file} line 4`],
      ['Volksbank Girokonto', '2026-11-28', 9479.22, `${file} line 7`],
      ['Volksbank Girokonto', '2026-11-27', 9485.22, `${file} line 8`],
      ['Volksbank Tagesgeld', '2026-12-01', 5501.25, `${file} line 9`],
    ]);
  });

  it('a day whose order cannot be told is in skipped, with the lines and the reason', async () => {
    const file = join(dir, 'one-day.csv');
    await writeFile(file, ['x', 'x', 'x', '', 'Account,Account Number,Date,Ledger Balance', 'Joint Savings,1,10/31/2026,"1.00"', 'Joint Savings,1,10/31/2026,"2.00"', 'Total'].join('\n'));
    const { code, stdout } = await run('sync-csv.ts', [file, '--bank', 'first-bank-us', '--dry-run', '--json', '--strict']);
    expect(code).toBe(1);
    const report = onlyJson(stdout);
    expect(report.rows).toEqual([]);
    expect(report.skipped).toEqual([{ source: `${file} lines 6, 7`, reason: expect.stringContaining('the order of lines 6, 7 (2026-10-31) cannot be established') }]);
  });

  it('a refused export: exit 1, the file and reason in refused', async () => {
    const file = dataFile('banca-aurora-saldi.csv');
    const { code, stdout, stderr } = await run('sync-csv.ts', [file, '--bank', 'first-bank-us', '--dry-run', '--json']);
    expect(code).toBe(1);
    expect(onlyJson(stdout)).toEqual({ rows: [], skipped: [], refused: [{ file, reason: expect.stringContaining('no column "Account" in the column header on line 5') }] });
    expect(stderr).toContain(`Refused ${file}:`);
  });

  it('--json without --dry-run refuses to start: exit 2, nothing on stdout', async () => {
    const { code, stdout, stderr } = await run('sync-csv.ts', [dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us', '--json']);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain('--json goes with --dry-run');
  });
});

describe('sync-ofx --dry-run --json', { timeout: 70_000, concurrent: true }, () => {
  it('good, investment, refused and unmapped: each in its place; exit 1 because a file was refused', async () => {
    const good = [dataFile('statement-v1.ofx'), dataFile('statement-v2.qfx'), dataFile('investment.ofx')];
    const unmapped = join(dir, 'unmapped.ofx');
    await writeFile(unmapped, 'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>99990000<ACCTTYPE>SAVINGS</BANKACCTFROM><LEDGERBAL><BALAMT>5<DTASOF>20261031</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
    const missing = join(dir, 'missing.ofx');
    const { code, stdout, stderr } = await run('sync-ofx.ts', [...good, unmapped, missing, '--dry-run', '--json']);
    expect(code).toBe(1);
    const report = onlyJson(stdout);
    expect(report.rows).toEqual([
      { account: 'Everyday checking', date: '2026-10-31', balance: 2866.4, action: 'changed', source: `${good[0]} statement 1` },
      { account: 'Credit card', date: '2026-10-31', balance: -1119.29, action: 'changed', source: `${good[1]} statement 1` },
      { account: 'Brokerage', date: '2026-10-31', balance: 6052.9, action: 'changed', source: `${good[2]} statement 1` },
    ]);
    expect(report.skipped).toEqual([{ source: `${unmapped} statement 1`, reason: 'ACCTID …0000 is not in mapping.json (ofx_accounts)' }]);
    expect(report.refused).toEqual([{ file: missing, reason: expect.stringContaining('cannot read it: ENOENT') }]);
    expect(stderr).toContain('Summary (dry run): 3 balances would be written (0 new, 3 changed, 0 already up to date); nothing was written.');
    expect(stderr).toContain(`Refused ${missing}: cannot read it: ENOENT`);
  });
});
