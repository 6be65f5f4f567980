// MT940 customer statements, bare (as banks export them) or inside SWIFT blocks {1:…}{2:…}{4: … -}, with several
// statements and accounts per file, pages (:60M:/:62M:), D/C marks, RC/RD reversals, the decimal comma (or a single
// decimal point), blanks for the entry date, control bytes (a DOS Ctrl-Z) around lines, blanks before a tag (a file
// with every line indented), a line holding only `-` inside wrapped text, and an entry after the closing balance
// (reported, not counted). An MT942 interim report carries entries and their sums (:90D:/:90C:) but no balance: it is
// read as a report with none. One pass over the lines, no line array and no backtracking pattern: a 20 MB file is
// read in a fraction of a second.
import { addUp } from '../add-up';
import { kindBySpelling, balanceKind } from '../balance-kinds';
import { toPlain, type Decimal } from '../decimal';
import { StatementFormatError } from '../errors';
import { decodeUtf8OrWindows1252 } from '../text';
import type { SkippedItem, Statement, StatementBalance, StatementEntry, StatementFile } from '../types';
import { bookingDay, isDigit, readBalance, readEntry } from './fields';

/** The reports whose fields say they are MT942: floor limit, date/time indication, sums of entries. */
const MT942_TAGS = new Set(['34F', '13D', '90D', '90C']);
/**
 * The fields a message starts with. None of them can follow an entry's text inside a message, so after a line holding
 * only `-` they show that the `-` ended the message; any other field shows that the `-` was part of the text.
 */
const MESSAGE_HEAD_TAGS = new Set(['20', '21', '25', '28', '28C', '34F', '13D', '60F', '60M']);

/** A statement being read. */
interface Draft {
  number: number;
  line: number;
  reference: string;
  account: string | undefined;
  balances: StatementBalance[];
  entries: Decimal[];
  /** The same entries with the day each was booked, for `history`, until one day cannot be read. */
  days: StatementEntry[];
  /** Why an entry's day cannot be read, once one cannot. */
  dayProblem: string | undefined;
  /** The last entry's dates and the day they make. */
  lastDay: { valueDate: string; entryDate: string | undefined; date: string } | undefined;
  report: boolean;
  /** Why it cannot be used, once something in it could not be read. */
  broken: string | undefined;
  /** The line of its closing balance :62F:, once read. */
  closedAt: number | undefined;
  /** The :61: entries after its closing balance: not counted, and reported. */
  afterClosing: Array<{ line: number; text: string }>;
}

