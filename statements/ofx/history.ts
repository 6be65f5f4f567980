// The history an OFX bank or credit-card statement proves: its transactions (DTPOSTED, TRNAMT), from which each day's
// balance is derived back from LEDGERBAL. Only where the file shows the list is complete up to the balance's day:
// DTEND on or after DTASOF's day, nothing posted after that day, every amount and date readable; the days from
// DTSTART on. Otherwise the history carries the reason, and the ledger balance is written alone. The transaction
// list is passed over when the tree is built (most of a file); its text is scanned here for four tags only.
import { toPlain } from '../decimal';
import type { StatementEntry, StatementHistory } from '../types';
import type { OfxElement } from './tree';
import { parseOfxDate, parseOfxDecimal } from './values';

/** The tags read in a transaction list: its range, and each transaction's start, day and amount. */
const LIST_TAGS = /<(\/?)(STMTTRN|DTSTART|DTEND|DTPOSTED|TRNAMT)(?=[\s/>])[^<>]*>/gi;

/**
 * The history of a statement whose ledger balance is on `asOfDay`, from its transaction list (BANKTRANLIST) in `text`.
 * Transactions posted before DTSTART are left out: the list says nothing of the days before it.
 */
export function ofxHistory(text: string, list: OfxElement | undefined, asOfDay: string): StatementHistory {
  if (!list?.span) return { entries: [], problem: 'it has no transaction list (BANKTRANLIST)' };
  if (list.unclosed)
    return { entries: [], problem: `its BANKTRANLIST has no </BANKTRANLIST>, so where the list ends is unknown` };
  const values: Record<string, string | undefined> = {};
  const entries: StatementEntry[] = [];
  let open: { posted?: string; amount?: string } | undefined;
  let count = 0;
  let problem: string | undefined;
  const close = (): void => {
    if (!open || problem) return;
    count += 1;
    const date = parseOfxDate(open.posted ?? '');
    const amount = parseOfxDecimal(open.amount ?? '');
    if (date === undefined)
      problem = `transaction ${count} has ${open.posted === undefined ? 'no DTPOSTED' : `DTPOSTED "${open.posted}", not an OFX date`}`;
    else if (amount === undefined)
      problem = `transaction ${count} has ${open.amount === undefined ? 'no TRNAMT' : `TRNAMT "${open.amount}", not an amount`}`;
    else if (date > asOfDay)
      problem = `transaction ${count} is posted on ${date}, after the ledger balance's day ${asOfDay} (DTASOF), so the balance may not include it`;
    else entries.push({ date, amount: toPlain(amount) });
    open = undefined;
  };
  LIST_TAGS.lastIndex = list.span.from;
  for (let m = LIST_TAGS.exec(text); m && m.index < list.span.to && !problem; m = LIST_TAGS.exec(text)) {
    const name = m[2]!.toUpperCase();
    if (name === 'STMTTRN') {
      close();
      if (m[1] === '') open = {};
      continue;
    }
    if (m[1] === '/') continue;
    const end = text.indexOf('<', LIST_TAGS.lastIndex);
    const value = text.slice(LIST_TAGS.lastIndex, end < 0 || end > list.span.to ? list.span.to : end).trim();
    if (name === 'DTPOSTED' && open) open.posted = value;
    else if (name === 'TRNAMT' && open) open.amount = value;
    else if (!open) values[name] = value;
  }
  close();
  if (problem) return { entries: [], problem };
  const start = parseOfxDate(values.DTSTART ?? '');
  const end = parseOfxDate(values.DTEND ?? '');
  if (start === undefined)
    return {
      entries: [],
      problem:
        values.DTSTART === undefined
          ? 'its transaction list has no DTSTART'
          : `its transaction list's DTSTART "${values.DTSTART}" is not an OFX date`,
    };
  if (end === undefined)
    return {
      entries: [],
      problem:
        values.DTEND === undefined
          ? 'its transaction list has no DTEND'
          : `its transaction list's DTEND "${values.DTEND}" is not an OFX date`,
    };
  if (end < asOfDay)
    return {
      entries: [],
      problem: `its transaction list ends on ${end} (DTEND), before the ledger balance's day ${asOfDay} (DTASOF): what was posted between is not in the file`,
    };
  return { entries: entries.filter((e) => e.date >= start), completeToClosing: true };
}
