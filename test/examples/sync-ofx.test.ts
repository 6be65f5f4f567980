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

  it('refuses a file that is not an OFX statement (exit 2), sending nothing', async () => {
    const { code, stderr } = await sync([dataFile('first-bank-balances.csv')]);
    expect(code).toBe(2);
    expect(stderr).toContain('first-bank-balances.csv: no <OFX> element: this is not an OFX or QFX file');
    expect(fake.control.journal.entries()).toEqual([]);
  });
});
