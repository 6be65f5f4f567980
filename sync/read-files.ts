// Reading the files of a run: each one's format is told from its content; a CSV export is read with its bank's
// profile (--bank, or the one bank of the mapping whose profile fits the file). A file none of the readers can use is
// refused with the reason; the others are still read.
import {
  BANK_LAYOUTS,
  detectFormat,
  isStatementFormatError,
  readStatements,
  type StatementFile,
} from 'personal-ledger-sdk/statements';
import { SetupError } from './errors';
import { expandInputs, readInput, type RefusedFile } from './inputs';
import type { Output } from './io';
import type { BankMapping, Mapping } from './mapping';
import { progressReporter } from './progress';

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

/** Runs reading more files than this show progress lines on stderr. */
const PROGRESS_FILES = 20;

/**
 * Reads every file given (and every file in a folder given, but the `leaveOut` ones: the --mapping file); one that
 * cannot be used is refused with the reason, and the others are still read. Returns the paths in the order read.
 */
export async function readFiles(
  given: readonly string[],
  leaveOut: readonly string[],
  mapping: Mapping,
  bank: BankMapping | undefined,
  stderr: Output,
): Promise<{ paths: string[]; files: ReadFile[]; refused: RefusedFile[] }> {
  const { files: paths, refused } = await expandInputs(given, leaveOut);
  const files: ReadFile[] = [];
  const progress = paths.length > PROGRESS_FILES ? progressReporter(stderr, paths.length, 'files') : undefined;
  for (const [i, path] of paths.entries()) {
    const read = await readOne(path, mapping, bank);
    if ('reason' in read) refused.push(read);
    else files.push(read);
    progress?.update({ rowsDone: i + 1, rowsTotal: paths.length, chunksDone: i + 1, skipped: 0 });
  }
  progress?.end();
  return { paths, files, refused };
}

/** The files that no source of `named` (a row's or a skipped item's, `<file>` or `<file> <where>`) is in. */
export function filesNotNamed(files: readonly ReadFile[], named: readonly string[]): ReadFile[] {
  return files.filter((f) => !named.some((source) => source === f.source || source.startsWith(`${f.source} `)));
}

/** Reads one file. */
async function readOne(
  source: string,
  mapping: Mapping,
  bank: BankMapping | undefined,
): Promise<ReadFile | RefusedFile> {
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
    const banks =
      mapping.banks.size > 0
        ? `none of the mapping's banks (${[...mapping.banks.keys()].join(', ')}) fits it`
        : 'the mapping has no "banks"';
    return {
      file: source,
      reason: `a CSV export (or other text, not OFX, camt or MT940): ${banks}; name its bank with --bank`,
    };
  }
  return {
    file: source,
    reason: `a CSV export that the profiles of several banks read (${fits.map((f) => f.bank!.id).join(', ')}): name its bank with --bank`,
  };
}
