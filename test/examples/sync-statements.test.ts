// What sync-csv and sync-ofx (the work of examples/sync-statements.ts) say about the files they were given: what was
// read, written or would be, what was skipped and why, and each file refused in one line with exit 1.
// Folders, --json and --strict are ledger-sync's (test/sync/files.test.ts); these examples show the library calls.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main as syncCsv } from '../../examples/sync-csv.js';
import { main as syncOfx } from '../../examples/sync-ofx.js';
import { captureIo, dataFile, demoFake, OFFLINE, tempDir } from './support.js';

const OFFLINE_LINE = 'Using the built-in demo ledger (an offline fake; nothing leaves this machine).';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir()));
afterEach(() => dir.cleanup());

async function run(main: typeof syncCsv, argv: string[], fake = demoFake()) {
  const captured = captureIo({ fake });
  const code = await main(argv, OFFLINE, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), fake };
}

describe('no file could be read: exit 1, nothing written, never "up to date"', () => {
  it('sync-csv of a missing export: a summary of nothing, then the refusal in one line', async () => {
    const missing = await dir.file('nofile.csv');
    const { code, stdout, fake } = await run(syncCsv, [missing, '--bank', 'first-bank-us']);
    expect(code).toBe(1);
    const summary = 'Summary: wrote 0 balances to the built-in demo ledger (0 new, 0 changed, 0 already up to date).';
    expect(stdout.split('\n')).toEqual([
      OFFLINE_LINE,
      summary,
      expect.stringMatching(`^Refused ${missing}: cannot read it: ENOENT`),
      '',
    ]);
    expect(fake.control.journal.entries().filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('a folder is refused in one line, as a file that cannot be read', async () => {
    const { code, stdout } = await run(syncOfx, [dir.path]);
    expect(code).toBe(1);
    expect(stdout).toContain(`Refused ${dir.path}: cannot read it: EISDIR`);
  });
});

describe('one balance is "1 balance"', () => {
  it('read, would be written, written, and up to date on a rerun', async () => {
    const file = dataFile('statement-v1.ofx');
    const dry = await run(syncOfx, [file, '--dry-run']);
    expect(dry.stdout).toContain('Read statement-v1.ofx (OFX 1.x): 1 balance.\n');
    expect(dry.stdout).toContain(
      'Summary (dry run): 1 balance would be written (0 new, 1 changed, 0 already up to date); nothing was written.',
    );
    expect(dry.fake.control.journal.entries().filter((e) => e.method !== 'GET')).toEqual([]);
    const first = await run(syncOfx, [file]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      'Summary: wrote 1 balance to the built-in demo ledger (0 new, 1 changed, 0 already up to date).',
    );
    const again = await run(syncOfx, [file], first.fake);
    expect(again.stdout).toContain(
      'Summary: wrote 0 balances to the built-in demo ledger (0 new, 0 changed, 1 already up to date).',
    );
  });
});

describe('sync-csv: skipped lines and refused exports', () => {
  it('a dry run of the First Bank sample: would create the account, counts by action, the skipped lines in order', async () => {
    const { code, stdout, fake } = await run(syncCsv, [
      dataFile('first-bank-balances.csv'),
      '--bank',
      'first-bank-us',
      '--dry-run',
    ]);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      OFFLINE_LINE,
      'Would create ledger account "First Bank money market" (Cash, asset).',
      'Read first-bank-balances.csv (CSV (First Bank (US))): 8 balances.',
      'Summary (dry run): 6 balances would be written (5 new, 1 changed, 2 already up to date); nothing was written.',
      'Skipped first-bank-balances.csv line 14: no mapping for this label (banks.first-bank-us.accounts)',
      'Skipped first-bank-balances.csv line 15: "Pending" is not a MM/DD/YYYY date',
      '',
    ]);
    expect(fake.control.journal.entries().filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('a day whose order cannot be told is skipped, with the lines and the reason, and not written', async () => {
    const file = await dir.file(
      'one-day.csv',
      [
        'x',
        'x',
        'x',
        '',
        'Account,Account Number,Date,Ledger Balance',
        'Joint Savings,1,10/31/2026,"1.00"',
        'Joint Savings,1,10/31/2026,"2.00"',
        'Total',
      ].join('\n'),
    );
    const { code, stdout } = await run(syncCsv, [file, '--bank', 'first-bank-us']);
    expect(code).toBe(0);
    expect(stdout).toContain('Summary: wrote 0 balances');
    expect(stdout).toMatch(
      /^Skipped one-day\.csv lines 6, 7: .*the order of lines 6, 7 \(2026-10-31\) cannot be established/m,
    );
  });

  it('an export the profile does not fit is refused (exit 1), naming what is missing', async () => {
    const file = dataFile('banca-aurora-saldi.csv');
    const { code, stdout } = await run(syncCsv, [file, '--bank', 'first-bank-us']);
    expect(code).toBe(1);
    expect(stdout).toMatch(new RegExp(`^Refused ${file}: .*no column "Account" in the column header on line 5`, 'm'));
  });
});

describe('sync-ofx: good, investment, unmapped, refused, each in its place', () => {
  it('writes the mapped, skips the unmapped by ACCTID, refuses a CSV and a missing file: exit 1', async () => {
    const good = [dataFile('statement-v1.ofx'), dataFile('statement-v2.qfx'), dataFile('investment.ofx')];
    const unmapped = await dir.file(
      'unmapped.ofx',
      'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>99990000<ACCTTYPE>SAVINGS</BANKACCTFROM><LEDGERBAL><BALAMT>5<DTASOF>20261031</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    );
    const missing = await dir.file('missing.ofx');
    const csv = dataFile('first-bank-balances.csv');
    const { code, stdout } = await run(syncOfx, [...good, unmapped, csv, missing, '--dry-run']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'Summary (dry run): 3 balances would be written (0 new, 3 changed, 0 already up to date); nothing was written.',
    );
    expect(stdout).toContain('Skipped unmapped.ofx statement 1: ACCTID …0000 is not in mapping.json (ofx_accounts)');
    expect(stdout).toContain(`Refused ${csv}: not an OFX, camt or MT940 file`);
    expect(stdout).toContain(`Refused ${missing}: cannot read it: ENOENT`);
  });
});

describe('a ledger account to create in a category the ledger does not have', () => {
  it('stops in one line naming the category and the account (exit 1), writing no balance', async () => {
    const mapping = await dir.file(
      'mapping.json',
      JSON.stringify({
        ofx_accounts: { '000123451234': { account: 'New account', category: 'Nope', category_type: 'asset' } },
      }),
    );
    const { code, stdout, stderr, fake } = await run(syncOfx, [dataFile('statement-v1.ofx'), '--mapping', mapping]);
    expect([code, stderr]).toEqual([
      1,
      'Error: no category "Nope" (asset) in the ledger to create the account "New account" in\n',
    ]);
    expect(stdout).toBe(`${OFFLINE_LINE}\n`);
    expect(fake.control.journal.entries().filter((e) => e.method !== 'GET')).toEqual([]);
  });
});
