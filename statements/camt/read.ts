// ISO 20022 cash management: camt.053 bank-to-customer statements and camt.052 account reports, every version,
// told apart by the document's namespace. camt.054 (debit/credit notifications) carries entries but no balance and is
// refused with that reason. Read in one streaming pass with saxes, a well-kept XML parser; a DOCTYPE is refused, so
// no DTD and no entity beyond XML's five is ever read (no entity expansion, no external fetch).
import { SaxesParser } from 'saxes';
import { addUp } from '../add-up';
import { balanceKind, kindBySpelling, type BalanceKind } from '../balance-kinds';
import { calendarDay } from '../dates';
import { negate, parseDecimal, toPlain, type Decimal } from '../decimal';
import { StatementFormatError } from '../errors';
import { bomEncoding, isEncoding } from '../text';
import type { SkippedItem, Statement, StatementBalance, StatementFile } from '../types';

/** The namespaces read: `urn:iso:std:iso:20022:tech:xsd:camt.053.001.08` -> message 053, version 001.08. */
const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\.(\d{3}\.\d{2})$/;
/** The camt messages: which element holds one statement, what it is called, and why a message is refused. */
const MESSAGES: Record<string, { element: string; type: string } | { refused: string }> = {
  '053': { element: 'Stmt', type: 'statement' },
  '052': { element: 'Rpt', type: 'report' },
  '054': { refused: 'a camt.054 debit/credit notification lists entries but carries no balance, so there is nothing to write: use the bank\'s camt.053 statement (or camt.052 report) instead' },
};
/** Bytes decoded per step: the text is never held whole. */
const CHUNK = 1 << 20;

interface BalanceDraft {
  code: string;
  subtype: string;
  amount: string;
  currency: string;
  indicator: string;
  date: string;
  line: number;
}
interface EntryDraft {
  amount: string;
  currency: string;
  indicator: string;
  status: string;
}
interface StatementDraft {
  number: number;
  line: number;
  reference: string;
  account: { id: string; scheme: 'iban' | 'other' } | undefined;
  currency: string;
  balances: StatementBalance[];
  entries: Decimal[];
  entryCurrencies: Set<string>;
  notes: string[];
  broken: string | undefined;
}

