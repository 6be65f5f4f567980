// ledger-sync --daily and --accept-unbalanced, run as the real command (a process) against ledger-mock over HTTP on
// 127.0.0.1: each day a statement proves is written with a source saying it was derived and from what, only what is
// new or changed is written, a statement that does not add up is written only when asked and says so; and
// `ledger-sync simplefin --daily <days>` asks for the transactions since then and derives each day back from the
// account's balance, pending transactions left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_TOKENS, type LedgerMock } from 'personal-ledger-sdk/mocks';
import { createLedgerMockServer, type RunningLedgerMockServer } from 'personal-ledger-sdk/mocks/node';
import { startFakeSimplefin, type FakeSimplefin } from '../support/simplefin-server';
import { runLedgerSync, type Report } from './simplefin-support';
import { balancesNamed, fixture, tempDir } from './support';

let ledger: RunningLedgerMockServer;
let mock: LedgerMock;
let simplefin: FakeSimplefin;
let dir: Awaited<ReturnType<typeof tempDir>>;
let env: Record<string, string>;

beforeAll(async () => {
  // The ledger's clock is the real one: SimpleFIN's start-date is counted back from this machine's clock.
  mock = createLedgerMock({ scenario: 'demo', now: new Date() });
  ledger = await createLedgerMockServer({ mock }).listen();
  env = { LEDGER_BASE_URL: ledger.url, LEDGER_TOKEN: DEMO_TOKENS.alex };
  simplefin = await startFakeSimplefin();
  dir = await tempDir();
});
afterAll(async () => {
  await Promise.all([ledger?.close(), simplefin?.close()]);
  await dir?.cleanup();
});