/** Reads an MT940 (or MT942) file. Throws StatementFormatError when it holds no statement at all. */
export function readMt940(bytes: Uint8Array): StatementFile {
  const { text } = decodeUtf8OrWindows1252(bytes);
  const statements: Statement[] = [];
  const skipped: SkippedItem[] = [];
  let draft: Draft | undefined;
  let numbered = 0; // statements begun (skipped also holds entries reported on their own)
  const nextNumber = () => {
    numbered += 1;
    return numbered;
  };
  let field: { tag: string; line: number; value: string } | undefined;
  let message942 = false; // block 2 of the current SWIFT message says 942
  let inBlock = false; // inside a {4: block, where only -} ends the message
  // A line holding only `-` outside a {4: block, with the lines after it, until the next field says whether it
  // ended the message (the next field starts one, or the file ends) or was part of the text before it.
  let held: string | undefined;

  const finishField = () => {
    if (field) {
      draft ??= newDraft(nextNumber(), field.line);
      readField(draft, field.tag, field.value, field.line);
    }
    field = undefined;
  };
  const finishStatement = () => {
    finishField();
    if (draft) {
      if (message942) draft.report = true;
      const done = finish(draft);
      if ('reason' in done) skipped.push(done);
      else {
        statements.push(done);
        skipped.push(...draft.afterClosing.map((e) => entryAfterClosing(draft!, e)));
      }
    }
    draft = undefined;
  };
  const endMessage = () => {
    finishStatement();
    message942 = false;
    inBlock = false;
  };

  let lineNumber = 0;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNumber += 1;
    // Control bytes at either end (the CR of CRLF, a DOS Ctrl-Z before :20:) are not part of the line.
    let from = start;
    let to = end;
    while (from < to && isControl(text.charCodeAt(from))) from += 1;
    while (to > from && isControl(text.charCodeAt(to - 1))) to -= 1;
    let line = text.slice(from, to);
    start = end + 1;
    // Blanks before a tag, a SWIFT header or a `-` are not content (a file with every line indented); blanks before
    // anything else are, as in an indented continuation of :86: text.
    const first = line.charCodeAt(0);
    if (first === 32 || first === 9) {
      const bare = line.replace(/^[ \t]+/, '');
      if (isStructural(bare)) line = bare;
    }
    if (line.charCodeAt(0) === 123 /* { */ && isDigit(line.charCodeAt(1)) && line.charCodeAt(2) === 58 /* : */) {
      // A SWIFT header: {1:...}{2:O940...}{3:...}{4: (on one line or several), then maybe the first field.
      held = undefined;
      finishStatement();
      if (line.startsWith('{1:')) message942 = false;
      const block2 = line.indexOf('{2:');
      if (block2 >= 0) message942 = line.startsWith('942', block2 + 4); // {2:I942… or {2:O942…
      const body = line.indexOf('{4:');
      inBlock = body >= 0;
      if (body < 0) continue;
      line = line.slice(body + 3);
    }
    if (line.charCodeAt(0) === 45 /* - */) {
      if (line.charCodeAt(1) === 125 /* } */ || (!inBlock && line.startsWith('XXX', 1))) {
        held = undefined;
        endMessage(); // -} (then {5:...}), and outside a block -XXX
        continue;
      }
      if (!inBlock && line.trim() === '-') {
        held = held === undefined ? line : `${held}\n${line}`;
        continue;
      }
    }
    const tag = tagOf(line);
    if (held !== undefined) {
      if (tag === undefined) {
        held += `\n${line}`; // a bank's header line, or more of the text: the next field tells
        continue;
      }
      if (MESSAGE_HEAD_TAGS.has(tag)) endMessage();
      else if (field) field.value += `\n${held}`;
      held = undefined;
    }
    if (tag === undefined) {
      if (field) field.value += `\n${line}`; // a continuation line; before any field: a bank's preamble, not read
      continue;
    }
    finishField();
    if (tag === '20') {
      finishStatement();
      draft = newDraft(nextNumber(), lineNumber);
      draft.reference = line.slice(4).trim();
      continue;
    }
    field = { tag, line: lineNumber, value: line.slice(tag.length + 2) };
  }
  finishStatement(); // a `-` still held ended the last message: the file ends
  if (statements.length === 0 && skipped.length === 0) {
    throw new StatementFormatError(
      'no MT940 statement in the file (a :20: reference, a :25: account and balances such as :62F:)',
    );
  }
  return {
    format: 'mt940',
    formatName: statements.some((s) => s.type === 'report') ? 'MT940/MT942' : 'MT940',
    statements,
    skipped,
  };
}

/** The tag of a field line (`:62F:` -> `62F`), or undefined for a continuation line. */
function tagOf(line: string): string | undefined {
  if (line.charCodeAt(0) !== 58 /* : */) return undefined;
  const d1 = line.charCodeAt(1);
  const d2 = line.charCodeAt(2);
  if (d1 < 48 || d1 > 57 || d2 < 48 || d2 > 57) return undefined;
  if (line.charCodeAt(3) === 58) return line.slice(1, 3);
  const letter = line.charCodeAt(3);
  if (letter >= 65 && letter <= 90 && line.charCodeAt(4) === 58) return line.slice(1, 4);
  return undefined;
}

/** A line that is a field, a SWIFT header, `-`, `-}` or `-XXX`: what the blanks before it do not belong to. */
function isStructural(line: string): boolean {
  if (tagOf(line) !== undefined) return true;
  if (line.charCodeAt(0) === 123 /* { */) return isDigit(line.charCodeAt(1)) && line.charCodeAt(2) === 58; /* : */
  return line.charCodeAt(0) === 45 /* - */ && (line.trimEnd() === '-' || line[1] === '}' || line.startsWith('XXX', 1));
}

/** A C0 control byte other than the tab. */
function isControl(code: number): boolean {
  return code < 32 && code !== 9;
}

function newDraft(number: number, line: number): Draft {
  return {
    number,
    line,
    reference: '',
    account: undefined,
    balances: [],
    entries: [],
    days: [],
    dayProblem: undefined,
    lastDay: undefined,
    report: false,
    broken: undefined,
    closedAt: undefined,
    afterClosing: [],
  };
}

