// Command-line parsing: node:util parseArgs, with mistakes reported as SetupError (exit 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { commandLineMistake } from '../src/shared/command-line';
import { HelpRequested, SetupError } from './errors';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * Parses `argv` strictly (unknown options are refused, and an option with a value given twice: which one was meant?).
 * A mistake parseArgs finds is said in one line with where the options are, as the package's other commands say it
 * (`Unknown option '--bogus'`, then `Run npx ledger-sync --help for the options.`); `usage` is appended to the others.
 * `--help` (`-h`) anywhere throws HelpRequested, which reportError answers with the usage on stdout and exit code 0.
 */
export function parseCommandLine<const O extends Options>(argv: string[], options: O, usage: string) {
  if (argv.includes('--help') || argv.includes('-h')) throw new HelpRequested(usage);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, ...HELP },
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    throw new SetupError(
      commandLineMistake(error, /^Usage: (\S+(?: [a-z][a-z-]*)*)/.exec(usage)?.[1] ?? 'ledger-sync'),
    );
  }
  const given = parsed.tokens.flatMap((t) =>
    t.kind === 'option' && options[t.name]?.type === 'string' && options[t.name]?.multiple !== true ? [t.name] : [],
  );
  const twice = given.find((name, i) => given.indexOf(name) !== i);
  if (twice !== undefined) throw new SetupError(`--${twice} is given more than once: give it once\n${usage}`);
  return parsed;
}
