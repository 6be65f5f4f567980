import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readStatements, selectBalances } from '../../statements/index';
import { decodeOfx, OfxFormatError, parseOfx, STATEMENT_KINDS } from '../../statements/ofx/read';
import { parseOfxAmount, parseOfxDate } from '../../statements/ofx/values';
import { dataFile } from './support';

const read = async (name: string) => decodeOfx(await readFile(dataFile(name)));

/** A minimal OFX 1.x (SGML) bank statement around `inner` (the STMTRS content). */
const sgml = (inner: string) =>
  [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'CHARSET:1252',
    '',
    '<OFX>',
    '<BANKMSGSRSV1><STMTTRNRS><STMTRS>',
    inner,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
  ].join('\n');
const ACCOUNT = '<CURDEF>EUR\n<BANKACCTFROM>\n<BANKID>1\n<ACCTID>DE00123\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>';
const LEDGER = '<LEDGERBAL>\n<BALAMT>10.50\n<DTASOF>20261031\n</LEDGERBAL>';
/** An investment statement in Fidelity's one-line SGML layout around `inner` (after INVACCTFROM). */
const invest = (inner: string, asOf = '20150321033012.000[-4:EDT]') =>
  `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><INVSTMTRS><DTASOF>${asOf}<CURDEF>USD<INVACCTFROM><BROKERID>broker.example<ACCTID>B-77</INVACCTFROM>${inner}</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`;
const position = (mktval: string, type = 'POSSTOCK', postype = 'LONG') =>
  `<${type}><INVPOS><SECID><UNIQUEID>000000001<UNIQUEIDTYPE>CUSIP</SECID><HELDINACCT>CASH<POSTYPE>${postype}<UNITS>1<UNITPRICE>1<MKTVAL>${mktval}<DTPRICEASOF>20150320</INVPOS></${type}>`;

describe('parseOfx: the sample statements', () => {
  it('reads an OFX 1.x SGML statement with headers and unclosed tags', async () => {
    expect(parseOfx(await read('statement-v1.ofx'))).toEqual({
      version: 1,
      statements: [
        {
          index: 1,
          kind: 'bank',
          accountId: '000123451234',
          currency: 'USD',
          balance: { amount: '2866.40', date: '2026-10-31', asOf: '20261031235959.000[-5:EST]' },
          available: { amount: '2816.40', date: '2026-11-01', asOf: '20261101070212.000[-5:EST]' },
          notes: [],
          // DTSTART 2026-10-01, DTEND 2026-10-31 (the ledger balance's day): the list is complete up to it.
          history: {
            entries: [
              { date: '2026-10-28', amount: '-64.20' },
              { date: '2026-10-30', amount: '1250.00' },
            ],
            completeToClosing: true,
          },
        },
      ],
      skipped: [],
    });
  });

  it('reads an OFX 2.x XML credit-card statement (QFX, with INTU.* tags)', async () => {
    expect(parseOfx(await read('statement-v2.qfx'))).toMatchObject({
      version: 2,
      statements: [
        {
          kind: 'creditcard',
          accountId: '4242424242424242',
          currency: 'USD',
          balance: { amount: '-1119.29', date: '2026-10-31' },
          available: { amount: '3880.71' },
        },
      ],
    });
  });

  it('values an investment statement: cash plus every position, a short one negative as given', async () => {
    expect(parseOfx(await read('investment.ofx')).statements).toEqual([
      {
        index: 1,
        kind: 'investment',
        accountId: 'X12345678',
        currency: 'USD',
        balance: { amount: '6052.90', date: '2026-10-31', asOf: '20261031160000.000[-5:EST]' },
        detail: 'cash 1,250.40 + 3 positions 4,802.50',
        notes: [],
      },
    ]);
  });
});

