// Command-line parsing for the examples: node:util parseArgs, with mistakes reported as SetupError (exit 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SetupError } from './report-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses `argv` strictly (unknown options are refused); `usage` is appended to any complaint. */
export function parseCommandLine<const O extends Options>(argv: string[], options: O, usage: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new SetupError(`${(error as Error).message}\n${usage}`);
  }
}

/** A whole number option within bounds, or a SetupError naming it. */
export function integerOption(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new SetupError(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return n;
}