/** An OFX 1.x bank statement of account `acctid`: DTSTART..DTEND, its transactions, and LEDGERBAL on `asOf`. */
function ofx(
  acctid: string,
  list: { start: string; end: string },
  transactions: Array<[string, string]>,
  ledgerBalance: string,
  asOf: string,
): string {
  const trn = transactions.map(
    ([posted, amount], i) =>
      `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${posted}\n<TRNAMT>${amount}\n<FITID>${i}\n</STMTTRN>`,
  );
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>',
    '<CURDEF>USD',
    `<BANKACCTFROM>\n<BANKID>1\n<ACCTID>${acctid}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>`,
    '<BANKTRANLIST>',
    `<DTSTART>${list.start}`,
    `<DTEND>${list.end}`,
    ...trn,
    '</BANKTRANLIST>',
    `<LEDGERBAL>\n<BALAMT>${ledgerBalance}\n<DTASOF>${asOf}\n</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');
}

const target = (account: string) => ({ account, category: 'Cash', category_type: 'asset' });
const json = (stdout: string) => JSON.parse(stdout) as Report;

describe('ledger-sync <files> --daily and --accept-unbalanced', { timeout: 180_000 }, () => {
  it('--daily writes each day the OFX transaction list proves, back from LEDGERBAL; a second run writes nothing', async () => {
    const file = await dir.file(
      'october.ofx',
      ofx(
        'CHK-1',
        { start: '20261001', end: '20261030' },
        [
          ['20261005', '-40.00'],
          ['20261012', '100.25'],
          ['20261012', '-0.25'],
          ['20261030', '-10.00'],
        ],
        '1050.00',
        '20261030',
      ),
    );
    const mapping = await dir.file(
      'mapping-ofx.json',
      JSON.stringify({ accounts: { 'CHK-1': target('Daily checking') } }),
    );
    // Without --daily: the ledger balance alone.
    const plain = await runLedgerSync([file, '--mapping', mapping, '--dry-run', '--json'], env);
    expect(plain.code).toBe(0);
    expect(json(plain.stdout).rows.map((r) => [r.date, r.balance])).toEqual([['2026-10-30', 1050]]);
    // The plan: 1050.00 on the 30th; less the -10.00 of the 30th is the 12th's 1060.00; less the 100.00 of the 12th is the 5th's 960.00.
    const planned = await runLedgerSync([file, '--mapping', mapping, '--daily', '--dry-run', '--json'], env);
    expect(planned.code).toBe(0);
    expect(json(planned.stdout).rows).toEqual([
      {
        account: 'Daily checking',
        date: '2026-10-05',
        balance: 960,
        action: 'new',
        source: `${file} statement 1: derived from its closing booked balance 1050.00 of 2026-10-30 less the 3 entries booked after that day`,
      },
      {
        account: 'Daily checking',
        date: '2026-10-12',
        balance: 1060,
        action: 'new',
        source: `${file} statement 1: derived from its closing booked balance 1050.00 of 2026-10-30 less the 1 entry booked after that day`,
      },
      { account: 'Daily checking', date: '2026-10-30', balance: 1050, action: 'new', source: `${file} statement 1` },
    ]);
    expect(planned.stderr).toContain('3 balances found (closing booked; 2 of them derived day by day)');
    expect(await balancesNamed(mock, 'Daily checking')).toEqual(new Map()); // a dry run writes nothing

    const run = await runLedgerSync([file, '--mapping', mapping, '--daily'], env);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('derived from its closing booked balance 1050.00');
    expect(await balancesNamed(mock, 'Daily checking')).toEqual(
      new Map([
        ['2026-10-05', 960],
        ['2026-10-12', 1060],
        ['2026-10-30', 1050],
      ]),
    );
    const again = await runLedgerSync([file, '--mapping', mapping, '--daily', '--json'], env);
    expect(json(again.stdout).rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(again.stderr).toContain('Nothing to write: all 3 balances already up to date.');
  });

  it('--daily on a monthly MT940 and a camt.053 statement: each day with entries, from the opening balance, in the plan', async () => {
    // 1000.00 - 100.00 + 50.25 = 950.25 on the 1st; - 0.25 = 950.00 on the 15th; + 10.00 = 960.00, the stated closing balance of the 30th.
    const sta = [
      ':20:OCT',
      ':25:NL00BANK0000000002',
      ':28C:1/1',
      ':60F:C260930EUR1000,00',
      ':61:2610011001D100,00NTRFNONREF',
      ':61:2610011001C50,25NTRFNONREF',
      ':61:2610151015D0,25NTRFNONREF',
      ':61:2610301030C10,00NTRFNONREF',
      ':62F:C261030EUR960,00',
      '-',
    ].join('\n');
    // 500.00 - 20.00 = 480.00 on the 2nd; + 5.50 = 485.50, the stated closing balance of the 9th.
    const amount = (value: string, mark: string) => `<Amt Ccy="EUR">${value}</Amt><CdtDbtInd>${mark}</CdtDbtInd>`;
    const bal = (code: string, value: string, day: string) =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(value, 'CRDT')}<Dt><Dt>${day}</Dt></Dt></Bal>`;
    const ntry = (value: string, mark: string, day: string) =>
      `<Ntry>${amount(value, mark)}<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt></Ntry>`;
    const camt = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr><Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${bal('OPBD', '500.00', '2026-09-30')}${bal('CLBD', '485.50', '2026-10-09')}${ntry('20.00', 'DBIT', '2026-10-02')}${ntry('5.50', 'CRDT', '2026-10-09')}</Stmt></BkToCstmrStmt></Document>`;
    const files = [await dir.file('monthly.sta', sta), await dir.file('monthly.xml', camt)];
    const mapping = await dir.file(
      'mapping-monthly.json',
      JSON.stringify({
        accounts: { NL00BANK0000000002: target('Monthly giro'), DE89370400440532013000: target('Monthly camt') },
      }),
    );
    const result = await runLedgerSync([...files, '--mapping', mapping, '--daily', '--dry-run', '--json'], env);
    expect(result.code).toBe(0);
    const rows = json(result.stdout).rows;
    expect(rows.map((r) => [r.account, r.date, r.balance, r.action])).toEqual([
      ['Monthly giro', '2026-10-01', 950.25, 'new'],
      ['Monthly giro', '2026-10-15', 950, 'new'],
      ['Monthly giro', '2026-10-30', 960, 'new'],
      ['Monthly camt', '2026-10-02', 480, 'new'],
      ['Monthly camt', '2026-10-09', 485.5, 'new'],
    ]);
    expect(rows[1]!.source).toBe(
      `${files[0]} statement 1 (line 1): derived from its opening booked balance 1000.00 and the 3 entries to that day`,
    );
    expect(rows[3]!.source).toMatch(
      /monthly\.xml statement 1.*: derived from its opening booked balance 500\.00 and the 1 entry to that day$/,
    );
    expect(rows[2]!.source).not.toContain('derived');
  });

  it("--daily on a list that ends before the balance's day: the balance alone, and why no day was derived", async () => {
    const file = await dir.file(
      'cut.ofx',
      ofx('CHK-2', { start: '20261001', end: '20261020' }, [['20261005', '-40.00']], '500.00', '20261030'),
    );
    const mapping = await dir.file(
      'mapping-cut.json',
      JSON.stringify({ accounts: { 'CHK-2': target('Cut checking') } }),
    );
    const result = await runLedgerSync([file, '--mapping', mapping, '--daily', '--dry-run', '--json'], env);
    expect(result.code).toBe(0);
    const report = json(result.stdout);
    expect(report.rows.map((r) => [r.date, r.balance])).toEqual([['2026-10-30', 500]]);
    expect(report.skipped).toEqual([
      {
        source: `${file} statement 1`,
        reason:
          "no day's balance is derived from it: its transaction list ends on 2026-10-20 (DTEND), before the ledger balance's day 2026-10-30 (DTASOF): what was posted between is not in the file; its closing balance alone is written",
      },
    ]);
  });

  it('--accept-unbalanced writes the closing balance of a statement that does not add up, saying so in its source and the output', async () => {
    // 100.00 + 20.00 - 5.00 = 115.00, but the bank states 120.00.
    const sta = [
      ':20:OCT',
      ':25:NL00BANK0123456789',
      ':60F:C261001EUR100,00',
      ':61:2610021002C20,00NTRFNONREF',
      ':61:2610031003D5,00NTRFNONREF',
      ':62F:C261003EUR120,00',
      '-',
    ].join('\n');
    const file = await dir.file('unbalanced.sta', sta);
    const mapping = await dir.file(
      'mapping-sta.json',
      JSON.stringify({ accounts: { NL00BANK0123456789: target('Unbalanced giro') } }),
    );
    const refused = await runLedgerSync([file, '--mapping', mapping, '--dry-run', '--json'], env);
    expect(json(refused.stdout).rows).toEqual([]);
    expect(json(refused.stdout).skipped[0]!.reason).toContain(
      'it does not add up: opening 100.00 + 2 entries 15.00 = 115.00, but its closing balance is 120.00',
    );

    // A statement whose opening balance is not a valid amount has no check that failed: the flag leaves it skipped.
    const invalid = fixture('camt053-v02-opening-six-decimals.xml');
    const accepted = await runLedgerSync([file, invalid, '--mapping', mapping, '--accept-unbalanced', '--json'], env);
    expect(accepted.code).toBe(0);
    expect(json(accepted.stdout).skipped).toEqual([
      expect.objectContaining({
        source: `${invalid} statement 1 (line 8)`,
        reason:
          'line 27: the balance OPBD has the amount "1523.456789", an invalid amount: camt allows at most 5 decimals',
      }),
    ]);
    const source = `${file} statement 1 (line 1): does not add up (opening 100.00 + 2 entries = 115.00); the bank's closing balance, taken as stated (--accept-unbalanced)`;
    expect(json(accepted.stdout).rows).toEqual([
      { account: 'Unbalanced giro', date: '2026-10-03', balance: 120, action: 'new', source },
    ]);
    expect(accepted.stderr).toContain(
      `1 closing balance of statements that do not add up is taken as the bank states it (--accept-unbalanced): ${file} statement 1 (line 1)`,
    );
    expect(await balancesNamed(mock, 'Unbalanced giro')).toEqual(new Map([['2026-10-03', 120]]));
  });
});