describe('statement types: one table, each kind with its account aggregate and its balance', () => {
  it('knows bank, credit-card and investment statements', () => {
    expect(STATEMENT_KINDS.map((k) => [k.tag, k.accountFrom])).toEqual([
      ['STMTRS', 'BANKACCTFROM'],
      ['CCSTMTRS', 'CCACCTFROM'],
      ['INVSTMTRS', 'INVACCTFROM'],
    ]);
  });

  it('investment value: AVAILCASH + sum of MKTVAL, in exact decimals (Fidelity pads with zeros and signs)', () => {
    const text = invest(
      `<INVPOSLIST>${position('+00000005231.36')}${position('+00000001010.60', 'POSMF')}${position('-00000000100.01', 'POSSTOCK', 'SHORT')}</INVPOSLIST><INVBAL><AVAILCASH>18073.98<MARGINBALANCE>+00000000000.00</INVBAL>`,
    );
    expect(parseOfx(text).statements[0]).toMatchObject({
      kind: 'investment',
      accountId: 'B-77',
      balance: { amount: '24215.93', date: '2015-03-21' },
      detail: 'cash 18,073.98 + 3 positions 6,141.95',
    });
  });

  it('positions without a cash balance (Vanguard), or cash without positions, are the value', () => {
    expect(
      parseOfx(
        invest(`<INVPOSLIST>${position('10200.0', 'POSMF')}${position('14279.72', 'POSMF')}</INVPOSLIST>`, '20110727'),
      ).statements[0]?.balance,
    ).toEqual({ amount: '24479.72', date: '2011-07-27', asOf: '20110727' });
    expect(parseOfx(invest('<INVBAL><AVAILCASH>0<MARGINBALANCE>0</INVBAL>')).statements[0]?.detail).toBe('cash 0.00');
  });

  it('an investment statement with neither (a Fidelity transactions-only download) is skipped with the reason', () => {
    const text = invest(
      '<INVTRANLIST><DTSTART>20150120<DTEND>20150322<INVBANKTRAN><STMTTRN><TRNTYPE>DEP<DTPOSTED>20150225<TRNAMT>+00000000000050.0000<FITID>1</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN></INVTRANLIST>',
    );
    expect(parseOfx(text)).toMatchObject({
      statements: [],
      skipped: [
        {
          index: 1,
          kind: 'investment',
          accountId: 'B-77',
          reason:
            'neither a cash balance (INVBAL/AVAILCASH) nor positions (INVPOSLIST) in the investment statement: it states no value',
        },
      ],
    });
  });

  it('a position without a readable MKTVAL skips the statement rather than writing part of its value', () => {
    const text = invest(`<INVPOSLIST>${position('12.00')}${position('')}</INVPOSLIST>`);
    expect(parseOfx(text).skipped[0]?.reason).toBe(
      "position 2 (000000001) has no MKTVAL: the account's value would be incomplete",
    );
  });
});

