// The statement formats: one table. Each entry says how the format is told from the content (never from the file
// name), reads it, and what is written from it. Adding a format is one entry here.
import { readCamt } from './camt/read';
import type { BankProfile } from './csv/profile';
import { readCsv } from './csv/read';
import { StatementFormatError } from './errors';
import { readMt940 } from './mt940/read';
import { readOfx } from './ofx/statements';
import type { StatementFile, StatementFormatId } from './types';

/** Options of a read. */
export interface ReadStatementsOptions {
  /**
   * How a CSV export is laid out: CSV is the one format that cannot be read without its bank's profile. Either the
   * id of a shipped layout (`'chase-us'`, a key of `BANK_LAYOUTS`) or a profile, checked as `checkBankProfile`
   * checks one. @default undefined
   */
  profile?: BankProfile | string;
  /** Skip detection and read the file as this format. @default detected from the content */
  format?: StatementFormatId;
}

/** One format of the table. */
export interface StatementFormat {
  id: StatementFormatId;
  /** As people know it. */
  name: string;
  /** True when the start of the file (its first 8 KB as text) is this format. Checked in table order. */
  detect(head: string): boolean;
  /** Reads the file (with the profile `readStatements` checked); throws StatementFormatError when it cannot be used at all. */
  read(bytes: Uint8Array, options: { profile?: BankProfile }): StatementFile;
  /** Which balance is written from it, and why: for docs and `--help`. */
  writes: string;
}

/** The formats, in the order they are tried. */
export const STATEMENT_FORMATS: readonly StatementFormat[] = [
  {
    id: 'ofx',
    name: 'OFX/QFX (1.x SGML, 2.x XML)',
    detect: (head) => /OFXHEADER\s*[:=]|<\?OFX|<OFX>/i.test(head),
    read: (bytes) => readOfx(bytes),
    writes:
      "the ledger balance LEDGERBAL on its DTASOF day (bank and credit-card statements); an investment account's value (AVAILCASH plus every position's MKTVAL); AVAILBAL is reported",
  },
  {
    id: 'camt',
    name: 'ISO 20022 camt.053 / camt.052',
    detect: (head) => head.trimStart().startsWith('<'),
    read: (bytes) => readCamt(bytes),
    writes: 'the closing booked balance (Bal of type CLBD) on its date; CLAV, ITBD and the others are reported',
  },
  {
    id: 'mt940',
    name: 'SWIFT MT940 (and MT942)',
    detect: (head) => /(?:^|[\r\n])[ \t]*(?:\{1:[^}\r\n]*\}|:(?:20|25|28C?|60[FM]|61|62[FM]):)/.test(head), // blanks before a tag are not content
    read: (bytes) => readMt940(bytes),
    writes: 'the closing booked balance :62F: on its date; :62M: (a page), :64: and :65: are reported',
  },
  {
    id: 'csv',
    name: 'CSV export (with its bank profile)',
    detect: (head) => head.length > 0 && !head.includes('\u0000'),
    read: (bytes, options) => {
      if (!options.profile) {
        throw new StatementFormatError(
          "not an OFX, camt or MT940 file; read as a CSV export, it needs its bank's profile, which says its columns, dates and amounts: give options.profile, a shipped layout's id (a key of BANK_LAYOUTS, such as 'chase-us') or a profile of its own",
        );
      }
      return readCsv(bytes, options.profile);
    },
    writes:
      "each account's closing balance of each day (the day's last running balance, or the balance the file states once)",
  },
];
