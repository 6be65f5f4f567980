import { readFile } from 'node:fs/promises';
import { DEMO_IDS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../examples/sync-csv.js';
import { accountNamed, balancesOf, captureIo, dataFile, demoFake, OFFLINE, tempDir } from './support.js';

const A = DEMO_IDS.accounts;
const FIRST_BANK = [dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us'];
const AURORA = [dataFile('banca-aurora-saldi.csv'), '--bank', 'banca-aurora-it'];

let fake: LedgerMock;
beforeEach(() => {
  fake = demoFake();
});

async function sync(argv: string[]) {
  const captured = captureIo({ fake });
  const code = await main(argv, OFFLINE, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

const writes = () => fake.control.journal.entries().filter((e) => e.method !== 'GET');

describe('sync-csv: a real run writes new and changed balances, creates missing accounts, reports skipped lines', () => {
  it('syncs the First Bank export into the ledger', async () => {
    const { code, stdout, stderr } = await sync(FIRST_BANK);
    expect(stderr).toBe('');
    expect(code).toBe(0);

    const checking = await balancesOf(fake, A.everydayChecking);
    expect(['2026-10-29', '2026-10-30', '2026-10-31'].map((d) => checking.get(d))).toEqual([2795.4, 4045.4, 2841.25]);
    const savings = await balancesOf(fake, A.jointSavings);
    expect([savings.get('2026-10-30'), savings.get('2026-10-31')]).toEqual([13650, 13712.48]);
    const card = await balancesOf(fake, A.creditCard);
    expect([card.get('2026-10-30'), card.get('2026-10-31')]).toEqual([-1005.31, -1029.3]);

    const moneyMarket = (await fake.control.listAccounts()).find((a) => a.name === 'First Bank money market');
    expect(moneyMarket).toMatchObject({ category_id: DEMO_IDS.categories.cash, institution_name: 'First Bank', owner_user_id: DEMO_IDS.users.alex });
    expect(await balancesOf(fake, moneyMarket!.id)).toEqual(new Map([['2026-10-31', 25104.17]]));

    // Only the 6 new or changed rows were sent, in one bulk call; the 2 unchanged ones were not.
    const bulk = writes().filter((e) => e.operationId === 'bulkUpsertSnapshots');
    expect(bulk).toHaveLength(1);
    expect(fake.control.events.list().at(-1)?.event.data.snapshots).toHaveLength(6);

    expect(stdout).toContain('Read first-bank-balances.csv (First Bank (US)): 8 balances for 4 accounts, 2026-10-29 to 2026-10-31; 2 lines skipped.');
    expect(stdout).toContain('Created ledger account "First Bank money market" (Cash, asset).');
    expect(stdout).toContain('Summary: wrote 6 balances to the built-in demo ledger (5 new, 1 changed, 2 already up to date).');
    expect(stdout).toContain(
      [
        '2 lines skipped:',
        '  Line  Label              Date        Balance    Reason',
        '    14  Brokerage Link     2026-10-31  35,014.05  no mapping for this label (banks.first-bank-us.accounts)',
        '    15  Everyday Checking  Pending     2,777.05   "Pending" is not a MM/DD/YYYY date',
      ].join('\n'),
    );
  });

  it('running the same file twice changes nothing the second time, and says so', async () => {
    expect((await sync(FIRST_BANK)).code).toBe(0);
    const before = await fake.control.dump();
    const writesBefore = writes().length;

    const second = await sync(FIRST_BANK);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to write: all 8 balances already up to date.');
    expect(second.stdout).not.toContain('Created ledger account');
    expect(writes()).toHaveLength(writesBefore);
    const after = await fake.control.dump();
    expect(after.snapshots).toEqual(before.snapshots);
    expect(after.accounts).toEqual(before.accounts);
  });

  it('syncs the Banca Aurora export: BOM, ";", decimal commas, trailing minus, DD/MM/YYYY', async () => {
    const { code, stdout } = await sync(AURORA);
    expect(code).toBe(0);
    const current = await accountNamed(fake, 'Aurora current account');
    const card = (await fake.control.listAccounts()).find((a) => a.name === 'Aurora credit card');
    expect(card?.category_id).toBe(DEMO_IDS.categories.creditCard);
    expect(await balancesOf(fake, current!)).toEqual(
      new Map([
        ['2026-09-30', 1980.4],
        ['2026-10-15', 2415.1],
        ['2026-10-31', 12210.95],
      ]),
    );
    expect(await balancesOf(fake, card!.id)).toEqual(
      new Map([
        ['2026-09-30', -312.4],
        ['2026-10-31', -1204.17],
      ]),
    );
    expect(stdout).toContain('Summary: wrote 6 balances to the built-in demo ledger (6 new, 0 changed, 0 already up to date).');
    expect(stdout).toMatch(/ {4}14 {2}Conto deposito {2}31\/10\/2026 {2}n\.d\. {5}"n\.d\." is not an amount like 1\.234,56/);
  });

  it('--strict exits 1 when a line was skipped (after writing the rest), and says why on stderr', async () => {
    const { code, stdout, stderr } = await sync([...FIRST_BANK, '--strict']);
    expect(code).toBe(1);
    expect(stdout).toContain('Summary: wrote 6 balances');
    expect(stderr).toBe('Exiting with status 1 because --strict and 2 lines were skipped (listed above).\n');
  });
});

describe('sync-csv --dry-run: compares with the stored snapshots and writes nothing', () => {
  it('prints what would be inserted, changed or left alone, and which account would be created', async () => {
    const accountsBefore = await fake.control.listAccounts();
    const { code, stdout } = await sync([...FIRST_BANK, '--dry-run']);
    expect(code).toBe(0);
    expect(writes()).toEqual([]);
    expect(await fake.control.listAccounts()).toEqual(accountsBefore);
    // One GET /snapshots per existing account, over the file's dates for that account.
    const reads = fake.control.journal.entries().filter((e) => e.operationId === 'listSnapshots').map((e) => e.path);
    expect(reads).toContain(`/api/public/v1/snapshots?account_id=${A.everydayChecking}&from=2026-10-29&to=2026-10-31`);
    expect(reads).toHaveLength(3);

    expect(stdout).toContain('Dry run: comparing with the ledger, writing nothing.');
    expect(stdout).toContain('Would create ledger account "First Bank money market" (Cash, asset).');
    expect(stdout).toContain(
      [
        '  Action     Account                  Date          Balance     Stored  Line',
        '  new        Everyday checking        2026-10-29   2,795.40                6',
        '  new        Everyday checking        2026-10-30   4,045.40                7',
        '  unchanged  Everyday checking        2026-10-31   2,841.25   2,841.25     8',
        '  new        Joint savings            2026-10-30  13,650.00                9',
        '  changed    Joint savings            2026-10-31  13,712.48  13,650.00    10',
      ].join('\n'),
    );
    expect(stdout).toContain('Summary (dry run): 6 balances would be written (5 new, 1 changed, 2 already up to date); nothing was written.');
  });
});

describe('sync-csv: rows the ledger refuses, duplicates and estimates', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => dir.cleanup());

  async function withMapping(edit: (mapping: { banks: Record<string, { accounts: Record<string, unknown> }> }) => void) {
    const mapping = JSON.parse(await readFile(dataFile('mapping.json'), 'utf8'));
    edit(mapping);
    return dir.file('mapping.json', JSON.stringify(mapping));
  }

  it('lists rows the ledger refused (an account visible but not writable) by their line', async () => {
    await fake.control.createAccount({
      userId: DEMO_IDS.users.sam,
      name: "Sam's savings",
      categoryId: DEMO_IDS.categories.cash,
      visibility: 'shared_read_only',
    });
    const mapping = await withMapping((m) => {
      m.banks['first-bank-us']!.accounts['Joint Savings'] = { account: "Sam's savings", category: 'Cash', category_type: 'asset' };
    });
    const { code, stdout } = await sync([...FIRST_BANK, '--mapping', mapping]);
    expect(code).toBe(0);
    expect(stdout).toContain('4 lines skipped:');
    expect(stdout).toMatch(/ {5}9 {2}Joint Savings .* the ledger refused it: account not found or not writable/);
    expect(stdout).toMatch(/ {4}10 {2}Joint Savings .* the ledger refused it: account not found or not writable/);
    expect(stdout).toContain('; 2 refused by the ledger.');
  });

  it('reports an account it cannot create (no such category) and an ambiguous name, line by line', async () => {
    await fake.control.createAccount({ userId: DEMO_IDS.users.alex, name: 'Everyday checking', categoryId: DEMO_IDS.categories.cash });
    const mapping = await withMapping((m) => {
      m.banks['first-bank-us']!.accounts['Money Market'] = { account: 'Money market', category: 'Savings', category_type: 'asset' };
    });
    const { code, stdout } = await sync([...FIRST_BANK, '--mapping', mapping]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/ {5}6 {2}Everyday Checking .* 2 ledger accounts are named "Everyday checking"; rename one/);
    expect(stdout).toMatch(/ {4}13 {2}Money Market .* ledger account "Money market" does not exist, and there is no category "Savings" \(asset\) to create it with/);
  });

  it('two different balances for one account and day with no order to tell them apart: neither is written, both are listed', async () => {
    const csv = await dir.file(
      'dupes.csv',
      ['x', 'x', 'x', '', 'Account,Account Number,Date,Ledger Balance', 'Joint Savings,1,10/31/2026,"1.00"', 'Joint Savings,1,10/31/2026,"2.00"', 'Total'].join('\n'),
    );
    const { code, stdout } = await sync([csv, '--bank', 'first-bank-us']);
    expect(code).toBe(0);
    expect((await balancesOf(fake, A.jointSavings)).get('2026-10-31')).toBe(13650); // the demo's stored balance, untouched
    expect(stdout).toMatch(/ {5}6 {2}Joint Savings {2}2026-10-31 .*the order of lines 6, 7 \(2026-10-31\) cannot be established/);
  });

  it('two labels mapped to one ledger account: equal balances are one row, different ones are both skipped', async () => {
    const mapping = await withMapping((m) => {
      m.banks['first-bank-us']!.accounts['Money Market'] = { account: 'Joint savings', category: 'Cash', category_type: 'asset' };
    });
    const csv = await dir.file(
      'two.csv',
      ['x', 'x', 'x', '', 'Account,Account Number,Date,Ledger Balance', 'Joint Savings,1,10/30/2026,"5.00"', 'Money Market,2,10/30/2026,"5.00"', 'Joint Savings,1,10/31/2026,"1.00"', 'Money Market,2,10/31/2026,"2.00"', 'Total'].join('\n'),
    );
    const { stdout } = await sync([csv, '--bank', 'first-bank-us', '--mapping', mapping]);
    const savings = await balancesOf(fake, A.jointSavings);
    // 10-30 agrees and is written once; 10-31 disagrees and keeps the demo's stored 13,650.00.
    expect([savings.get('2026-10-30'), savings.get('2026-10-31')]).toEqual([5, 13650]);
    expect(stdout).toContain('2 different balances for "Joint savings" on 2026-10-31 (1.00 from ');
  });

  it('writes the bank figure over an estimated balance, even when equal (it confirms it)', async () => {
    await fake.control.seedSnapshots([{ account_id: A.everydayChecking, snapshot_date: '2026-10-31', balance: 2841.25, is_estimated: true }]);
    const { stdout } = await sync(FIRST_BANK);
    expect(stdout).toContain('Summary: wrote 7 balances to the built-in demo ledger (5 new, 2 changed, 1 already up to date).');
    const [stored] = await fake.control.listSnapshots({ accountId: A.everydayChecking, from: '2026-10-31', to: '2026-10-31' });
    expect(stored).toMatchObject({ balance: 2841.25, is_estimated: false });
  });
});

describe('sync-csv refuses to start (exit 2) on bad arguments, mapping or file, sending nothing', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => dir.cleanup());

  it.each([
    [[], 'give exactly one export file'],
    [[dataFile('first-bank-balances.csv')], '--bank is required: one of first-bank-us, banca-aurora-it'],
    [[...FIRST_BANK.slice(0, 2), 'nope'], 'no bank profile "nope"'],
    [[...FIRST_BANK, '--verbose'], "Unknown option '--verbose'"],
    [[dataFile('first-bank-balances.csv'), '--bank', 'first-bank-us', '--json'], '--json goes with --dry-run'],
  ])('%j', async (argv, message) => {
    const { code, stderr, stdout } = await sync(argv as string[]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
    expect(fake.control.journal.entries()).toEqual([]);
  });

  it('lists every problem of a bad mapping file with its path', async () => {
    const path = await dir.file('mapping.json', JSON.stringify({ banks: { b: { name: 'B', delimiter: ';', date_order: 'DMY', accounts: { x: { account: '' } } } } }));
    const { code, stderr } = await sync([dataFile('first-bank-balances.csv'), '--bank', 'b', '--mapping', path]);
    expect(code).toBe(2);
    expect(stderr).toContain(`mapping file ${path} has problems:`);
    expect(stderr).toContain('banks.b.decimal_separator must be "." or ","');
    expect(stderr).toContain('banks.b.columns needs date and balance');
    expect(stderr).toContain('banks.b.accounts["x"].account must be a non-empty string');
    expect(stderr).toContain('banks.b.accounts["x"].category_type must be a non-empty string');
  });
});

describe('sync-csv refuses a file it cannot read (exit 1), says why, and sends nothing', () => {
  it.each([
    [['/no/such/file.csv', '--bank', 'first-bank-us'], 'Refused /no/such/file.csv: cannot read it: ENOENT'],
    [[dataFile('banca-aurora-saldi.csv'), '--bank', 'first-bank-us'], 'no column "Account" in the column header on line 5'],
  ])('%j', async (argv, message) => {
    const { code, stderr, stdout } = await sync(argv);
    expect(code).toBe(1);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
    expect(fake.control.journal.entries()).toEqual([]);
  });
});

describe('sync-csv on a newest-first export with running balances (the Atruvia layout)', () => {
  it('writes each day\'s closing balance, not the day\'s earliest intermediate one', async () => {
    const { code, stdout } = await sync([dataFile('banks/atruvia-de.csv'), '--bank', 'atruvia-de']);
    expect(code).toBe(0);
    const giro = await balancesOf(fake, (await accountNamed(fake, 'Volksbank Girokonto'))!);
    expect(Object.fromEntries(giro)).toEqual({ '2026-11-27': 9485.22, '2026-11-28': 9479.22, '2026-12-01': 9161.21, '2026-12-02': 10331.21 });
    expect([...giro.values()]).not.toContain(9439.32); // the first line of 01.12 in time, the last in the file
    expect(stdout).toContain('Summary: wrote 5 balances to the built-in demo ledger (5 new, 0 changed, 0 already up to date).');
  });
});

