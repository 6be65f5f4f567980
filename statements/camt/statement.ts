// One camt statement (Stmt) or report (Rpt) as read, turned into a Statement or a skipped item: its balances signed,
// its booked entries summed by the add-up check and listed with their days (the history `daily` derives from), and
// the dialects read leniently. Some systems write no CdtDbtInd on any balance or entry, none on the balances while
// every entry has one (or the reverse), or no Sts on any entry, although the schema requires both: such a statement
// is read as credits, or as booked, only when it then adds up, and says so in its notes. A statement with some marks
// (or statuses) and not others among its balances, or among its entries, is never guessed.
import { addUp, describeAddUp } from '../add-up';
import { balanceKind, kindBySpelling, type BalanceKind } from '../balance-kinds';
import { equals, negate, parseDecimal, toPlain, type Decimal } from '../decimal';
import type { SkippedItem, Statement, StatementBalance, StatementEntry, StatementHistory } from '../types';
import { amountProblem, dayOf } from './values';

/** A Bal as written. */
export interface BalanceDraft {
  code: string;
  subtype: string;
  amount: string;
  currency: string;
  /** `CRDT`, `DBIT`, something else, or `''` when the file gives none. */
  indicator: string;
  date: string;
  line: number;
}

/** An Ntry as written. */
export interface EntryDraft {
  amount: string;
  currency: string;
  /** `CRDT`, `DBIT`, something else, or `''` when the file gives none. */
  indicator: string;
  /** `BOOK`, `PDNG`, `INFO`..., or `''` when the file gives none. */
  status: string;
  /** BookgDt's Dt or DtTm; `''` for a BookgDt with neither; undefined without BookgDt. The same for ValDt. */
  booked: string | undefined;
  value: string | undefined;
  line: number;
}

/** A Stmt or Rpt as written. */
export interface StatementDraft {
  number: number;
  line: number;
  reference: string;
  account: { id: string; scheme: 'iban' | 'other' } | undefined;
  currency: string;
  balances: BalanceDraft[];
  entries: EntryDraft[];
}

/** What a statement read leniently lacks, as its notes and reasons say it. */
const LACKS = {
  marks: 'its balances and entries have no CdtDbtInd (credit or debit), which camt requires',
  balanceMarks: 'its balances have no CdtDbtInd (credit or debit), which camt requires, while its entries have one',
  entryMarks: 'its entries have no CdtDbtInd (credit or debit), which camt requires, while its balances have one',
  statuses: 'its entries have no Sts (booked, pending or information), which camt requires',
} as const;

/** Which CdtDbtInd a statement lacks: on every balance and entry, on its balances only, or on its entries only. */
type LackedMarks = 'all' | 'balances' | 'entries';

/** How a statement that lacks marks or statuses is read: `them` after "reading", `read` before "it adds up". */
function readingOf(marks: LackedMarks | undefined, lacksStatuses: boolean): { them: string; read: string } {
  if (marks === 'balances') {
    const entries = lacksStatuses ? ' and its entries as booked' : '';
    return { them: `its balances as credits${entries}`, read: `with its balances read as credits${entries}` };
  }
  const as = marks === undefined ? 'booked' : lacksStatuses ? 'booked credits' : 'credits';
  return marks === 'entries'
    ? { them: `its entries as ${as}`, read: `with its entries read as ${as}` }
    : { them: `them as ${as}`, read: `read as ${as}` };
}

