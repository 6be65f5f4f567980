// What the readers give back: statements with their balances, and what was skipped, with reasons. Amounts are exact
// decimal strings (`-1234.50`, as written, never rounded through a floating-point number).
import type { BalanceKind } from './balance-kinds';

/** The formats read, by id. */
export type StatementFormatId = 'ofx' | 'mt940' | 'camt' | 'csv';

/** The account a statement is for, as the file names it. */
export interface StatementAccount {
  /**
   * As written: an IBAN (camt `Acct/Id/IBAN`, often MT940 `:25:`), OFX `ACCTID`, the MT940 `:25:` text, camt
   * `Acct/Id/Othr/Id`, or a CSV export's label. `''` when a single-account CSV export names no account.
   */
  id: string;
  /** What `id` is. */
  scheme: 'iban' | 'acctid' | 'mt940' | 'other' | 'label';
}

/** One balance a statement states. */
export interface StatementBalance {
  kind: BalanceKind;
  /** The balance's own calendar day, `YYYY-MM-DD`, as the file writes it (a time zone in the file does not move it). */
  date: string;
  /** Exact decimal text, negative for a debit balance: `-1234.50`. */
  amount: string;
  /** ISO 4217 code, when the file gives one. */
  currency: string | undefined;
  /** Where in the file: `line 41`, `statement 2`. */
  location: string;
  /** The 1-based line it is written on, in the text formats that have lines (CSV, MT940, camt). */
  line?: number;
}

/** The add-up check of a statement with an opening balance, entries and a closing balance: opening + entries = closing. */
export interface AddUp {
  /** True when opening + entries equals closing exactly. */
  ok: boolean;
  opening: string;
  /** The sum of the booked entries (credits positive, debits negative). */
  entries: string;
  /** How many entries were summed. */
  count: number;
  /** opening + entries. */
  expected: string;
  /** The closing balance the statement states. */
  closing: string;
}

/** One booked entry of a statement, with the day it was booked: what `daily` derives each day's balance from. */
export interface StatementEntry {
  /**
   * The day it was booked, `YYYY-MM-DD`: MT940 the `:61:` entry date where given (its year taken from the value date,
   * across a year's end), else the value date; camt `BookgDt`, else `ValDt`; OFX `DTPOSTED`.
   */
  date: string;
  /** Exact decimal text, signed: credits positive, debits negative (`-20.00`). */
  amount: string;
  /** The 1-based line it is written on, in the formats that have lines. */
  line?: number;
}

/** The booked entries of a statement, day by day: the history it proves between its opening and closing balances. */
export interface StatementHistory {
  /** Every booked entry summed by the add-up check, with its day, in file order (empty when there is none). */
  entries: StatementEntry[];
  /** Why no day's balance can be derived from these entries (an entry whose day cannot be read), when so. */
  problem?: string;
  /**
   * True when the file itself shows the list complete up to the closing balance's day (OFX: DTEND on or after DTASOF's
   * day, nothing posted later), so days may be derived back from the closing balance without an opening balance. A
   * history without it proves days only through the add-up check (MT940, camt).
   */
  completeToClosing?: boolean;
}

/** One statement (or report, or one account of a CSV export). */
export interface Statement {
  format: StatementFormatId;
  /** What the file calls it: `bank`, `creditcard`, `investment` (OFX), `statement` (MT940, camt.053), `report` (camt.052), `export` (CSV). */
  type: string;
  /** 1-based position among the file's statements. */
  number: number;
  /** Where in the file: `statement 2`, `statement 2 (line 40)`. */
  location: string;
  /** The 1-based line it starts on, in the formats that have lines (MT940, camt). */
  line?: number;
  /** The statement's own reference, when it has one (MT940 `:20:`, camt `Stmt/Id`). */
  reference?: string;
  account: StatementAccount;
  /** The statement's currency, when it states one (OFX `CURDEF`, camt `Acct/Ccy`, the MT940 balances' currency). */
  currency: string | undefined;
  /** Every balance read, in file order. */
  balances: StatementBalance[];
  /** Present when the statement has an opening and a closing balance to check its entries against. */
  addUp?: AddUp;
  /** The booked entries with their days, when the format lists them (MT940, camt, OFX): see `daily` in selectBalances. */
  history?: StatementHistory;
  /** Things worth knowing that do not stop the statement: an unreadable available balance, how a value is made up. */
  notes: string[];
}

/** A part of a file that could not be used, and why. The rest of the file is still read. */
export interface SkippedItem {
  /** Where in the file: `line 15`, `lines 6, 7`, `statement 3`. */
  location: string;
  /** The account as the file names it, when known. */
  account?: string;
  reason: string;
  /** The 1-based line it starts on, in the text formats that have lines (CSV, MT940, camt). */
  line?: number;
}

/** A file as read. */
export interface StatementFile {
  format: StatementFormatId;
  /** The format as people know it, with its version: `OFX 1.x`, `MT940`, `camt.053.001.08`, `CSV (ING Umsatzanzeige (DE))`. */
  formatName: string;
  statements: Statement[];
  skipped: SkippedItem[];
}
