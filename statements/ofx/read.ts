// Reads the balances of OFX/QFX statements (the files banks offer for Quicken, Money or GnuCash), OFX 1.x (SGML)
// and 2.x (XML): the closing ledger balance of bank and credit-card statements, and the value of investment
// statements. A statement that cannot be used is skipped with its reason; only a file with no usable structure at
// all is refused (OfxFormatError).
//
// Why not an npm package: the ones checked (ofx-js 1.1.1, node-ofx-parser 0.5.1, ofx-data-extractor 1.5.0) either
// backtrack exponentially on long tag names, fail on empty elements (<MEMO> with no value), or fail on several
// statements in one file. The tree is built in one linear pass (ofx-tree.ts).
import { sum, toNumber, toPlain } from '../decimal';
import { StatementFormatError } from '../errors';
import { formatMoney, plural } from '../format';
import type { StatementHistory } from '../types';
import { bomEncoding, decodeText, isEncoding } from '../text';
import { ofxHistory } from './history';
import { buildTree, child, descendant, descendants, type OfxElement } from './tree';
import { parseOfxDate, parseOfxDecimal } from './values';

/** One balance with the day it is for. */
export interface OfxBalance {
  /** Exact decimal text: `-1119.29`. */
  amount: string;
  /** The statement's own calendar day (YYYY-MM-DD), from the first eight digits of DTASOF. */
  date: string;
  /** DTASOF as written, e.g. `20261031235959.000[-5:EST]`. */
  asOf: string;
}

export type StatementKindName = 'bank' | 'creditcard' | 'investment';

/** A statement whose balance can be written. */
export interface OfxStatement {
  /** 1-based position among the file's statements. */
  index: number;
  kind: StatementKindName;
  /** ACCTID of the statement's own account (BANKACCTFROM, CCACCTFROM or INVACCTFROM). */
  accountId: string;
  /** CURDEF, e.g. `USD`. */
  currency: string;
  /** The balance written to the ledger: LEDGERBAL, or an investment account's value. */
  balance: OfxBalance;
  /** How an investment value is made up: `cash 1,000.00 + 2 positions 2,500.00`. */
  detail?: string;
  /** AVAILBAL, when the statement has a readable one (printed, not stored). */
  available?: OfxBalance;
  /** Things noticed but not fatal (an unreadable AVAILBAL). */
  notes: string[];
  /** Bank and credit-card statements: the transactions from DTSTART on, or why they prove no day's balance. */
  history?: StatementHistory;
}

/** A statement that cannot be used, and why. The other statements of the file are still used. */
export interface SkippedStatement {
  index: number;
  kind: StatementKindName;
  /** ACCTID, when the statement names its account. */
  accountId: string | undefined;
  reason: string;
}

export interface OfxFile {
  /** `1` for SGML (OFXHEADER:100), `2` for XML (<?OFX OFXHEADER="200"?>). */
  version: 1 | 2;
  statements: OfxStatement[];
  skipped: SkippedStatement[];
}

/** The file is not an OFX file this reader can use at all; the message says what is missing. */
export class OfxFormatError extends StatementFormatError {
  override name = 'StatementFormatError';
}

type Reading =
  | { balance: OfxBalance; detail?: string; available?: OfxBalance; notes: string[]; history?: StatementHistory }
  | { reason: string };

/** The statement types this reader knows: each with its tag, its account aggregate, and how its balance is read. */
export const STATEMENT_KINDS: ReadonlyArray<{
  tag: string;
  kind: StatementKindName;
  description: string;
  accountFrom: string;
  read: (statement: OfxElement, text: string) => Reading;
}> = [
  { tag: 'STMTRS', kind: 'bank', description: 'bank account', accountFrom: 'BANKACCTFROM', read: readLedger },
  { tag: 'CCSTMTRS', kind: 'creditcard', description: 'credit card', accountFrom: 'CCACCTFROM', read: readLedger },
  {
    tag: 'INVSTMTRS',
    kind: 'investment',
    description: 'investment account',
    accountFrom: 'INVACCTFROM',
    read: readInvestment,
  },
];