describe('parseOfx: what real bank files do', () => {
  it('copes with empty elements left open (<MEMO> with no value)', () => {
    const text = sgml(
      `${ACCOUNT}\n<BANKTRANLIST>\n<STMTTRN>\n<TRNAMT>-1.00\n<MEMO>\n<NAME>SHOP\n</STMTTRN>\n</BANKTRANLIST>\n${LEDGER}`,
    );
    expect(parseOfx(text).statements[0]?.balance.amount).toBe('10.50');
  });

  it('reads every statement of a file that holds several accounts', () => {
    const second = ACCOUNT.replace('DE00123', 'DE00999');
    const text = sgml(
      `${ACCOUNT}\n${LEDGER}\n</STMTRS></STMTTRNRS><STMTTRNRS><STMTRS>\n${second}\n${LEDGER.replace('10.50', '-3')}`,
    );
    expect(parseOfx(text).statements.map((s) => [s.index, s.accountId, s.balance.amount])).toEqual([
      [1, 'DE00123', '10.50'],
      [2, 'DE00999', '-3'],
    ]);
  });

  it('one statement without LEDGERBAL skips that statement only; the others of the file are read', () => {
    const second = ACCOUNT.replace('DE00123', 'DE00999');
    const text = sgml(`${ACCOUNT}\n</STMTRS></STMTTRNRS><STMTTRNRS><STMTRS>\n${second}\n${LEDGER}`);
    const parsed = parseOfx(text);
    expect(parsed.statements.map((s) => s.accountId)).toEqual(['DE00999']);
    expect(parsed.skipped).toEqual([
      { index: 1, kind: 'bank', accountId: 'DE00123', reason: 'no LEDGERBAL (the closing balance) in the statement' },
    ]);
  });

  it('an empty AVAILBAL (it is only printed) is a note, never a refusal', () => {
    const text = sgml(`${ACCOUNT}\n${LEDGER}\n<AVAILBAL><BALAMT></BALAMT><DTASOF>20261031</DTASOF></AVAILBAL>`);
    expect(parseOfx(text).statements[0]).toMatchObject({
      balance: { amount: '10.50' },
      notes: ['available balance not shown: AVAILBAL/BALAMT is empty'],
    });
    expect(parseOfx(text).statements[0]?.available).toBeUndefined();
  });

  it("takes the account only from BANKACCTFROM: a statement without it is skipped, never credited to a transfer's counterparty", () => {
    const text = sgml(
      '<CURDEF>USD<BANKTRANLIST><STMTTRN><TRNAMT>-5<BANKACCTTO><BANKID>9<ACCTID>COUNTERPARTY</BANKACCTTO></STMTTRN></BANKTRANLIST>' +
        LEDGER,
    );
    expect(parseOfx(text)).toMatchObject({
      statements: [],
      skipped: [
        {
          kind: 'bank',
          accountId: undefined,
          reason: expect.stringContaining('has no BANKACCTFROM/ACCTID, so the account it is for is unknown'),
        },
      ],
    });
    const investment = invest(
      '<INVTRANLIST><INVBANKTRAN><STMTTRN><BANKACCTTO><ACCTID>OTHER</BANKACCTTO></STMTTRN></INVBANKTRAN></INVTRANLIST><INVBAL><AVAILCASH>1</INVBAL>',
    );
    expect(parseOfx(investment).statements[0]?.accountId).toBe('B-77');
  });

  it('accepts XML leaves closed on the same line, self-closing empty tags, comments, CDATA and lowercase tags', () => {
    const text = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?>\n<ofx><!-- exported --><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><ACCTID>77</ACCTID></BANKACCTFROM><BANKTRANLIST><STMTTRN><NAME><![CDATA[A <B> & C]]></NAME></STMTTRN></BANKTRANLIST><MEMO/><ledgerbal><balamt>1,5</balamt><dtasof>20240229</dtasof></ledgerbal></STMTRS></STMTTRNRS></BANKMSGSRSV1></ofx>`;
    expect(parseOfx(text)).toMatchObject({
      version: 2,
      statements: [{ accountId: '77', balance: { amount: '1.5', date: '2024-02-29' } }],
    });
  });

  it('decodes entities in values', () => {
    const text = sgml(`${ACCOUNT.replace('DE00123', 'A&amp;B&#233;')}\n${LEDGER}`);
    expect(parseOfx(text).statements[0]?.accountId).toBe('A&Bé');
  });

  it('decodes a CHARSET:1252 file as Windows-1252 (0x80 is the euro sign)', () => {
    const text = sgml(`${ACCOUNT.replace('DE00123', 'CAF\u00e9\u20ac')}\n${LEDGER}`);
    const bytes = Uint8Array.from([...text].map((c) => (c === '\u20ac' ? 0x80 : c.charCodeAt(0))));
    expect(parseOfx(decodeOfx(bytes)).statements[0]?.accountId).toBe('CAFé€');
  });

  it.each([
    [
      'UTF-16 LE with its byte-order mark',
      (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]),
    ],
    [
      'UTF-16 BE with its byte-order mark',
      (t: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()]),
    ],
    ['UTF-16 LE without one', (t: string) => Buffer.from(t, 'utf16le')],
    [
      'UTF-8 with a byte-order mark',
      (t: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t, 'utf8')]),
    ],
  ])('reads a file in %s', (_, encode) => {
    const text = sgml(`${ACCOUNT.replace('DE00123', 'Kärnten')}\n${LEDGER}`).replace('CHARSET:1252', 'CHARSET:NONE');
    expect(parseOfx(decodeOfx(encode(text))).statements[0]?.accountId).toBe('Kärnten');
  });

  it('survives 20,000 unclosed <STMTTRN> (no recursion to overflow) and still finds the balance', () => {
    const text = sgml(`${ACCOUNT}<BANKTRANLIST>${'<STMTTRN>'.repeat(20_000)}</BANKTRANLIST>${LEDGER}`);
    expect(parseOfx(text).statements[0]?.balance.amount).toBe('10.50');
    // With nothing closing them, the balance ends up inside a transaction, where a balance is never read from.
    const unclosedAll = sgml(`${ACCOUNT}${'<STMTTRN>'.repeat(20_000)}${LEDGER}`);
    expect(parseOfx(unclosedAll).skipped.map((s) => s.reason)).toEqual([
      'no LEDGERBAL (the closing balance) in the statement',
    ]);
  });

  it('reads long tag names and many unclosed "<" without a refusal', () => {
    const text = sgml(`${ACCOUNT}\n<${'A'.repeat(100_000)}>x\n${'<A '.repeat(100_000)}\n${LEDGER}`);
    expect(parseOfx(text).statements).toHaveLength(1);
  });
});

describe('parseOfx: what it refuses, and why', () => {
  it.each([
    ['Date,Amount\n31/10/2026,1.00', 'no <OFX> element: this is not an OFX or QFX file'],
    [
      'OFXHEADER:100\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>',
      'no bank (STMTRS), credit-card (CCSTMTRS) or investment (INVSTMTRS) statement in the file',
    ],
    [
      'OFXHEADER:100\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Wrong user ID or password</STATUS></SONRS></SIGNONMSGSRSV1></OFX>',
      'no bank (STMTRS), credit-card (CCSTMTRS) or investment (INVSTMTRS) statement in the file; the file reports status 15500 "Wrong user ID or password"',
    ],
  ])('%#: %s', (text, message) => {
    expect(() => parseOfx(text)).toThrow(new OfxFormatError(message));
  });

  it.each([
    [sgml(ACCOUNT), 'no LEDGERBAL (the closing balance) in the statement'],
    [sgml(`${ACCOUNT}\n${LEDGER.replace('10.50', '1.234,56')}`), 'LEDGERBAL/BALAMT "1.234,56" is not an amount'],
    [sgml(`${ACCOUNT}\n${LEDGER.replace('10.50', ' ')}`), 'LEDGERBAL/BALAMT is empty'],
    [
      sgml(`${ACCOUNT}\n${LEDGER.replace('20261031', '20260231')}`),
      'LEDGERBAL/DTASOF "20260231" is not an OFX date (YYYYMMDD...)',
    ],
  ])('skips a statement it cannot use, with the reason: %#', (text, reason) => {
    expect(parseOfx(text).skipped.map((s) => s.reason)).toEqual([reason]);
  });
});

describe('OFX amounts and dates', () => {
  it.each([
    ['-1119.29', -1119.29],
    ['+12', 12],
    ['1234,56', 1234.56],
    ['-0.00', 0],
    ['+00000000000050.0000', 50],
    ['.5', 0.5],
    ['1,234.56', undefined],
    ['', undefined],
    ['-', undefined],
  ])('amount %j is %s', (text, expected) => {
    expect(parseOfxAmount(text)).toBe(expected);
  });

  it.each([
    ['20261031', '2026-10-31'],
    ['20261031235959', '2026-10-31'],
    ['20261031235959.000[-5:EST]', '2026-10-31'],
    ['20261031120000[+1]', '2026-10-31'],
    ['20180804093914:014', '2018-08-04'],
    ['20180804093914.000000', '2018-08-04'],
    ['20180804093914[-5:EST]', '2018-08-04'],
    ['20091217162416.000[-:EST]', '2009-12-17'],
    ['20110727001702[-3.5:NST]', '2011-07-27'],
    ['20240229', '2024-02-29'],
    ['20230229', undefined],
    ['2026-10-31', undefined],
    ['202610', undefined],
    ['00000000', undefined],
  ])('DTASOF %j is the statement day %s (never shifted to UTC)', (text, expected) => {
    expect(parseOfxDate(text)).toBe(expected);
  });
});

describe('OFX history: each day back from LEDGERBAL, only where the list is shown complete up to its day', () => {
  /** A transaction list from `start` to `end` (OFX dates) with `[DTPOSTED, TRNAMT]` transactions. */
  const list = (start: string | undefined, end: string | undefined, transactions: Array<[string, string]>) =>
    [
      '<BANKTRANLIST>',
      ...(start ? [`<DTSTART>${start}`] : []),
      ...(end ? [`<DTEND>${end}`] : []),
      ...transactions.map(
        ([posted, amount], i) =>
          `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${posted}\n<TRNAMT>${amount}\n<FITID>${i}\n</STMTTRN>`,
      ),
      '</BANKTRANLIST>',
    ].join('\n');
  const history = (inner: string) => parseOfx(sgml(`${ACCOUNT}\n${inner}\n${LEDGER}`)).statements[0]!.history;

  it("DTEND on the ledger balance's day, nothing later: every transaction from DTSTART on, amounts exact (a decimal comma read)", () => {
    expect(
      history(
        list('20261001', '20261031235959[-5:EST]', [
          ['20261005120000', '-1.00'],
          ['20261020', '2,50'],
        ]),
      ),
    ).toEqual({
      entries: [
        { date: '2026-10-05', amount: '-1.00' },
        { date: '2026-10-20', amount: '2.50' },
      ],
      completeToClosing: true,
    });
    // A transaction before DTSTART is left out: the list proves nothing of the days before it.
    expect(
      history(
        list('20261010', '20261031', [
          ['20261005', '-1.00'],
          ['20261020', '2.50'],
        ]),
      ),
    ).toEqual({ entries: [{ date: '2026-10-20', amount: '2.50' }], completeToClosing: true });
  });

  it.each([
    [
      "a list that ends before the balance's day",
      list('20261001', '20261025', [['20261005', '-1.00']]),
      "its transaction list ends on 2026-10-25 (DTEND), before the ledger balance's day 2026-10-31 (DTASOF): what was posted between is not in the file",
    ],
    [
      "a transaction posted after the balance's day",
      list('20261001', '20261102', [['20261101', '-1.00']]),
      "transaction 1 is posted on 2026-11-01, after the ledger balance's day 2026-10-31 (DTASOF), so the balance may not include it",
    ],
    [
      'an amount that cannot be read',
      list('20261001', '20261031', [
        ['20261005', '-1.00'],
        ['20261006', '1.234,56'],
      ]),
      'transaction 2 has TRNAMT "1.234,56", not an amount',
    ],
    [
      'a date that cannot be read',
      list('20261001', '20261031', [['2026-10-05', '-1.00']]),
      'transaction 1 has DTPOSTED "2026-10-05", not an OFX date',
    ],
    ['no DTSTART', list(undefined, '20261031', [['20261005', '-1.00']]), 'its transaction list has no DTSTART'],
    ['no DTEND', list('20261001', undefined, [['20261005', '-1.00']]), 'its transaction list has no DTEND'],
    ['no transaction list', '', 'it has no transaction list (BANKTRANLIST)'],
  ])('%s: no history, and why', (_, inner, problem) => {
    expect(history(inner)).toEqual({ entries: [], problem });
  });

  it('through selectBalances daily: the days are derived back from LEDGERBAL; a file that fails a rule gives its balance alone, saying why', () => {
    const complete = readStatements(
      new TextEncoder().encode(
        sgml(
          `${ACCOUNT}\n${list('20261001', '20261031', [
            ['20261005', '-1.00'],
            ['20261020', '2.50'],
          ])}\n${LEDGER}`,
        ),
      ),
    );
    // 10.50 less the 2.50 of the 20th is the 5th's balance; the 20th's is 10.50, nothing being booked after it.
    expect(
      selectBalances([{ source: 'a.ofx', file: complete }], { daily: true }).balances.map((b) => [
        b.balance.date,
        b.balance.amount,
        b.derived?.description,
      ]),
    ).toEqual([
      ['2026-10-05', '8.00', 'its closing booked balance 10.50 of 2026-10-31 less the 1 entry booked after that day'],
      ['2026-10-20', '10.50', 'its closing booked balance 10.50 of 2026-10-31, no entry being booked after that day'],
      ['2026-10-31', '10.50', undefined],
    ]);
    const cut = readStatements(
      new TextEncoder().encode(sgml(`${ACCOUNT}\n${list('20261001', '20261025', [['20261005', '-1.00']])}\n${LEDGER}`)),
    );
    const result = selectBalances([{ source: 'b.ofx', file: cut }], { daily: true });
    expect(result.balances.map((b) => [b.balance.date, b.balance.amount])).toEqual([['2026-10-31', '10.50']]);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      "no day's balance is derived from it: its transaction list ends on 2026-10-25 (DTEND), before the ledger balance's day 2026-10-31 (DTASOF): what was posted between is not in the file; its closing balance alone is written",
    ]);
  });
});
