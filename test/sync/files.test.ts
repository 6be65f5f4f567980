// ledger-sync on statement files of every format: what it writes, what it skips and why, what it refuses, and what a
// second run does (nothing).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerMock } from 'personal-ledger-sdk/mocks';
import { execFileSync } from 'node:child_process';
import { readFile, realpath, symlink } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { balancesNamed, dataFile, demoFake, fixture, MAPPING, runSync as run, tempDir, writesOf } from './support';

let fake: LedgerMock;
let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  fake = demoFake();
  dir = await tempDir();
});
afterEach(() => dir.cleanup());
const runSync = (argv: string[]) => run(argv, { fake });

const target = (account: string, currency?: string) => ({
  account,
  category: 'Cash',
  category_type: 'asset',
  ...(currency ? { currency } : {}),
});
/** A mapping of the fixtures' accounts (IBAN, MT940 :25:, camt Othr/Id, OFX ACCTID) to ledger accounts. */
const MT_CAMT = {
  accounts: {
    'NL81 ASNB 0000 0000 01': target('ASN betaalrekening', 'EUR'),
    '517852257': target('ABN AMRO rekening'),
    '37040044/0532013000': target('Sparkasse Giro'),
    '37040044/0532013099': target('Sparkasse Tagesgeld'),
    DE89370400440532013000: target('Girokonto'),
    '0532013000': target('Girokonto Othr'),
    NL26VAYB8060476890: target('Vayb rekening', 'USD'),
    CH2801234000123456789: target('Swiss account'),
  },
};

async function mapping(content: object): Promise<string> {
  return dir.file('mapping.json', JSON.stringify(content));
}