/** Lists of transactions: an ACCTID in them (a transfer's BANKACCTTO) is never the statement's own account. */
const TRANSACTION_LISTS = new Set(['BANKTRANLIST', 'INVTRANLIST', 'STMTTRN', 'INVBANKTRAN']);
/** The aggregates whose content is never read: most of a file, passed over without building its elements. */
const NOT_READ = new Set(['BANKTRANLIST', 'INVTRANLIST', 'SECLISTMSGSRSV1', 'BALLIST']);
/** The leaves this reader reads; others are not kept (a file of positions has millions). */
const LEAVES_READ = new Set([
  'ACCTID',
  'CURDEF',
  'BALAMT',
  'DTASOF',
  'AVAILCASH',
  'MKTVAL',
  'UNIQUEID',
  'CODE',
  'MESSAGE',
]);

/**
 * Decodes an OFX file's bytes: a byte-order mark decides (UTF-8, UTF-16), else UTF-16 without one is recognised by
 * its zero bytes, else the header does: OFX 1.x `CHARSET:1252` (or ISO-8859-1) and `ENCODING:UTF-8`, OFX 2.x the XML
 * declaration's encoding. The default is UTF-8.
 */
export function decodeOfx(bytes: Uint8Array): string {
  if (bomEncoding(bytes)) return decodeText(bytes, 'utf-8').text;
  if (bytes.length >= 4 && bytes[1] === 0 && bytes[3] === 0 && bytes[0] !== 0)
    return decodeText(bytes, 'utf-16le').text;
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[2] === 0 && bytes[1] !== 0)
    return decodeText(bytes, 'utf-16be').text;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const charset = /^CHARSET:\s*(\S+)/im.exec(head)?.[1]?.toUpperCase();
  const encoding = /^ENCODING:\s*(\S+)/im.exec(head)?.[1]?.toUpperCase();
  const xml = /<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
  let label = 'utf-8';
  if (encoding !== 'UTF-8' && (charset === '1252' || charset === 'ISO-8859-1' || charset === '8859-1'))
    label = 'windows-1252';
  else if (xml && isEncoding(xml)) label = xml;
  return decodeText(bytes, label).text;
}

/** Reads every statement of an OFX/QFX file's text. Throws OfxFormatError only when no statement can be found. */
export function parseOfx(text: string): OfxFile {
  const start = text.search(/<OFX>/i);
  if (start < 0) {
    const hint = text.includes('\u0000') ? ' (it looks like UTF-16 text that this reader could not recognise)' : '';
    throw new OfxFormatError(`no <OFX> element: this is not an OFX or QFX file${hint}`);
  }
  const header = text.slice(0, start);
  const version: 1 | 2 = /OFXHEADER\s*=\s*"?2/i.test(header) || /^\s*<\?xml/i.test(header) ? 2 : 1;
  const body = text.slice(start);
  const root = buildTree(body, { skip: NOT_READ, leaves: LEAVES_READ });
  const tags = new Map(STATEMENT_KINDS.map((k) => [k.tag, k]));
  const found = descendants(root, new Set(tags.keys()));
  if (found.length === 0)
    throw new OfxFormatError(
      `no bank (STMTRS), credit-card (CCSTMTRS) or investment (INVSTMTRS) statement in the file${statusNote(root)}`,
    );

  const statements: OfxStatement[] = [];
  const skipped: SkippedStatement[] = [];
  for (const [i, element] of found.entries()) {
    const kind = tags.get(element.name)!;
    const index = i + 1;
    const from = descendant(element, kind.accountFrom, TRANSACTION_LISTS);
    const accountId = from ? child(from, 'ACCTID')?.text || undefined : undefined;
    if (accountId === undefined) {
      const reason = `the ${kind.description} statement (${kind.tag}) has no ${kind.accountFrom}/ACCTID, so the account it is for is unknown (an ACCTID elsewhere in it, such as a transfer's, is not used)`;
      skipped.push({ index, kind: kind.kind, accountId, reason });
      continue;
    }
    const reading = kind.read(element, body);
    if ('reason' in reading) skipped.push({ index, kind: kind.kind, accountId, reason: reading.reason });
    else {
      const currency = descendant(element, 'CURDEF', TRANSACTION_LISTS)?.text ?? '';
      statements.push({ index, kind: kind.kind, accountId, currency, ...reading });
    }
  }
  return { version, statements, skipped };
}

