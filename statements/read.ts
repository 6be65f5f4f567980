// Reading any statement file: the format is told from the content by the table of formats.
import { StatementFormatError } from './errors';
import { STATEMENT_FORMATS, type ReadStatementsOptions, type StatementFormat } from './formats';
import { bomEncoding } from './text';
import type { StatementFile } from './types';

/** How much of the file detection looks at. */
const HEAD_BYTES = 8192;

/**
 * Reads a statement file's bytes: OFX/QFX, camt.053 and camt.052, MT940 (and MT942), or a CSV export with its
 * bank's profile. The format is detected from the content (`options.format` skips that); any encoding the format
 * allows is read. Returns every statement with its balances, and what was skipped with a reason.
 * Throws StatementFormatError, with the reason, when the file is none of these or cannot be used at all.
 */
export function readStatements(bytes: Uint8Array, options: ReadStatementsOptions = {}): StatementFile {
  const format = options.format ? STATEMENT_FORMATS.find((f) => f.id === options.format) : detectFormat(bytes);
  if (!format) throw new StatementFormatError('not a statement format this reads (OFX/QFX, camt.053/camt.052, MT940, or a CSV export with its bank profile)');
  return format.read(bytes, options);
}

/** The format of a file, told from its first bytes, or undefined when none fits. */
export function detectFormat(bytes: Uint8Array): StatementFormat | undefined {
  const head = headOf(bytes);
  return STATEMENT_FORMATS.find((f) => f.detect(head));
}

/** The start of the file as text: UTF-16 when a byte-order mark or zero bytes say so, else byte by byte. */
function headOf(bytes: Uint8Array): string {
  const start = bytes.subarray(0, HEAD_BYTES);
  const bom = bomEncoding(start);
  let label = 'latin1';
  if (bom) label = bom;
  else if (start.length >= 4 && start[1] === 0 && start[3] === 0 && start[0] !== 0) label = 'utf-16le';
  else if (start.length >= 4 && start[0] === 0 && start[2] === 0 && start[1] !== 0) label = 'utf-16be';
  return new TextDecoder(label).decode(start).replace(/^\uFEFF/, '');
}
