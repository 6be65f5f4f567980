import { readFile } from 'node:fs/promises';
import { DEMO_IDS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../examples/sync-ofx.js';
import { accountNamed, balancesOf, captureIo, dataFile, demoFake, OFFLINE, tempDir } from './support.js';

const A = DEMO_IDS.accounts;
const BOTH = [dataFile('statement-v1.ofx'), dataFile('statement-v2.qfx')];

let fake: LedgerMock;
let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  fake = demoFake();
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

async function sync(argv: string[]) {
  const captured = captureIo({ fake });
  const code = await main(argv, OFFLINE, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

const writes = () => fake.control.journal.entries().filter((e) => e.method !== 'GET');

describe('sync-ofx: upserts each statement-date ledger balance and prints the available balance', () => {
  it('syncs an OFX 1.x (SGML) and an OFX 2.x (XML) statement', async () => {
    const { code, stdout, stderr } = await sync(BOTH);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect((await balancesOf(fake, A.everydayChecking)).get('2026-10-31')).toBe(2866.4);
    expect((await balancesOf(fake, A.creditCard)).get('2026-10-31')).toBe(-1119.29);
    // The available balance is not stored: nothing was written for 2026-11-01.
    expect((await balancesOf(fake, A.everydayChecking)).has('2026-11-01')).toBe(false);
    expect(writes().map((e) => e.operationId)).toEqual(['upsertSnapshot', 'upsertSnapshot']);
    expect(stdout).toContain(
      [
        'statement-v1.ofx (OFX 1.x): bank account …1234 -> Everyday checking',
        '  ledger balance     2,866.40 USD on 2026-10-31: updated (was 2,841.25)',
        '  available balance  2,816.40 USD as of 2026-11-01 (printed only: the ledger keeps one balance a day)',
        'statement-v2.qfx (OFX 2.x): credit card …4242 -> Credit card',
        '  ledger balance     -1,119.29 USD on 2026-10-31: updated (was -1,029.30)',
        '  available balance  3,880.71 USD as of 2026-11-01 (printed only: the ledger keeps one balance a day)',
        'Summary: 2 statements read, 2 balances written.',
      ].join('\n'),
    );
  });

  it('a second run finds both balances up to date and writes nothing', async () => {
    await sync(BOTH);
    const count = writes().length;
    const { code, stdout } = await sync(BOTH);
    expect(code).toBe(0);
    expect(writes()).toHaveLength(count);
    expect(stdout.match(/: already up to date/g)).toHaveLength(2);
    expect(stdout).toContain('Summary: 2 statements read, 0 balances written.');
  });

  it('--dry-run says what it would do and writes nothing', async () => {
    const { code, stdout } = await sync([...BOTH, '--dry-run']);
    expect(code).toBe(0);
    expect(writes()).toEqual([]);
    expect(stdout).toContain('  ledger balance     2,866.40 USD on 2026-10-31: would be updated (was 2,841.25)');
    expect(stdout).toContain('Summary: 2 statements read, 2 balances would be written.');
  });

  it('creates the mapped ledger account when it does not exist, and reports an unmapped ACCTID', async () => {
    const mapping = JSON.parse(await readFile(dataFile('mapping.json'), 'utf8'));
    mapping.ofx_accounts = { '000123451234': { account: 'OFX checking', category: 'Cash', category_type: 'asset', institution_name: 'First Bank' } };
    const path = await dir.file('mapping.json', JSON.stringify(mapping));

    const dry = await sync([...BOTH, '--mapping', path, '--dry-run']);
    expect(dry.stdout).toContain('Would create ledger account "OFX checking" (Cash, asset).');
    expect(dry.stdout).toContain('would be inserted; the ledger account would be created (Cash, asset)');
    expect(await accountNamed(fake, 'OFX checking')).toBeUndefined();

    const { code, stdout } = await sync([...BOTH, '--mapping', path]);
    expect(code).toBe(0);
    const id = await accountNamed(fake, 'OFX checking');
    expect(await balancesOf(fake, id!)).toEqual(new Map([['2026-10-31', 2866.4]]));
    expect(stdout).toContain('Created ledger account "OFX checking" (Cash, asset).');
    expect(stdout).toContain('  ledger balance     2,866.40 USD on 2026-10-31: inserted');
    expect(stdout).toContain('  ledger balance     -1,119.29 USD on 2026-10-31: not written: ACCTID …4242 is not in mapping.json (ofx_accounts)');
    expect(stdout).toContain('Summary: 2 statements read, 1 balance written; 1 statement not in mapping.json.');
  });

  it('refuses a file that is not an OFX statement (exit 1, listed), sending nothing', async () => {
    const { code, stdout, stderr } = await sync([dataFile('first-bank-balances.csv')]);
    expect(code).toBe(1);
    expect(stdout).toContain('first-bank-balances.csv: refused, nothing read from it: no <OFX> element: this is not an OFX or QFX file');
    expect(stderr).toBe('Exiting with status 1 because 1 file was refused (listed above).\n');
    expect(fake.control.journal.entries()).toEqual([]);
  });
});

describe('sync-ofx: partial failure is never silent, and never stops the other files', () => {
  // A Fidelity download with transactions only: no positions, no cash balance (the layout of ofxparse's
  // tests/fixtures/fidelity-brokerage.ofx), with our own made-up values.
  const FIDELITY_NO_VALUE =
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n' +
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO<MESSAGE>SUCCESS</STATUS><DTSERVER>20261101001945.742[-4:EDT]<LANGUAGE>ENG<FI><ORG>brokerage.example<FID>1</FI></SONRS></SIGNONMSGSRSV1>' +
    '<INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><INVSTMTRS><DTASOF>20261031033012.000[-4:EDT]<CURDEF>USD<INVACCTFROM><BROKERID>brokerage.example<ACCTID>Z0000042</INVACCTFROM>' +
    '<INVTRANLIST><DTSTART>20261001<DTEND>20261031<INVBANKTRAN><STMTTRN><TRNTYPE>DEP<DTPOSTED>20261015000000.000[-4:EDT]<TRNAMT>+00000000000050.0000<FITID>1<NAME>DIRECT DEPOSIT</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN></INVTRANLIST>' +
    '</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>\n';

  it('a Fidelity file beside two good bank files: both balances are written, the Fidelity statement is listed with its reason', async () => {
    const fidelity = await dir.file('fidelity.ofx', FIDELITY_NO_VALUE);
    const { code, stdout, stderr } = await sync([fidelity, ...BOTH]);
    expect([code, stderr]).toEqual([0, '']);
    expect((await balancesOf(fake, A.everydayChecking)).get('2026-10-31')).toBe(2866.4);
    expect((await balancesOf(fake, A.creditCard)).get('2026-10-31')).toBe(-1119.29);
    expect(stdout).toContain(
      [
        'fidelity.ofx (OFX 1.x): investment account …0042',
        '  not used: neither a cash balance (INVBAL/AVAILCASH) nor positions (INVPOSLIST) in the investment statement: it states no value',
      ].join('\n'),
    );
    expect(stdout).toContain('Summary: 3 statements read, 2 balances written; 1 statement skipped.');
    // --strict turns any skipped statement into exit 1, after writing the rest.
    const strict = await sync([fidelity, ...BOTH, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe('Exiting with status 1 because --strict and 1 statement was skipped (listed above).\n');
  });

  it('an unreadable and a non-OFX file are refused (exit 1); the good files are still synced', async () => {
    const { code, stdout } = await sync(['/no/such/file.ofx', dataFile('mapping.json'), ...BOTH]);
    expect(code).toBe(1);
    expect(stdout).toContain('file.ofx: refused, nothing read from it: cannot read it: ENOENT');
    expect(stdout).toContain('mapping.json: refused, nothing read from it: no <OFX> element');
    expect(stdout).toContain('Summary: 2 statements read, 2 balances written; 2 files refused.');
    expect(writes().map((e) => e.operationId)).toEqual(['upsertSnapshot', 'upsertSnapshot']);
  });

  it('an investment statement: its value (cash plus positions) on its DTASOF day', async () => {
    const { code, stdout } = await sync([dataFile('investment.ofx')]);
    expect(code).toBe(0);
    expect((await balancesOf(fake, A.brokerage)).get('2026-10-31')).toBe(6052.9);
    expect(stdout).toContain('investment.ofx (OFX 1.x): investment account …5678 -> Brokerage');
    expect(stdout).toContain('  value              6,052.90 USD on 2026-10-31 (cash 1,250.40 + 3 positions 4,802.50): updated (was 35,014.05)');
  });

  it('negate_balance writes a card issuer\'s positive debt as the ledger\'s negative one', async () => {
    const mapping = JSON.parse(await readFile(dataFile('mapping.json'), 'utf8'));
    mapping.ofx_accounts['4242424242424242'].negate_balance = true;
    const path = await dir.file('mapping.json', JSON.stringify(mapping));
    const positive = (await readFile(dataFile('statement-v2.qfx'), 'utf8')).replace('<BALAMT>-1119.29</BALAMT>', '<BALAMT>1119.29</BALAMT>');
    const { code } = await sync([await dir.file('rbc.qfx', positive), '--mapping', path]);
    expect(code).toBe(0);
    expect((await balancesOf(fake, A.creditCard)).get('2026-10-31')).toBe(-1119.29);
  });

  it('two statements of one account and day that disagree: neither is written, both are named', async () => {
    const other = (await readFile(dataFile('statement-v1.ofx'), 'utf8')).replace('<BALAMT>2866.40', '<BALAMT>2000.00');
    const { stdout } = await sync([dataFile('statement-v1.ofx'), await dir.file('other.ofx', other)]);
    expect((await balancesOf(fake, A.everydayChecking)).get('2026-10-31')).toBe(2841.25); // the demo's, untouched
    expect(stdout).toContain('not written: 2 different balances for "Everyday checking" on 2026-10-31 (2,866.40 from');
  });
});
