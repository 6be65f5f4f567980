// readStatements and detectFormat check their arguments at the entry: a bad call is a StatementArgumentError (a
// TypeError) that names the argument and what to give, never a TypeError from inside a reader, and never a
// StatementFormatError, which means a bad file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BANK_LAYOUTS,
  detectFormat,
  isStatementArgumentError,
  isStatementFormatError,
  readStatements,
  StatementArgumentError,
  type BankProfile,
} from '../../statements/index';
import { repoFile } from './support';

const chase = readFileSync(repoFile('examples/data/banks/chase-us.csv'));
const mt940 = new TextEncoder().encode(
  [':20:X', ':25:DE89370400440532013000', ':60F:C261031EUR10,00', ':62F:C261031EUR10,00', '-'].join('\n'),
);

/** The StatementArgumentError `call` throws: a TypeError, and not a bad file. */
function refusal(call: () => unknown): StatementArgumentError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(StatementArgumentError);
    expect(error).toBeInstanceOf(TypeError);
    expect(isStatementArgumentError(error)).toBe(true);
    expect(isStatementFormatError(error)).toBe(false);
    return error as StatementArgumentError;
  }
  throw new Error('expected a StatementArgumentError, but nothing was thrown');
}

describe('options.profile: a shipped layout by its id, or a profile checked with every problem by its path', () => {
  it("a layout id reads the file as that layout: { profile: 'chase-us' } is BANK_LAYOUTS.get('chase-us').profile", () => {
    const byId = readStatements(chase, { profile: 'chase-us' });
    expect(byId).toEqual(readStatements(chase, { profile: BANK_LAYOUTS.get('chase-us')!.profile }));
    expect(byId.statements[0]!.balances.length).toBeGreaterThan(0);
  });

  it('an unknown layout id is refused, naming the known ones', () => {
    expect(refusal(() => readStatements(chase, { profile: 'chase' })).message).toBe(
      `readStatements: options.profile "chase" is not a known bank layout (${[...BANK_LAYOUTS.keys()].join(', ')})`,
    );
  });

  it('a profile object is checked as checkBankProfile checks one: each problem named by its path', () => {
    expect(refusal(() => readStatements(chase, { profile: {} as BankProfile })).message).toBe(
      [
        'readStatements: options.profile.name must be a non-empty string',
        'options.profile.delimiter must be a non-empty string',
        'options.profile.decimal_separator must be "." or ","',
        'options.profile.columns needs date and balance (or give statement_balance, for a balance stated once in the file)',
      ].join('\n'),
    );
    const layout = BANK_LAYOUTS.get('chase-us')!.profile;
    expect(refusal(() => readStatements(chase, { profile: { ...layout, delimiter: ';;' } })).message).toBe(
      'readStatements: options.profile.delimiter must be one character such as "," ";" or a tab',
    );
  });

  it('a profile that is neither is refused, saying what it may be', () => {
    for (const profile of [5, null, ['chase-us']]) {
      expect(refusal(() => readStatements(chase, { profile: profile as never })).message).toMatch(
        /^readStatements: options\.profile must be a bank profile \(an object\) or the id of a shipped layout \(a key of BANK_LAYOUTS\), not (a number|null|an array)$/,
      );
    }
  });

  it('a CSV export without a profile is a bad file for want of one, and says how to give it', () => {
    expect(() => readStatements(chase)).toThrow(
      "give options.profile, a shipped layout's id (a key of BANK_LAYOUTS, such as 'chase-us') or a profile of its own",
    );
  });
});

describe('bytes: a Uint8Array (a Node Buffer is one) or an ArrayBuffer', () => {
  it('an ArrayBuffer is read as its bytes', () => {
    const buffer = mt940.buffer.slice(mt940.byteOffset, mt940.byteOffset + mt940.byteLength);
    expect(readStatements(buffer)).toEqual(readStatements(mt940));
    expect(detectFormat(buffer)?.id).toBe('mt940');
  });

  it('text is refused, saying how to pass bytes', () => {
    expect(refusal(() => readStatements('hello' as never)).message).toBe(
      "readStatements: the file's bytes must be a Uint8Array (readFileSync(path) in Node) or an ArrayBuffer (await file.arrayBuffer() in a browser), not a string; text already read is turned back into bytes with new TextEncoder().encode(text)",
    );
  });

  it.each([
    [undefined, 'undefined'],
    [new Int16Array(4), 'an Int16Array'],
    [{ length: 3 }, 'an object'],
  ])('%o is refused by readStatements and detectFormat', (bytes, kind) => {
    expect(refusal(() => readStatements(bytes as never)).message).toMatch(
      new RegExp(`^readStatements: the file's bytes must be a Uint8Array .*, not ${kind}$`),
    );
    expect(refusal(() => detectFormat(bytes as never)).message).toMatch(
      new RegExp(`^detectFormat: the file's bytes must be a Uint8Array .*, not ${kind}$`),
    );
  });
});

describe('options: an object with a known format', () => {
  it('options that are not an object are refused', () => {
    expect(refusal(() => readStatements(chase, 'chase-us' as never)).message).toBe(
      "readStatements: options must be an object such as { profile: 'chase-us' }, not a string",
    );
    expect(refusal(() => readStatements(chase, null as never)).message).toBe(
      "readStatements: options must be an object such as { profile: 'chase-us' }, not null",
    );
  });

  it('an unknown format is a bad call, not a bad file', () => {
    expect(refusal(() => readStatements(mt940, { format: 'pdf' as never })).message).toBe(
      'readStatements: options.format "pdf" is not a format this reads: give one of ofx, camt, mt940, csv, or leave it out to detect the format from the content',
    );
    expect(readStatements(mt940, { format: 'mt940' }).format).toBe('mt940');
  });
});
