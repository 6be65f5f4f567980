// Command-line parsing: node:util parseArgs, with mistakes reported as SetupError (exit 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HelpRequested, SetupError } from './errors';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * Parses `argv` strictly (unknown options are refused); `usage` is appended to any complaint. `--help` (`-h`)
 * anywhere throws HelpRequested, which reportError answers with the usage on stdout and exit code 0.
 */
export function parseCommandLine<const O extends Options>(argv: string[], options: O, usage: string) {
  if (argv.includes('--help') || argv.includes('-h')) throw new HelpRequested(usage);
  try {
    return parseArgs({ args: argv, options: { ...options, ...HELP }, allowPositionals: true, strict: true });
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
