import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeOfx, OfxFormatError, parseOfx, parseOfxAmount, parseOfxDate } from '../../examples/lib/ofx-balances.js';
import { dataFile } from './support.js';

const read = async (name: string) => decodeOfx(await readFile(dataFile(name)));

/** A minimal OFX 1.x (SGML) bank statement around `inner` (the STMTRS content). */
const sgml = (inner: string) =>
  ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'CHARSET:1252', '', '<OFX>', '<BANKMSGSRSV1><STMTTRNRS><STMTRS>', inner, '</STMTRS></STMTTRNRS></BANKMSGSRSV1>', '</OFX>'].join(
    '\n',
  );
const ACCOUNT = '<CURDEF>EUR\n<BANKACCTFROM>\n<BANKID>1\n<ACCTID>DE00123\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>';
const LEDGER = '<LEDGERBAL>\n<BALAMT>10.50\n<DTASOF>20261031\n</LEDGERBAL>';

describe('parseOfx: the sample statements', () => {
  it('reads an OFX 1.x SGML statement with headers and unclosed tags', async () => {
    expect(parseOfx(await read('statement-v1.ofx'))).toEqual({
      version: 1,
      statements: [
        {
          kind: 'bank',
          accountId: '000123451234',
          currency: 'USD',
          ledger: { amount: 2866.4, date: '2026-10-31', asOf: '20261031235959.000[-5:EST]' },
          available: { amount: 2816.4, date: '2026-11-01', asOf: '20261101070212.000[-5:EST]' },
        },
      ],
    });
  });

  it('reads an OFX 2.x XML credit-card statement (QFX, with INTU.* tags)', async () => {
    expect(parseOfx(await read('statement-v2.qfx'))).toEqual({
      version: 2,
      statements: [
        {
          kind: 'creditcard',
          accountId: '4242424242424242',
          currency: 'USD',
          ledger: { amount: -1119.29, date: '2026-10-31', asOf: '20261031235959.000[-8:PST]' },
          available: { amount: 3880.71, date: '2026-11-01', asOf: '20261101080000.000[-8:PST]' },
        },
      ],
    });
  });
});

describe('parseOfx: what real bank files do', () => {
  it('copes with empty elements left open (<MEMO> with no value)', () => {
    const text = sgml(`${ACCOUNT}\n<BANKTRANLIST>\n<STMTTRN>\n<TRNAMT>-1.00\n<MEMO>\n<NAME>SHOP\n</STMTTRN>\n</BANKTRANLIST>\n${LEDGER}`);
    expect(parseOfx(text).statements[0]?.ledger.amount).toBe(10.5);
  });

  it('reads every statement of a file that holds several accounts', () => {
    const second = ACCOUNT.replace('DE00123', 'DE00999');
    const text = sgml(`${ACCOUNT}\n${LEDGER}\n</STMTRS></STMTTRNRS><STMTTRNRS><STMTRS>\n${second}\n${LEDGER.replace('10.50', '-3')}`);
    expect(parseOfx(text).statements.map((s) => [s.accountId, s.ledger.amount])).toEqual([
      ['DE00123', 10.5],
      ['DE00999', -3],
    ]);
  });

  it('accepts XML leaves closed on the same line, self-closing empty tags, comments and lowercase tags', () => {
    const text = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?>\n<ofx><!-- exported --><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><ACCTID>77</ACCTID></BANKACCTFROM><MEMO/><ledgerbal><balamt>1,5</balamt><dtasof>20240229</dtasof></ledgerbal></STMTRS></STMTTRNRS></BANKMSGSRSV1></ofx>`;
    expect(parseOfx(text)).toMatchObject({ version: 2, statements: [{ accountId: '77', ledger: { amount: 1.5, date: '2024-02-29' }, available: undefined }] });
  });

  it('decodes entities in values', () => {
    const text = sgml(ACCOUNT.replace('DE00123', 'A&amp;B&#233;') + '\n' + LEDGER);
    expect(parseOfx(text).statements[0]?.accountId).toBe('A&Bé');
  });

  it('decodes a CHARSET:1252 file as Windows-1252', () => {
    const text = sgml(`${ACCOUNT.replace('DE00123', 'CAF\u00e9')}\n${LEDGER}`);
    expect(parseOfx(decodeOfx(Buffer.from(text, 'latin1'))).statements[0]?.accountId).toBe('CAFé');
  });

  it('stays linear on hostile input (long tag names, many unclosed "<")', () => {
    const started = performance.now();
    const longTag = `<${'A'.repeat(100_000)}>x`;
    const manyOpen = '<A '.repeat(100_000);
    expect(() => parseOfx(sgml(`${ACCOUNT}\n${longTag}\n${manyOpen}\n${LEDGER}`))).not.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('parseOfx: what it refuses, and why', () => {
  it.each([
    ['Date,Amount\n31/10/2026,1.00', 'no <OFX> element: this is not an OFX or QFX file'],
    ['OFXHEADER:100\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>', 'no bank (STMTRS) or credit-card (CCSTMTRS) statement in the file'],
    [sgml(LEDGER), 'a STMTRS statement has no BANKACCTFROM/ACCTID'],
    [sgml(ACCOUNT), 'the statement of account …0123 has no LEDGERBAL'],
    [sgml(`${ACCOUNT}\n${LEDGER.replace('10.50', '1.234,56')}`), 'LEDGERBAL of account …0123: BALAMT "1.234,56" is not an amount'],
    [sgml(`${ACCOUNT}\n${LEDGER.replace('20261031', '20260231')}`), 'LEDGERBAL of account …0123: DTASOF "20260231" is not an OFX date'],
  ])('%#: %s', (text, message) => {
    expect(() => parseOfx(text)).toThrow(OfxFormatError);
    expect(() => parseOfx(text)).toThrow(message);
  });
});

describe('OFX amounts and dates', () => {
  it.each([
    ['-1119.29', -1119.29],
    ['+12', 12],
    ['1234,56', 1234.56],
    ['-0.00', 0],
    ['1,234.56', undefined],
    ['', undefined],
  ])('amount %j is %s', (text, expected) => {
    expect(parseOfxAmount(text)).toBe(expected);
  });

  it.each([
    ['20261031', '2026-10-31'],
    ['20261031235959', '2026-10-31'],
    ['20261031235959.000[-5:EST]', '2026-10-31'],
    ['20261031120000[+1]', '2026-10-31'],
    ['20240229', '2024-02-29'],
    ['20230229', undefined],
    ['2026-10-31', undefined],
    ['202610', undefined],
  ])('DTASOF %j is the statement day %s (never shifted to UTC)', (text, expected) => {
    expect(parseOfxDate(text)).toBe(expected);
  });
});
