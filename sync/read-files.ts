// Reading the files of a run: each one's format is told from its content; a CSV export is read with its bank's
// profile (--bank, or the one bank of the mapping whose profile fits the file). A file none of the readers can use is
// refused with the reason; the others are still read.
import { BANK_LAYOUTS, detectFormat, isStatementFormatError, readStatements, type StatementFile } from 'personal-ledger-sdk/statements';
import { SetupError } from './errors';
import { readInput, type RefusedFile } from './inputs';
import type { BankMapping, Mapping } from './mapping';

/** A file as read, and the bank whose profile read it (CSV). */
export interface ReadFile {
  source: string;
  file: StatementFile;
  bank: BankMapping | undefined;
}

/** The bank --bank names: one of the mapping's, or a shipped layout (its accounts then come from `accounts`). */
export function bankByName(mapping: Mapping, name: string): BankMapping {
  const bank = mapping.banks.get(name);
  if (bank) return bank;
  const layout = BANK_LAYOUTS.get(name);
  if (layout) return { id: name, profile: layout.profile, accounts: new Map(), account: undefined };
  // A bank of the mapping may share its id with a shipped layout: each name once.
  const known = [...new Set([...mapping.banks.keys(), ...BANK_LAYOUTS.keys()])].join(', ');
  throw new SetupError(`--bank ${name}: no such bank in the mapping's "banks", nor a shipped layout (${known})`);
}

/** Reads one file. */
export async function readOne(source: string, mapping: Mapping, bank: BankMapping | undefined): Promise<ReadFile | RefusedFile> {
  const bytes = await readInput(source);
  if (!(bytes instanceof Uint8Array)) return bytes;
  try {
    if (detectFormat(bytes)?.id !== 'csv') return { source, file: readStatements(bytes), bank: undefined };
    if (bank) return { source, file: readStatements(bytes, { profile: bank.profile }), bank };
    return readWithSomeBank(source, bytes, mapping);
  } catch (error) {
    if (isStatementFormatError(error)) return { file: source, reason: error.message };
    throw error;
  }
}

/** A CSV export without --bank: the one bank of the mapping whose profile reads it. */
function readWithSomeBank(source: string, bytes: Uint8Array, mapping: Mapping): ReadFile | RefusedFile {
  const fits: ReadFile[] = [];
  for (const bank of mapping.banks.values()) {
    try {
      const file = readStatements(bytes, { profile: bank.profile });
      if (file.statements.length > 0) fits.push({ source, file, bank });
    } catch (error) {
      if (!isStatementFormatError(error)) throw error;
    }
  }
  if (fits.length === 1) return fits[0]!;
  if (fits.length === 0) {
    const banks = mapping.banks.size > 0 ? `none of the mapping's banks (${[...mapping.banks.keys()].join(', ')}) fits it` : 'the mapping has no "banks"';
    return { file: source, reason: `a CSV export (or other text, not OFX, camt or MT940): ${banks}; name its bank with --bank` };
  }
  return { file: source, reason: `a CSV export that the profiles of several banks read (${fits.map((f) => f.bank!.id).join(', ')}): name its bank with --bank` };
}