/** The statement the draft holds, or why it is skipped. */
export function finish(draft: StatementDraft, type: string): Statement | SkippedItem {
  const location = `statement ${draft.number} (line ${draft.line})`;
  const account = draft.account?.id;
  const skip = (reason: string): SkippedItem => ({
    location,
    line: draft.line,
    ...(account ? { account } : {}),
    reason,
  });
  const notes: string[] = [];

  // Marks: all given; or none on the balances, or none on the entries, or none at all (read as credits, if it adds
  // up). A zero amount needs none: its sign changes nothing.
  const tally = {
    balances: { marked: 0, unmarked: undefined as { line: number; what: string } | undefined },
    entries: { marked: 0, unmarked: undefined as { line: number; what: string } | undefined },
  };
  const signedAndTallied = (
    text: string,
    indicator: string,
    line: number,
    what: string,
    group: keyof typeof tally,
  ): Decimal => {
    const amount = parseDecimal(text)!;
    if (indicator !== '') tally[group].marked += 1;
    else if (amount.units !== 0n) tally[group].unmarked ??= { line, what };
    return indicator === 'DBIT' && amount.units !== 0n ? negate(amount) : amount;
  };

  const kept: Array<{ draft: BalanceDraft; kind: BalanceKind; amount: Decimal; date: string }> = [];
  for (const b of draft.balances) {
    const what = `the balance ${b.code || '(no type)'}`;
    let kind = kindBySpelling('camt', b.code);
    if (kind === undefined) {
      notes.push(`line ${b.line}: ${what} is of a type this reader does not know: not used`);
      continue;
    }
    if (b.subtype === 'INTM')
      kind = kind === 'opening_booked' ? 'interim_opening' : kind === 'closing_booked' ? 'interim_closing' : kind;
    const wrong = amountWrong(b.amount) ?? indicatorProblem(b.indicator);
    if (wrong) return skip(`line ${b.line}: ${what} has ${wrong}`);
    const date = dayOf(b.date);
    if (date === undefined) return skip(`line ${b.line}: ${what} has the date "${b.date}", not a real YYYY-MM-DD date`);
    kept.push({ draft: b, kind, amount: signedAndTallied(b.amount, b.indicator, b.line, what, 'balances'), date });
  }

  // Statuses: all given (pending and information entries are left out), or none (all read as booked, if it adds up).
  const withStatus = draft.entries.filter((e) => e.status !== '').length;
  const lacksStatuses = withStatus === 0 && draft.entries.length > 0;
  if (withStatus > 0 && withStatus < draft.entries.length) {
    const first = draft.entries.find((e) => e.status === '')!;
    return skip(
      `line ${first.line}: an entry has no Sts (booked, pending or information) while other entries of the statement have one: whether it is booked is not guessed`,
    );
  }
  const booked = lacksStatuses ? draft.entries : draft.entries.filter((e) => e.status === 'BOOK');
  const amounts: Decimal[] = [];
  for (const e of booked) {
    const wrong = amountWrong(e.amount) ?? indicatorProblem(e.indicator);
    if (wrong) return skip(`line ${e.line}: the entry has ${wrong}`);
    amounts.push(signedAndTallied(e.amount, e.indicator, e.line, 'the entry', 'entries'));
  }
  for (const group of ['balances', 'entries'] as const) {
    const { marked, unmarked } = tally[group];
    if (unmarked && marked > 0)
      return skip(
        `line ${unmarked.line}: ${unmarked.what} has no CdtDbtInd (credit or debit) while other ${group} of the statement have one: its sign is not guessed`,
      );
  }
  const { balances: b, entries: e } = tally;
  const marks: LackedMarks | undefined =
    b.unmarked || e.unmarked ? (b.marked + e.marked === 0 ? 'all' : b.unmarked ? 'balances' : 'entries') : undefined;

  if (!draft.account || !account)
    return skip('it has no Acct/Id (IBAN or Othr/Id), so the account it is for is unknown');
  const balances: StatementBalance[] = kept.map(({ draft: b, kind, amount, date }) => ({
    kind,
    date,
    amount: toPlain(amount),
    currency: b.currency || undefined,
    location: `line ${b.line}`,
    line: b.line,
  }));
  const statement: Statement = {
    format: 'camt',
    type,
    number: draft.number,
    location,
    line: draft.line,
    ...(draft.reference ? { reference: draft.reference } : {}),
    account: draft.account,
    currency: draft.currency || balances[0]?.currency,
    balances,
    notes,
  };

  const opening = balances.find((b) => balanceKind(b.kind).role === 'opening');
  const closing = balances.find((b) => balanceKind(b.kind).role === 'closing');
  let currencies: string[] = [];
  if (opening && closing) {
    currencies = [
      ...new Set(
        [opening.currency, closing.currency, ...booked.map((e) => e.currency)].filter((c): c is string => Boolean(c)),
      ),
    ];
    if (currencies.length > 1)
      notes.push(
        `its balances and entries are in ${currencies.join(', ')}: the add-up check needs one currency, so it was not made`,
      );
    else statement.addUp = addUp(opening.amount, amounts, closing.amount);
  }

  if (marks || lacksStatuses) {
    const lackedMarks = { all: LACKS.marks, balances: LACKS.balanceMarks, entries: LACKS.entryMarks };
    const lacked = [...(marks ? [lackedMarks[marks]] : []), ...(lacksStatuses ? [LACKS.statuses] : [])].join(', and ');
    const { them, read } = readingOf(marks, lacksStatuses);
    const unchecked =
      !opening || !closing
        ? 'with no opening and closing balance'
        : !statement.addUp
          ? `as its balances and entries are in ${currencies.join(', ')}`
          : undefined;
    if (unchecked !== undefined && !marks) {
      // Only the statuses are missing: the balances carry their own marks and stand as stated (as they did before this
      // dialect was read); which entries are booked is unknown, so no day is derived from them.
      const why = `${LACKS.statuses}, and ${unchecked} the add-up check cannot show which are booked`;
      notes.push(`${why}: its balances are as the file states them, its entries are not used`);
      statement.history = { entries: [], problem: why };
      return statement;
    }
    if (!opening || !closing)
      return skip(
        `${lacked}, and with no opening and closing balance the statement cannot show that reading ${them} is right`,
      );
    if (!statement.addUp)
      return skip(
        `${lacked}, and as its balances and entries are in ${currencies.join(', ')} the add-up check that would show reading ${them} is right cannot be made`,
      );
    if (!statement.addUp.ok) return skip(`${lacked}, and ${read} ${describeAddUp(statement.addUp)}`);
    // Balances read as credits next to marked entries: the add-up tells a credit balance from a debit one, except
    // when both are equal and the entries sum to zero (then debits add up as well).
    const open = parseDecimal(opening.amount)!;
    if (marks === 'balances' && open.units !== 0n && equals(open, parseDecimal(closing.amount)!))
      return skip(
        `${lacked}, and ${read} it adds up, but so it would were both debits: its opening and closing balances are equal and its entries sum to zero, so their sign is not guessed`,
      );
    notes.push(
      `${lacked}: ${read.replace(/^with /, '')}, and the statement adds up so${marks === 'all' ? ' (as it would were every balance and entry a debit: the file cannot tell the two apart)' : ''}`,
    );
    // The add-up vouches only for its own balances' signs.
    if (marks === 'all' || marks === 'balances') {
      const unsure = balances.filter((b, i) => b !== opening && b !== closing && kept[i]!.amount.units !== 0n);
      for (const b of unsure)
        notes.push(
          `line ${b.line}: the ${balanceKind(b.kind).description} has no CdtDbtInd and the add-up check does not cover it, so its sign is unknown: not used`,
        );
      statement.balances = balances.filter((b) => !unsure.includes(b));
    }
  }
  statement.history = historyOf(booked, amounts);
  return statement;
}