/** Applies one field to the statement being read. */
function readField(draft: Draft, tag: string, value: string, line: number): void {
  if (draft.broken) return;
  if (MT942_TAGS.has(tag)) draft.report = true;
  if (tag === '25') draft.account = value.split('\n')[0]!.trim();
  else if (tag === '28C' || tag === '28') draft.reference = `${draft.reference} ${value.trim()}`.trim();
  else if (tag === '61' && draft.closedAt !== undefined) {
    // After :62F: in the same message (a `-` line, then more entries with no new :20:): it cannot move the balance
    // :62F: states, so the statement is checked without it, and the entry is reported.
    draft.afterClosing.push({ line, text: firstLine(value) });
  } else if (tag === '61') {
    const entry = readEntry(value);
    if (typeof entry === 'string') {
      draft.broken = `line ${line}: the entry :61:${firstLine(value)} ${entry}, so the statement cannot be checked`;
      return;
    }
    draft.entries.push(entry.amount);
    if (draft.dayProblem !== undefined) return;
    // Entries of one day are worked out once: a statement holds a few days, and many entries on each.
    let day = draft.lastDay;
    if (day?.valueDate !== entry.valueDate || day.entryDate !== entry.entryDate) {
      const booked = bookingDay(entry);
      if ('problem' in booked) {
        draft.dayProblem = `line ${line}: the entry :61:${firstLine(value)} ${booked.problem}, so the day it was booked is unknown`;
        return;
      }
      day = draft.lastDay = { valueDate: entry.valueDate, entryDate: entry.entryDate, date: booked.date };
    }
    draft.days.push({ date: day.date, amount: toPlain(entry.amount), line });
  } else {
    const kind = kindBySpelling('mt940', tag);
    if (kind === undefined) return;
    const stray = draft.afterClosing[0];
    if (stray && balanceKind(kind).role !== 'other') {
      // A balance after those entries: which balance they belong to is not guessed.
      draft.broken = `line ${line}: :${tag}: follows the entry at line ${stray.line}, which comes after the closing balance :62F: (line ${draft.closedAt}) in the same message: which balance its entries belong to is not guessed`;
      return;
    }
    const balance = readBalance(value.split('\n')[0]!, line, kind);
    if (typeof balance === 'string') draft.broken = `line ${line}: :${tag}:${firstLine(value)} ${balance}`;
    else draft.balances.push(balance);
    if (kind === 'closing_booked') draft.closedAt ??= line;
  }
}

function firstLine(value: string): string {
  const first = value.split('\n')[0]!;
  return first.length > 40 ? `${first.slice(0, 40)}…` : first;
}

/** An entry after the closing balance, reported: it is not counted, and the statement is checked without it. */
function entryAfterClosing(draft: Draft, entry: { line: number; text: string }): SkippedItem {
  return {
    location: `line ${entry.line}`,
    line: entry.line,
    ...(draft.account ? { account: draft.account } : {}),
    reason: `the entry :61:${entry.text} comes after the closing balance :62F: (line ${draft.closedAt}) of statement ${draft.number} (line ${draft.line}), in the same message: an entry after the closing balance cannot move the balance it states, so it is not counted and the statement is checked without it`,
  };
}

/** The statement, or why it cannot be used. */
function finish(draft: Draft): Statement | SkippedItem {
  const location = `statement ${draft.number} (line ${draft.line})`;
  const account = draft.account;
  const skip = (reason: string): SkippedItem => ({
    location,
    line: draft.line,
    ...(account ? { account } : {}),
    reason,
  });
  if (draft.broken) return skip(draft.broken);
  if (!account) return skip('it has no :25: account identification, so the account it is for is unknown');
  const iban = account.replace(/\s+/g, '');
  const statement: Statement = {
    format: 'mt940',
    type: draft.report ? 'report' : 'statement',
    number: draft.number,
    location,
    line: draft.line,
    ...(draft.reference ? { reference: draft.reference } : {}),
    account: /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)
      ? { id: iban, scheme: 'iban' }
      : { id: account, scheme: 'mt940' },
    currency: draft.balances[0]?.currency,
    balances: draft.balances,
    notes: draft.report ? ['an MT942 interim report: entries and their sums (:90D:/:90C:), no balance'] : [],
  };
  const opening = draft.balances.find((b) => balanceKind(b.kind).role === 'opening');
  const closing = draft.balances.find((b) => balanceKind(b.kind).role === 'closing');
  if (opening && closing && !draft.report) {
    if (opening.currency !== closing.currency)
      statement.notes.push(
        `its opening balance is in ${opening.currency} and its closing balance in ${closing.currency}: not checked`,
      );
    else statement.addUp = addUp(opening.amount, draft.entries, closing.amount);
  }
  // The history is what the add-up sums, day by day. Not from an MT942 report: its entries are not yet booked into
  // a balance it states, so no day's balance follows from them.
  if (!draft.report && (draft.entries.length > 0 || (opening && closing))) {
    statement.history = { entries: draft.days, ...(draft.dayProblem ? { problem: draft.dayProblem } : {}) };
  }
  return statement;
}