/** The parts of a statement read: its Id, its account, its balances, its entries' own amounts and status. */
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

  parser.on('doctype', () => fail('the XML has a DOCTYPE: refused, as camt files never have one (no DTD or entity is ever read)'));
  parser.on('opentag', (tag) => {
    level += 1;
    const colon = tag.name.indexOf(':');
    const local = colon < 0 ? tag.name : tag.name.slice(colon + 1);
    if (level === 1) {
      message = messageOf(String(tag.attributes[colon < 0 ? 'xmlns' : `xmlns:${tag.name.slice(0, colon)}`] ?? ''), fail);
      return;
    }
    if (!draft) {
      if (message && local === message.element) {
        at = level;
        draft = { number: statements.length + skipped.length + 1, line: parser.line, reference: '', account: undefined, currency: '', balances: [], entries: [], entryCurrencies: new Set(), notes: [], broken: undefined };
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
    if (depth === 1 && local === 'Bal') balance = { code: '', subtype: '', amount: '', currency: '', indicator: '', date: '', line: parser.line };
    else if (depth === 1 && local === 'Ntry') entry = { amount: '', currency: '', indicator: '', status: '' };
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
        addBalance(draft, balance);
        balance = undefined;
      } else if (depth === 1 && entry) {
        addEntry(draft, entry);
        entry = undefined;
      }
    }
    rel.pop();
    text = '';
    capture = false;
  });

  try {
    const decoder = new TextDecoder(encodingOf(bytes));
    for (let i = 0; i < bytes.length; i += CHUNK) parser.write(decoder.decode(bytes.subarray(i, i + CHUNK), { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (failure) throw failure;
    throw new StatementFormatError(`not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!message) throw new StatementFormatError('no XML element in the file');
  if (statements.length === 0 && skipped.length === 0) throw new StatementFormatError(`no ${message.element} element in the ${message.name} document`);
  return { format: 'camt', formatName: message.name, statements, skipped };
}

/** The message the root element's namespace names, or a refusal. */
function messageOf(uri: string, fail: (reason: string) => never): { element: string; type: string; name: string } {
  const m = NAMESPACE.exec(uri);
  if (!m) fail(uri ? `an XML document in namespace ${uri}, not an ISO 20022 camt.052 or camt.053 statement` : 'an XML document without a namespace, not an ISO 20022 camt.052 or camt.053 statement');
  const known = MESSAGES[m![1]!];
  const name = `camt.${m![1]}.${m![2]}`;
  if (!known) fail(`${name} is an ISO 20022 message but not a statement: only camt.053 statements and camt.052 reports are read`);
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
  else if (draft.account === undefined && /^Acct\/Id\/[^/]+\/Id$/.test(rel)) draft.account = { id: value, scheme: 'other' }; // Othr/Id, PrtryAcct/Id (version 1)
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
  else if (rel === 'Ntry/Sts' || rel === 'Ntry/Sts/Cd') entry.status ||= value; // Sts text before version 8, Sts/Cd since
}

const AMOUNT = /^\d{1,18}(?:\.\d{1,18})?$/;

function addBalance(draft: StatementDraft, b: BalanceDraft): void {
  if (draft.broken) return;
  const where = `line ${b.line}: the balance ${b.code || '(no type)'}`;
  let kind: BalanceKind | undefined = kindBySpelling('camt', b.code);
  if (kind === undefined) {
    draft.notes.push(`${where} is of a type this reader does not know: not used`);
    return;
  }
  if (b.subtype === 'INTM') {
    if (kind === 'opening_booked') kind = 'interim_opening';
    else if (kind === 'closing_booked') kind = 'interim_closing';
  }
  if (!AMOUNT.test(b.amount)) return void (draft.broken = `${where} has the amount "${b.amount}", not a decimal amount such as 1234.56`);
  if (b.indicator !== 'CRDT' && b.indicator !== 'DBIT') return void (draft.broken = `${where} has CdtDbtInd "${b.indicator}", not CRDT or DBIT`);
  const date = dayOf(b.date);
  if (date === undefined) return void (draft.broken = `${where} has the date "${b.date}", not a real YYYY-MM-DD date`);
  const amount = parseDecimal(b.amount)!;
  const signed = b.indicator === 'DBIT' && amount.units !== 0n ? negate(amount) : amount;
  draft.balances.push({ kind, date, amount: toPlain(signed), currency: b.currency || undefined, location: `line ${b.line}`, line: b.line });
}

function addEntry(draft: StatementDraft, e: EntryDraft): void {
  if (draft.broken || (e.status !== '' && e.status !== 'BOOK')) return; // pending and information entries are not booked
  if (!AMOUNT.test(e.amount) || (e.indicator !== 'CRDT' && e.indicator !== 'DBIT')) {
    draft.broken = `an entry has the amount "${e.amount}" and CdtDbtInd "${e.indicator}", so the statement cannot be checked`;
    return;
  }
  const amount = parseDecimal(e.amount)!;
  draft.entries.push(e.indicator === 'DBIT' ? negate(amount) : amount);
  if (e.currency) draft.entryCurrencies.add(e.currency);
}

/** The calendar day of `2026-10-31` or `2026-10-31T23:59:59+01:00`: the day as written, in the file's own time zone. */
function dayOf(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/.exec(text);
  return m ? calendarDay(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

function finish(draft: StatementDraft, type: string): Statement | SkippedItem {
  const location = `statement ${draft.number} (line ${draft.line})`;
  const account = draft.account?.id;
  if (draft.broken) return { location, line: draft.line, ...(account ? { account } : {}), reason: draft.broken };
  if (!draft.account || !account) return { location, line: draft.line, reason: 'it has no Acct/Id (IBAN or Othr/Id), so the account it is for is unknown' };
  const currency = draft.currency || draft.balances[0]?.currency;
  const statement: Statement = {
    format: 'camt',
    type,
    number: draft.number,
    location,
    line: draft.line,
    ...(draft.reference ? { reference: draft.reference } : {}),
    account: draft.account,
    currency,
    balances: draft.balances,
    notes: draft.notes,
  };
  const opening = draft.balances.find((b) => balanceKind(b.kind).role === 'opening');
  const closing = draft.balances.find((b) => balanceKind(b.kind).role === 'closing');
  if (opening && closing) {
    const currencies = new Set([opening.currency, closing.currency, ...draft.entryCurrencies].filter(Boolean));
    if (currencies.size > 1) statement.notes.push(`its balances and entries are in ${[...currencies].join(', ')}: the add-up check needs one currency, so it was not made`);
    else statement.addUp = addUp(opening.amount, draft.entries, closing.amount);
  }
  return statement;
}