/** Why an amount is not one, as the end of a sentence. */
function amountWrong(amount: string): string | undefined {
  const problem = amountProblem(amount);
  return problem && `the amount "${amount}", ${problem}`;
}

/** Why a CdtDbtInd is not one, as the end of a sentence; none given is left to the statement's rule above. */
function indicatorProblem(indicator: string): string | undefined {
  return indicator === '' || indicator === 'CRDT' || indicator === 'DBIT'
    ? undefined
    : `CdtDbtInd "${indicator}", not CRDT or DBIT`;
}

/** Each booked entry with its day (BookgDt, else ValDt), in file order; a day that cannot be read is a problem, never guessed. */
function historyOf(booked: readonly EntryDraft[], amounts: readonly Decimal[]): StatementHistory {
  const entries: StatementEntry[] = [];
  const days = new Map<string, string | undefined>(); // a statement's entries share a few days
  for (let i = 0; i < booked.length; i += 1) {
    const e = booked[i]!;
    const text = e.booked ?? e.value;
    if (text === undefined)
      return {
        entries: [],
        problem: `line ${e.line}: a booked entry has neither BookgDt nor ValDt, so the day it was booked is unknown`,
      };
    let date = days.get(text);
    if (date === undefined && !days.has(text)) {
      date = dayOf(text);
      days.set(text, date);
    }
    if (date === undefined)
      return {
        entries: [],
        problem: `line ${e.line}: a booked entry's ${e.booked !== undefined ? 'BookgDt' : 'ValDt'} is "${text}", not a real YYYY-MM-DD date, so the day it was booked is unknown`,
      };
    entries.push({ date, amount: amounts[i]!.units < 0n ? `-${e.amount}` : e.amount, line: e.line }); // as written, signed
  }
  return { entries };
}
