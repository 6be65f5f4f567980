// ISO 20022 cash management: camt.053 bank-to-customer statements and camt.052 account reports, every version,
// told apart by the document's namespace. camt.054 (debit/credit notifications) carries entries but no balance and is
// refused with that reason. Read in one streaming pass with saxes, a well-kept XML parser; a DOCTYPE is refused, so
// no DTD and no entity beyond XML's five is ever read (no entity expansion, no external fetch).
import { SaxesParser } from 'saxes';
import { StatementFormatError } from '../errors';
import { bomEncoding, isEncoding } from '../text';
import type { SkippedItem, Statement, StatementFile } from '../types';
import { finish, type BalanceDraft, type EntryDraft, type StatementDraft } from './statement';

/** The namespaces read: `urn:iso:std:iso:20022:tech:xsd:camt.053.001.08` -> message 053, version 001.08. */
const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\.(\d{3}\.\d{2})$/;
/** The camt messages: which element holds one statement, what it is called, and why a message is refused. */
const MESSAGES: Record<string, { element: string; type: string } | { refused: string }> = {
  '053': { element: 'Stmt', type: 'statement' },
  '052': { element: 'Rpt', type: 'report' },
  '054': {
    refused:
      "a camt.054 debit/credit notification lists entries but carries no balance, so there is nothing to write: use the bank's camt.053 statement (or camt.052 report) instead",
  },
};
/** Bytes decoded per step: the text is never held whole. */
const CHUNK = 1 << 20;

/** The parts of a statement read: its Id, its account, its balances, its entries' own amounts, status and days. */
const READ_UNDER = new Set(['Id', 'Acct', 'Bal', 'Ntry']);
/** Deeper than this below the statement element nothing is read (an entry's details are most of a file). */
const DEEPEST_READ = 4;