describe('ledger-sync simplefin --daily <days>', { timeout: 180_000 }, () => {
  it('asks for the transactions since then, and writes each day back from the balance, pending ones left out', async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    // Yesterday at noon (UTC): in the past, and far from a day's edge.
    const noon = Math.floor(startedAt / 86_400) * 86_400 - 86_400 + 12 * 3600;
    const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
    const at = (days: number, hours = 0) => noon - days * 86_400 + hours * 3600;
    simplefin.accountSet = {
      errors: [],
      accounts: [
        {
          org: { domain: 'mybank.example', 'sfin-url': 'https://sfin.mybank.example' },
          id: 'ACT-1',
          name: 'Everyday',
          currency: 'USD',
          balance: '1520.35',
          'balance-date': noon,
          transactions: [
            { id: 't0', posted: at(40), amount: '-999.00', description: 'before the 30 days asked for' },
            { id: 't1', posted: at(3), amount: '-100.00', description: 'Rent' },
            { id: 't2', posted: at(2), amount: '-7.00', description: 'Pending', pending: true },
            { id: 't3', posted: at(1), amount: '-20.00', description: 'Coffee' },
            { id: 't4', posted: at(1, 2), amount: '5.50', description: 'Refund' },
            { id: 't5', posted: at(0, -2), amount: '-3.00', description: 'Bus' },
          ],
        },
      ],
    };
    const mapping = await dir.file(
      'mapping-simplefin.json',
      JSON.stringify({ accounts: { 'simplefin:mybank.example/ACT-1': target('SimpleFIN daily') } }),
    );
    const result = await runLedgerSync(
      ['simplefin', '--mapping', mapping, '--time-zone', 'UTC', '--daily', '30', '--json'],
      { ...env, SIMPLEFIN_ACCESS_URL: simplefin.issueAccess() },
    );
    const endedAt = Math.ceil(Date.now() / 1000);
    expect([result.code, result.stderr.includes('Error')]).toEqual([0, false]);
    const request = simplefin.journal.find((r) => r.path === '/simplefin/accounts')!;
    expect(request.query.has('balances-only')).toBe(false);
    expect(request.query.has('pending')).toBe(false);
    const start = Number(request.query.get('start-date'));
    expect(start).toBeGreaterThanOrEqual(startedAt - 30 * 86_400);
    expect(start).toBeLessThanOrEqual(endedAt - 30 * 86_400);
    // 1520.35 less the -3.00 of its own day is the day before's 1523.35; less that day's -14.50, three days before: 1537.85.
    const source = 'simplefin:mybank.example/ACT-1 (Everyday)';
    expect(json(result.stdout).rows).toEqual([
      {
        account: 'SimpleFIN daily',
        date: day(at(3)),
        balance: 1537.85,
        action: 'new',
        source: `${source}: derived from its balance 1520.35 of ${day(noon)}, less the 3 transactions posted after that day`,
      },
      {
        account: 'SimpleFIN daily',
        date: day(at(1)),
        balance: 1523.35,
        action: 'new',
        source: `${source}: derived from its balance 1520.35 of ${day(noon)}, less the 1 transaction posted after that day`,
      },
      { account: 'SimpleFIN daily', date: day(noon), balance: 1520.35, action: 'new', source },
    ]);
    expect(await balancesNamed(mock, 'SimpleFIN daily')).toEqual(
      new Map([
        [day(at(3)), 1537.85],
        [day(at(1)), 1523.35],
        [day(noon), 1520.35],
      ]),
    );
  });

  it('--daily takes 1 to 90 days', async () => {
    for (const days of ['0', '91', 'week']) {
      const result = await runLedgerSync(['simplefin', '--daily', days], {
        SIMPLEFIN_ACCESS_URL: simplefin.issueAccess(),
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `--daily "${days}": give the days of transactions to look back over, from 1 to 90`,
      );
    }
  });
});
