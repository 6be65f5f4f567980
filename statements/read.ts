// Reading any statement file: the format is told from the content by the table of formats. The arguments are
// checked here, at the entry, so a bad call is refused with what to give instead, never a TypeError from deep inside.
import { checkBankProfile } from './csv/bank-profiles';
import type { BankProfile } from './csv/profile';
import { StatementArgumentError, StatementFormatError } from './errors';
import { STATEMENT_FORMATS, type ReadStatementsOptions, type StatementFormat } from './formats';
import { bomEncoding } from './text';
import type { StatementFile } from './types';

/** How much of the file detection looks at. */
const HEAD_BYTES = 8192;

/**
 * Reads a statement file's bytes: OFX/QFX, camt.053 and camt.052, MT940 (and MT942), or a CSV export with its
 * bank's profile (a profile, or a shipped layout's id such as `'chase-us'`). The format is detected from the content
 * (`options.format` skips that); any encoding the format allows is read. Returns every statement with its balances,
 * and what was skipped with a reason.
 * Throws StatementFormatError, with the reason, when the file is none of these or cannot be used at all, and
 * StatementArgumentError when `bytes` is not a Uint8Array (a Node Buffer is one) or an ArrayBuffer, or an option is
 * not valid.
 */
export function readStatements(bytes: Uint8Array | ArrayBuffer, options: ReadStatementsOptions = {}): StatementFile {
  const file = fileBytes(bytes, 'readStatements');
  const { format: id, profile } = checkOptions(options);
  const format = id ? STATEMENT_FORMATS.find((f) => f.id === id) : detectFormat(file);
  if (!format)
    throw new StatementFormatError(
      'not a statement format this reads (OFX/QFX, camt.053/camt.052, MT940, or a CSV export with its bank profile)',
    );
  return format.read(file, profile ? { profile } : {});
}

/** The format of a file, told from its first bytes, or undefined when none fits. */
export function detectFormat(bytes: Uint8Array | ArrayBuffer): StatementFormat | undefined {
  const head = headOf(fileBytes(bytes, 'detectFormat'));
  return STATEMENT_FORMATS.find((f) => f.detect(head));
}

/** The file's bytes as a Uint8Array; anything else is refused, saying what to pass. */
function fileBytes(bytes: unknown, call: string): Uint8Array {
  if (ArrayBuffer.isView(bytes) && tagOf(bytes) === 'Uint8Array') return bytes as Uint8Array;
  if (tagOf(bytes) === 'ArrayBuffer') return new Uint8Array(bytes as ArrayBuffer);
  const text =
    typeof bytes === 'string'
      ? '; text already read is turned back into bytes with new TextEncoder().encode(text)'
      : '';
  throw new StatementArgumentError(
    `${call}: the file's bytes must be a Uint8Array (readFileSync(path) in Node) or an ArrayBuffer (await file.arrayBuffer() in a browser), not ${kindOf(bytes)}${text}`,
  );
}

/** The options, checked: a known format id, and the profile as a checked BankProfile. */
function checkOptions(options: unknown): { format?: string; profile?: BankProfile } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new StatementArgumentError(
      `readStatements: options must be an object such as { profile: 'chase-us' }, not ${kindOf(options)}`,
    );
  }
  const { format, profile } = options as Record<string, unknown>;
  const ids = STATEMENT_FORMATS.map((f) => f.id);
  if (format !== undefined && !ids.includes(format as never)) {
    throw new StatementArgumentError(
      `readStatements: options.format ${JSON.stringify(format) ?? kindOf(format)} is not a format this reads: give one of ${ids.join(', ')}, or leave it out to detect the format from the content`,
    );
  }
  return {
    ...(format !== undefined ? { format: format as string } : {}),
    ...(profile !== undefined ? { profile: checkedProfile(profile) } : {}),
  };
}

/** A layout id is looked up, a profile object checked, as a bank of the mapping file is: every problem by its path. */
function checkedProfile(profile: unknown): BankProfile {
  if (typeof profile !== 'string' && (typeof profile !== 'object' || profile === null || Array.isArray(profile))) {
    throw new StatementArgumentError(
      `readStatements: options.profile must be a bank profile (an object) or the id of a shipped layout (a key of BANK_LAYOUTS), not ${kindOf(profile)}`,
    );
  }
  const checked =
    typeof profile === 'string'
      ? checkBankProfile({ profile }, 'options')
      : checkBankProfile(profile, 'options.profile');
  if (!checked.ok) throw new StatementArgumentError(`readStatements: ${checked.reason}`);
  return checked.value;
}

/** `Uint8Array`, `ArrayBuffer`, `Object`...: the built-in type, also for values of another realm. */
function tagOf(value: unknown): string {
  return Object.prototype.toString.call(value).slice(8, -1);
}

/** What a wrong argument is, for messages: `a string`, `undefined`, `an Int16Array`. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  const type = Array.isArray(value) ? 'array' : typeof value === 'object' ? tagOf(value) : typeof value;
  const name = type === 'Object' ? 'object' : type;
  return `${/^[aeio]/i.test(name) ? 'an' : 'a'} ${name}`;
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