/** A bank or credit-card statement: LEDGERBAL is written; AVAILBAL is printed when readable; the transactions are its history. */
function readLedger(statement: OfxElement, text: string): Reading {
  const ledger = descendant(statement, 'LEDGERBAL', TRANSACTION_LISTS);
  if (!ledger) return { reason: `no LEDGERBAL (the closing balance) in the statement${unclosedList(statement)}` };
  const balance = readBalance(ledger);
  if ('reason' in balance) return balance;
  const notes: string[] = [];
  const availBal = descendant(statement, 'AVAILBAL', TRANSACTION_LISTS);
  const available = availBal ? readBalance(availBal) : undefined;
  if (available && 'reason' in available) notes.push(`available balance not shown: ${available.reason}`);
  const history = ofxHistory(text, descendant(statement, 'BANKTRANLIST'), balance.date);
  return { balance, notes, history, ...(available && !('reason' in available) ? { available } : {}) };
}

function readBalance(element: OfxElement): OfxBalance | { reason: string } {
  const amountText = child(element, 'BALAMT')?.text ?? '';
  const amount = parseOfxDecimal(amountText);
  if (amount === undefined)
    return { reason: `${element.name}/BALAMT ${amountText === '' ? 'is empty' : `"${amountText}" is not an amount`}` };
  const asOf = child(element, 'DTASOF')?.text ?? '';
  const date = parseOfxDate(asOf);
  if (date === undefined)
    return {
      reason: `${element.name}/DTASOF ${asOf === '' ? 'is missing' : `"${asOf}" is not an OFX date (YYYYMMDD...)`}`,
    };
  return { amount: toPlain(amount), date, asOf };
}

/**
 * An investment statement: the account's value on DTASOF is the cash (INVBAL/AVAILCASH) plus the market value of
 * every position (INVPOSLIST/.../INVPOS/MKTVAL, a short position's negative value as given). Either part may be
 * absent; with neither, there is no value.
 */
function readInvestment(statement: OfxElement): Reading {
  const asOf = child(statement, 'DTASOF')?.text ?? '';
  const date = parseOfxDate(asOf);
  if (date === undefined)
    return { reason: `INVSTMTRS/DTASOF ${asOf === '' ? 'is missing' : `"${asOf}" is not an OFX date (YYYYMMDD...)`}` };
  const invBal = descendant(statement, 'INVBAL', TRANSACTION_LISTS);
  const cashText = invBal ? child(invBal, 'AVAILCASH')?.text : undefined;
  const positionList = descendant(statement, 'INVPOSLIST', TRANSACTION_LISTS);
  if (cashText === undefined && !positionList) {
    return {
      reason: `neither a cash balance (INVBAL/AVAILCASH) nor positions (INVPOSLIST) in the investment statement: it states no value${unclosedList(statement)}`,
    };
  }
  const cash = cashText === undefined ? undefined : parseOfxDecimal(cashText);
  if (cashText !== undefined && cash === undefined)
    return { reason: `INVBAL/AVAILCASH "${cashText}" is not an amount` };
  const positions = positionList ? descendants(positionList, 'INVPOS') : [];
  const values = [];
  for (const [i, position] of positions.entries()) {
    const text = child(position, 'MKTVAL')?.text ?? '';
    const value = parseOfxDecimal(text);
    if (value === undefined) {
      const security = descendant(position, 'UNIQUEID')?.text;
      return {
        reason: `position ${i + 1}${security ? ` (${security})` : ''} has ${text === '' ? 'no MKTVAL' : `MKTVAL "${text}", not an amount`}: the account's value would be incomplete`,
      };
    }
    values.push(value);
  }
  const total = sum([...(cash ? [cash] : []), ...values]);
  const parts = [
    ...(cash ? [`cash ${formatMoney(toNumber(cash))}`] : []),
    ...(positionList ? [`${plural(values.length, 'position')} ${formatMoney(toNumber(sum(values)))}`] : []),
  ];
  return { balance: { amount: toPlain(total), date, asOf }, detail: parts.join(' + '), notes: [] };
}

/** A hint when a transaction list never ended, so what follows it was read as part of it. */
function unclosedList(statement: OfxElement): string {
  const list = descendants(statement, NOT_READ).find((e) => e.unclosed);
  return list ? ` (its ${list.name} has no </${list.name}>, so the rest of the file was taken as transactions)` : '';
}

/** What the server said, when a response carries an error status instead of a statement. */
function statusNote(root: OfxElement): string {
  const errors = descendants(root, 'STATUS')
    .map((s) => ({ code: child(s, 'CODE')?.text ?? '', message: child(s, 'MESSAGE')?.text ?? '' }))
    .filter((s) => s.code !== '' && s.code !== '0');
  if (errors.length === 0) return '';
  return `; the file reports ${errors.map((e) => `status ${e.code}${e.message ? ` "${e.message}"` : ''}`).join(', ')}`;
}