describe('ledger-sync: every format, one mapping, one run', () => {
  it('a folder of MT940 and camt files: each closing booked balance is written; pages, intraday and other currencies are not', async () => {
    for (const name of [
      'mt940-asn-swift-blocks.sta',
      'mt940-abnamro-pages.sta',
      'mt940-sparkasse.sta',
      'camt053-v02-two-accounts.xml',
      'camt053-v08-prefixed.xml',
      'camt052-v08-intraday.xml',
    ]) {
      await dir.file(`in/${name}`, await readFile(fixture(name)));
    }
    const result = await runSync([join(dir.path, 'in'), '--mapping', await mapping(MT_CAMT), '--demo']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await balancesNamed(fake, 'ASN betaalrekening')).toEqual(
      new Map([
        ['2026-10-29', 2385.5],
        ['2026-10-30', 2000],
      ]),
    );
    expect(await balancesNamed(fake, 'ABN AMRO rekening')).toEqual(new Map([['2026-10-31', 3300]]));
    expect(await balancesNamed(fake, 'Sparkasse Giro')).toEqual(new Map([['2026-10-30', 7140.12]]));
    expect(await balancesNamed(fake, 'Sparkasse Tagesgeld')).toEqual(new Map([['2026-10-30', 60]]));
    expect(await balancesNamed(fake, 'Girokonto')).toEqual(new Map([['2026-10-31', 1246.56]]));
    expect(await balancesNamed(fake, 'Girokonto Othr')).toEqual(new Map([['2026-10-31', 80]]));
    expect(await balancesNamed(fake, 'Vayb rekening')).toEqual(new Map()); // EUR, but the mapping expects USD
    expect(await balancesNamed(fake, 'Swiss account')).toEqual(new Map()); // intraday only
    expect(result.stdout).toContain(
      'camt052-v08-intraday.xml: camt.052.001.08: 1 statement; no balance of the kinds written (closing booked, investment value); 2 other balances reported, not written (intraday booked, intraday available)',
    );
    expect(result.stdout).toContain('the balance is in EUR, but the mapping expects USD for "Vayb rekening"');
    expect(result.stdout).toMatch(
      /Summary: wrote 7 balances to the built-in demo ledger \(7 new, 0 changed, 0 already up to date\); 2 skipped\./,
    );
    // A second run writes nothing.
    const writes = writesOf(fake).length;
    const again = await runSync([join(dir.path, 'in'), '--mapping', await mapping(MT_CAMT), '--demo']);
    expect(again.stdout).toContain('Nothing to write: all 7 balances already up to date; 2 skipped.');
    expect(writesOf(fake)).toHaveLength(writes);
  });

  it('--write intraday_booked writes the intraday balance of a camt.052 report', async () => {
    const result = await runSync([
      fixture('camt052-v08-intraday.xml'),
      '--mapping',
      await mapping(MT_CAMT),
      '--demo',
      '--write',
      'intraday_booked',
    ]);
    expect(result.code).toBe(0);
    expect(await balancesNamed(fake, 'Swiss account')).toEqual(new Map([['2026-10-31', 2200]]));
    const bad = await runSync([
      fixture('camt052-v08-intraday.xml'),
      '--mapping',
      await mapping(MT_CAMT),
      '--demo',
      '--write',
      'intraday,closing_booked',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--write names unknown kinds (intraday)');
  });

  it('the Nubank OFX whose transaction list is never closed: its LEDGERBAL is written', async () => {
    const result = await runSync([
      fixture('ofx-nubank-unclosed-list.ofx'),
      '--mapping',
      await mapping({ accounts: { '0001234-5': target('Nubank') } }),
      '--demo',
    ]);
    expect(result.code).toBe(0);
    expect(await balancesNamed(fake, 'Nubank')).toEqual(new Map([['2026-10-31', 1254.1]]));
  });

  it('a statement that does not add up, a camt.054 and a file none can read: skipped or refused with the reason; exit 1 for the refused', async () => {
    const odd = await dir.file(
      'odd.sta',
      [
        ':20:X',
        ':25:DE89370400440532013000',
        ':60F:C261030EUR100,00',
        ':61:2610301030D10,00NTRFNONREF',
        ':62F:C261030EUR95,00',
        '-',
      ].join('\n'),
    );
    const junk = await dir.file('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]));
    const result = await runSync([
      odd,
      fixture('camt054-v08-notification.xml'),
      junk,
      '/no/such/file.sta',
      '--mapping',
      await mapping(MT_CAMT),
      '--demo',
      '--dry-run',
      '--json',
    ]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.rows).toEqual([]);
    expect(report.skipped).toEqual([
      {
        source: `${odd} statement 1 (line 1)`,
        reason: expect.stringContaining(
          'it does not add up: opening 100.00 + 1 entry -10.00 = 90.00, but its closing balance is 95.00',
        ),
      },
    ]);
    expect(report.refused).toEqual([
      { file: fixture('camt054-v08-notification.xml'), reason: expect.stringContaining('carries no balance') },
      {
        file: junk,
        reason:
          'not a statement format this reads (OFX/QFX, camt.053/camt.052, MT940, or a CSV export with its bank profile)',
      },
      { file: '/no/such/file.sta', reason: 'cannot read it: no such file or folder (ENOENT)' },
    ]);
    expect(result.stderr).toContain('Exiting with status 1 because 3 files were refused (listed above).');
  });

  it('links in a folder are followed (to a file, to a folder), a link back to a folder being read is not; a dangling link, a named pipe and an empty file are refused with the reason, none opened', async () => {
    const statement = (day: string, amount: string) =>
      [':20:X', ':25:DE89370400440532013000', `:60F:C${day}EUR${amount}`, `:62F:C${day}EUR${amount}`, '-'].join('\n');
    await dir.file('elsewhere/one.sta', statement('261030', '100,00'));
    await dir.file('other-folder/two.sta', statement('261031', '200,00'));
    const folder = join(dir.path, 'in');
    await dir.file('in/empty.sta', '');
    await symlink(join(dir.path, 'elsewhere/one.sta'), join(folder, 'link-to-file.sta'));
    await symlink(join(dir.path, 'other-folder'), join(folder, 'link-to-folder'));
    await symlink(folder, join(folder, 'loop'));
    await symlink(join(dir.path, 'nowhere.sta'), join(folder, 'dangling.sta'));
    execFileSync('mkfifo', [join(folder, 'pipe'), join(dir.path, 'given-pipe')]);
    const result = await runSync([
      folder,
      join(dir.path, 'given-pipe'),
      '--mapping',
      await mapping(MT_CAMT),
      '--demo',
      '--json',
    ]);
    expect(result.code).toBe(1);
    expect(await balancesNamed(fake, 'Girokonto')).toEqual(
      new Map([
        ['2026-10-30', 100],
        ['2026-10-31', 200],
      ]),
    );
    expect(JSON.parse(result.stdout).refused).toEqual([
      {
        file: join(folder, 'loop'),
        reason: `a link to ${await realpath(folder)}, a folder it is in (a loop): not followed`,
      },
      {
        file: join(folder, 'dangling.sta'),
        reason: `a symbolic link to ${join(dir.path, 'nowhere.sta')}, which does not exist`,
      },
      { file: join(folder, 'empty.sta'), reason: 'the file is empty (0 bytes)' },
      { file: join(folder, 'pipe'), reason: 'not a regular file (a named pipe): not opened' },
      { file: join(dir.path, 'given-pipe'), reason: 'not a regular file (a named pipe): not opened' },
    ]);
  });

  it('the --mapping file found in a folder given is left out (it is no statement); given by name, it would be read', async () => {
    await dir.file(
      'statements/oct.sta',
      [':20:X', ':25:DE89370400440532013000', ':60F:C261031EUR5,00', ':62F:C261031EUR5,00', '-'].join('\n'),
    );
    const folder = join(dir.path, 'statements');
    const inside = await dir.file('statements/mapping.json', JSON.stringify(MT_CAMT));
    const result = await runSync([folder, '--mapping', inside, '--demo', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).refused).toEqual([]);
    expect(await balancesNamed(fake, 'Girokonto')).toEqual(new Map([['2026-10-31', 5]]));
    const alone = await dir.file('only-mapping/mapping.json', JSON.stringify(MT_CAMT));
    const empty = await runSync([join(dir.path, 'only-mapping'), '--mapping', alone, '--demo', '--json']);
    expect(JSON.parse(empty.stdout).refused).toEqual([
      { file: join(dir.path, 'only-mapping'), reason: 'a folder with no file in it but the --mapping file' },
    ]);
  });

  it('the edges banks write: camt balances (or entries) without marks, an MT940 entry after :62F: (listed, so --strict exits 1), every line indented', async () => {
    const edges = {
      accounts: {
        '37040044/0532013000': target('Sparkasse Giro'),
        'DABADKKK/222222-22222222': target('Danske konto'),
        LT121000011101001000: target('Settlement A'),
        LT471000011101002000: target('Settlement B'),
      },
    };
    const after = fixture('mt940-entry-after-closing.sta');
    const files = [after, fixture('mt940-indented-lines.sta'), fixture('camt053-v02-balances-unmarked.xml')];
    const result = await runSync([...files, '--mapping', await mapping(edges), '--demo', '--strict']);
    expect(result.code).toBe(1);
    expect(await balancesNamed(fake, 'Sparkasse Giro')).toEqual(
      new Map([
        ['2026-11-02', 7090.22],
        ['2026-11-03', 7075.22],
      ]),
    );
    expect(await balancesNamed(fake, 'Danske konto')).toEqual(
      new Map([
        ['2026-09-30', 11078.58],
        ['2026-10-01', 11000],
      ]),
    );
    expect(await balancesNamed(fake, 'Settlement A')).toEqual(new Map([['2026-04-07', 1200.01]]));
    expect(await balancesNamed(fake, 'Settlement B')).toEqual(new Map([['2026-04-07', 650]]));
    expect(result.stdout).toContain('mt940-indented-lines.sta: MT940: 2 statements');
    expect(result.stdout).toContain(
      'the entry :61:2611031103DR15,00NMSCNONREF comes after the closing balance :62F: (line 12) of statement 1 (line 1), in the same message',
    );
    expect(result.stdout).toContain('with its balances read as credits it does not add up');
    expect(result.stderr).toBe('Exiting with status 1 because --strict and 2 items were skipped (listed above).\n');
  });

  it('two files with different closing balances for one account and day: neither is written, both are named', async () => {
    const one = await dir.file(
      'one.sta',
      [':20:X', ':25:DE89370400440532013000', ':60F:C261031EUR1,00', ':62F:C261031EUR1,00', '-'].join('\n'),
    );
    const result = await runSync([
      one,
      fixture('camt053-v02-two-accounts.xml'),
      '--mapping',
      await mapping(MT_CAMT),
      '--demo',
      '--strict',
    ]);
    expect(result.code).toBe(1);
    expect(await balancesNamed(fake, 'Girokonto')).toEqual(new Map());
    expect(result.stdout).toContain(
      `2 different closing booked balances for account DE89370400440532013000 on 2026-10-31 (1.00 from ${one} statement 1 (line 1), line 4; 1246.56 from ${fixture('camt053-v02-two-accounts.xml')} statement 1 (line 8), line 33): none is written`,
    );
    expect(result.stderr).toBe('Exiting with status 1 because --strict and 2 items were skipped (listed above).\n');
  });
});

describe('ledger-sync --json: stdout is one JSON object, also when the run fails', () => {
  it('the ledger unreachable (exit 1) or the command refused once --json was read (exit 2): { error: { message, exit_code } }; the words for people on stderr', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const env = {
      LEDGER_BASE_URL: `http://127.0.0.1:${port}`,
      LEDGER_TOKEN: 'plk_SecretValue0123456789abcdefghijklmnopqrstu',
    };
    const unreachable = await run([dataFile('statement-v1.ofx'), '--mapping', MAPPING, '--json'], { env });
    expect(unreachable.code).toBe(1);
    const failed = JSON.parse(unreachable.stdout);
    expect(failed).toEqual({ error: { message: expect.stringContaining('ECONNREFUSED'), exit_code: 1 } });
    expect(failed.error.message).toContain('Check LEDGER_BASE_URL');
    expect(unreachable.stderr).toContain(`Error: ${failed.error.message.split('\n')[0]}`);
    expect(unreachable.stdout + unreachable.stderr).not.toContain(env.LEDGER_TOKEN);

    const refused = await runSync(['--json', '--demo']);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toEqual({
      error: { message: 'give one or more statement files or folders', exit_code: 2 },
    });
    expect(refused.stderr).toContain('Usage: ledger-sync');
  });
});

describe('ledger-sync: accounts not in the mapping', () => {
  it('each is named in full, never masked alike (…3000 twice), with the key to add; a mapping to start from lists every key once', async () => {
    const camt = fixture('camt053-v02-two-accounts.xml');
    const asn = fixture('mt940-asn-swift-blocks.sta');
    const result = await runSync([
      camt,
      asn,
      '--mapping',
      await mapping({ accounts: { NL26VAYB8060476890: target('Vayb rekening') } }),
      '--demo',
      '--dry-run',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).skipped).toEqual([
      {
        source: `${camt} statement 1 (line 8)`,
        reason: 'not in the mapping: add "DE89370400440532013000" to its "accounts"',
      },
      { source: `${camt} statement 2 (line 114)`, reason: 'not in the mapping: add "0532013000" to its "accounts"' },
      {
        source: `${asn} statement 1 (line 2)`,
        reason: 'not in the mapping: add "NL81ASNB0000000001" to its "accounts"',
      },
      {
        source: `${asn} statement 2 (line 18)`,
        reason: 'not in the mapping: add "NL81ASNB0000000001" to its "accounts"',
      },
    ]);
    expect(result.stderr).toMatch(/ {2}.+? +DE89370400440532013000 +2026-10-31 +1,246\.56 +not in the mapping/);
    expect(result.stderr).toMatch(/ {2}.+? +0532013000 +2026-10-31 +80\.00 +not in the mapping/);
    // The mapping printed is JSON, one entry per account, ready to edit and merge into "accounts".
    const printed =
      /3 accounts are not in the mapping\. To add to its "accounts" \(name each ledger account, set its category; a card is a liability\):\n([\s\S]*?\n {2}\})\n/.exec(
        result.stderr,
      )![1]!;
    expect(JSON.parse(printed)).toEqual({
      accounts: {
        DE89370400440532013000: {
          account: 'DE89370400440532013000',
          category: 'Cash',
          category_type: 'asset',
          currency: 'EUR',
        },
        '0532013000': { account: '0532013000', category: 'Cash', category_type: 'asset', currency: 'EUR' },
        NL81ASNB0000000001: {
          account: 'NL81ASNB0000000001',
          category: 'Cash',
          category_type: 'asset',
          currency: 'EUR',
        },
      },
    });
  });

  it("a mapped account's number stays masked in the table, as the docs say", async () => {
    const result = await runSync([
      fixture('camt053-v02-two-accounts.xml'),
      '--mapping',
      await mapping({ accounts: { DE89370400440532013000: target('Girokonto', 'USD'), '0532013000': target('Othr') } }),
      '--demo',
      '--dry-run',
    ]);
    expect(result.stdout).toMatch(
      / {2}.+? +…3000 +2026-10-31 +1,246\.56 +the balance is in EUR, but the mapping expects USD for "Girokonto"/,
    );
    expect(result.stdout).not.toContain('not in the mapping');
  });
});

describe("ledger-sync on the examples' OFX and CSV files, with the examples' mapping (banks, ofx_accounts)", () => {
  it("--dry-run --json: one JSON object, of the examples' shape; a CSV file is read by the one bank whose profile fits it", async () => {
    const files = [dataFile('statement-v2.qfx'), dataFile('investment.ofx'), dataFile('banks/atruvia-de.csv')];
    const result = await runSync([...files, '--mapping', MAPPING, '--demo', '--dry-run', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(Object.keys(report)).toEqual(['rows', 'skipped', 'refused']);
    expect(report.rows).toEqual([
      {
        account: 'Credit card',
        date: '2026-10-31',
        balance: -1119.29,
        action: 'changed',
        source: `${files[0]} statement 1`,
      },
      {
        account: 'Brokerage',
        date: '2026-10-31',
        balance: 6052.9,
        action: 'changed',
        source: `${files[1]} statement 1`,
      },
      {
        account: 'Volksbank Girokonto',
        date: '2026-12-02',
        balance: 10331.21,
        action: 'new',
        source: `${files[2]} line 2`,
      },
      {
        account: 'Volksbank Girokonto',
        date: '2026-12-01',
        balance: 9161.21,
        action: 'new',
        source: `${files[2]} line 4`,
      },
      {
        account: 'Volksbank Girokonto',
        date: '2026-11-28',
        balance: 9479.22,
        action: 'new',
        source: `${files[2]} line 7`,
      },
      {
        account: 'Volksbank Girokonto',
        date: '2026-11-27',
        balance: 9485.22,
        action: 'new',
        source: `${files[2]} line 8`,
      },
      {
        account: 'Volksbank Tagesgeld',
        date: '2026-12-01',
        balance: 5501.25,
        action: 'new',
        source: `${files[2]} line 9`,
      },
    ]);
    expect(report.skipped).toEqual([]);
    expect(writesOf(fake)).toEqual([]);
    expect(result.stderr).toContain('Would create ledger account "Volksbank Girokonto" (Cash, asset).');
  });

  it("a real run creates the accounts and writes; the second run writes nothing; negate_balance flips a card's sign", async () => {
    const first = await runSync([
      dataFile('first-bank-balances.csv'),
      '--bank',
      'first-bank-us',
      '--mapping',
      MAPPING,
      '--demo',
    ]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Created ledger account "First Bank money market" (Cash, asset).');
    expect(first.stdout).toContain(
      'Summary: wrote 6 balances to the built-in demo ledger (5 new, 1 changed, 2 already up to date); 2 skipped.',
    );
    expect(writesOf(fake)).toEqual(['createAccount', 'bulkUpsertSnapshots']);
    const second = await runSync([
      dataFile('first-bank-balances.csv'),
      '--bank',
      'first-bank-us',
      '--mapping',
      MAPPING,
      '--demo',
    ]);
    expect(second.stdout).toContain('Nothing to write: all 8 balances already up to date; 2 skipped.');
    expect(writesOf(fake)).toEqual(['createAccount', 'bulkUpsertSnapshots']);

    const flipped = JSON.parse(await readFile(MAPPING, 'utf8'));
    flipped.ofx_accounts['4242424242424242'].negate_balance = true;
    await runSync([dataFile('statement-v2.qfx'), '--mapping', await mapping(flipped), '--demo']);
    expect((await balancesNamed(fake, 'Credit card')).get('2026-10-31')).toBe(1119.29);
  });

  it('a CSV export no bank of the mapping reads, or several read, is refused naming --bank', async () => {
    const result = await runSync([
      dataFile('banca-aurora-saldi.csv'),
      '--mapping',
      await mapping({ accounts: {} }),
      '--demo',
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'a CSV export (or other text, not OFX, camt or MT940): the mapping has no "banks"; name its bank with --bank',
    );
    const shipped = await runSync([
      dataFile('banks/starling-uk.csv'),
      '--bank',
      'starling-uk',
      '--mapping',
      await mapping({ accounts: {} }),
      '--demo',
      '--dry-run',
      '--json',
    ]);
    const reason = 'this export names no account: say which ledger account it is for under banks.starling-uk.account';
    expect(JSON.parse(shipped.stdout).skipped).toEqual([
      { source: `${dataFile('banks/starling-uk.csv')} line 3`, reason },
      { source: `${dataFile('banks/starling-uk.csv')} line 4`, reason },
    ]);
  });
});