/** Reads a camt.052 or camt.053 file. Throws StatementFormatError for camt.054, other XML, or XML that is not well formed. */
export function readCamt(bytes: Uint8Array): StatementFile {
  // Without saxes' namespace tracking (twice as slow): the root's xmlns attribute names the message, and element
  // names are read without their prefix.
  const parser = new SaxesParser({ position: true });
  const statements: Statement[] = [];
  const skipped: SkippedItem[] = [];
  let level = 0; // elements open
  let message: { element: string; type: string; name: string } | undefined;
  let at = -1; // the level of the statement element, while one is open
  const rel: string[] = []; // names below the statement element, down to DEEPEST_READ
  let draft: StatementDraft | undefined;
  let balance: BalanceDraft | undefined;
  let entry: EntryDraft | undefined;
  let text = '';
  let capture = false;
  let failure: StatementFormatError | undefined;
  const fail = (reason: string): never => {
    failure ??= new StatementFormatError(reason);
    throw failure;
  };

  parser.on('doctype', () =>
    fail('the XML has a DOCTYPE: refused, as camt files never have one (no DTD or entity is ever read)'),
  );
  parser.on('opentag', (tag) => {
    level += 1;
    const colon = tag.name.indexOf(':');
    const local = colon < 0 ? tag.name : tag.name.slice(colon + 1);
    if (level === 1) {
      message = messageOf(
        String(tag.attributes[colon < 0 ? 'xmlns' : `xmlns:${tag.name.slice(0, colon)}`] ?? ''),
        fail,
      );
      return;
    }
    if (!draft) {
      if (message && local === message.element) {
        at = level;
        draft = {
          number: statements.length + skipped.length + 1,
          line: parser.line,
          reference: '',
          account: undefined,
          currency: '',
          balances: [],
          entries: [],
        };
      }
      return;
    }
    const depth = level - at;
    capture = false;
    if (depth > DEEPEST_READ) return;
    rel.push(local);
    capture = READ_UNDER.has(rel[0]!) && !(rel[0] === 'Ntry' && depth > 3);
    if (!capture) return;
    text = '';
    if (depth === 1 && local === 'Bal')
      balance = { code: '', subtype: '', amount: '', currency: '', indicator: '', date: '', line: parser.line };
    else if (depth === 1 && local === 'Ntry')
      entry = {
        amount: '',
        currency: '',
        indicator: '',
        status: '',
        booked: undefined,
        value: undefined,
        line: parser.line,
      };
    else if (depth === 2 && local === 'Amt') {
      const currency = String(tag.attributes.Ccy ?? '');
      if (balance) balance.currency = currency;
      else if (entry) entry.currency = currency;
    }
  });
  parser.on('text', (t) => {
    if (capture) text += t;
  });
  parser.on('closetag', () => {
    const depth = level - at;
    level -= 1;
    if (!draft || depth > DEEPEST_READ) return;
    if (depth === 0) {
      const done = finish(draft, message!.type);
      if ('reason' in done) skipped.push(done);
      else statements.push(done);
      draft = undefined;
      at = -1;
      return;
    }
    if (READ_UNDER.has(rel[0]!)) {
      const path = rel.join('/');
      const value = text.trim();
      if (balance) readBalanceField(balance, path, value);
      else if (entry) readEntryField(entry, path, value);
      else readStatementField(draft, path, value);
      if (depth === 1 && balance) {
        draft.balances.push(balance);
        balance = undefined;
      } else if (depth === 1 && entry) {
        draft.entries.push(entry);
        entry = undefined;
      }
    }
    rel.pop();
    text = '';
    capture = false;
  });

  try {
    const decoder = new TextDecoder(encodingOf(bytes));
    for (let i = 0; i < bytes.length; i += CHUNK)
      parser.write(decoder.decode(bytes.subarray(i, i + CHUNK), { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (failure) throw failure;
    throw new StatementFormatError(`not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!message) throw new StatementFormatError('no XML element in the file');
  if (statements.length === 0 && skipped.length === 0)
    throw new StatementFormatError(`no ${message.element} element in the ${message.name} document`);
  return { format: 'camt', formatName: message.name, statements, skipped };
}

/** The message the root element's namespace names, or a refusal. */
function messageOf(uri: string, fail: (reason: string) => never): { element: string; type: string; name: string } {
  const m = NAMESPACE.exec(uri);
  if (!m)
    fail(
      uri
        ? `an XML document in namespace ${uri}, not an ISO 20022 camt.052 or camt.053 statement`
        : 'an XML document without a namespace, not an ISO 20022 camt.052 or camt.053 statement',
    );
  const known = MESSAGES[m![1]!];
  const name = `camt.${m![1]}.${m![2]}`;
  if (!known)
    fail(`${name} is an ISO 20022 message but not a statement: only camt.053 statements and camt.052 reports are read`);
  if ('refused' in known!) fail(known.refused);
  return { ...(known as { element: string; type: string }), name };
}

/** The encoding: a byte-order mark, else the XML declaration's, else UTF-8 (XML's default). */
function encodingOf(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes);
  if (bom) return bom;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1];
  return declared && isEncoding(declared) ? declared : 'utf-8';
}

function readStatementField(draft: StatementDraft, rel: string, value: string): void {
  if (rel === 'Id') draft.reference = value;
  else if (rel === 'Acct/Id/IBAN') draft.account = { id: value, scheme: 'iban' };
  else if (rel === 'Acct/Ccy') draft.currency = value;
  else if (draft.account === undefined && /^Acct\/Id\/[^/]+\/Id$/.test(rel))
    draft.account = { id: value, scheme: 'other' }; // Othr/Id, PrtryAcct/Id (version 1)
}

function readBalanceField(balance: BalanceDraft, rel: string, value: string): void {
  if (rel === 'Bal/Tp/CdOrPrtry/Cd' || rel === 'Bal/Tp/Cd') balance.code = value;
  else if (rel === 'Bal/Tp/CdOrPrtry/Prtry' && !balance.code) balance.code = `proprietary "${value}"`;
  else if (rel === 'Bal/Tp/SubTp/Cd') balance.subtype = value;
  else if (rel === 'Bal/Amt') balance.amount = value;
  else if (rel === 'Bal/CdtDbtInd') balance.indicator = value;
  else if (rel === 'Bal/Dt/Dt' || rel === 'Bal/Dt/DtTm') balance.date = value;
}

function readEntryField(entry: EntryDraft, rel: string, value: string): void {
  if (rel === 'Ntry/Amt') entry.amount = value;
  else if (rel === 'Ntry/CdtDbtInd') entry.indicator = value;
  else if (rel === 'Ntry/Sts' || rel === 'Ntry/Sts/Cd')
    entry.status ||= value; // Sts text before version 8, Sts/Cd since
  else if (rel === 'Ntry/Sts/Prtry')
    entry.status ||= `proprietary "${value}"`; // a status, just not BOOK
  else if (rel === 'Ntry/BookgDt/Dt' || rel === 'Ntry/BookgDt/DtTm') entry.booked = value;
  else if (rel === 'Ntry/ValDt/Dt' || rel === 'Ntry/ValDt/DtTm') entry.value = value;
  else if (rel === 'Ntry/BookgDt')
    entry.booked ??= ''; // there, but with neither Dt nor DtTm
  else if (rel === 'Ntry/ValDt') entry.value ??= '';
}
