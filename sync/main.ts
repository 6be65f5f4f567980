// ledger-sync's commands: one table. The first word picks the command (`simplefin` ...); anything else is a file sync.
import { SDK_VERSION } from '../src/options';
import { didYouMean } from '../src/shared/suggest';
import { describeError, EXIT, HelpRequested, reportError, SetupError, type RunState } from './errors';
import { FILES_USAGE, syncFiles } from './files-command';
import { say, type Env, type Io } from './io';
import { printJson } from './report';
import { CLAIM_USAGE, claimAccess } from './simplefin/claim-command';
import { SIMPLEFIN_USAGE, syncSimplefin } from './simplefin/sync-command';

/** One command: the words that name it, its usage, and how it runs. */
export interface Command {
  /** The leading words (`['simplefin', 'claim']`); the file sync has none. */
  words: readonly string[];
  usage: string;
  /**
   * `keep` is told every secret the run holds (tokens, the Access URL) as soon as it has them, so no error shows them,
   * and whether --json was given, so a failure is a JSON object on stdout too.
   */
  run(argv: string[], env: Env, io: Io, keep: (held: Partial<RunState>) => void): Promise<number>;
}

/** The commands, most words first, so `simplefin claim` is found before `simplefin`. The file sync comes last. */
export const COMMANDS: readonly Command[] = [
  { words: ['simplefin', 'claim'], usage: CLAIM_USAGE, run: claimAccess },
  { words: ['simplefin'], usage: SIMPLEFIN_USAGE, run: syncSimplefin },
  { words: [], usage: FILES_USAGE, run: syncFiles },
];

/** Runs ledger-sync. Returns the exit code: 0 done, 1 refused files or failed (or --strict and skipped), 2 refused to start. */
export async function main(argv: string[], env: Env, io: Io): Promise<number> {
  const state: RunState = { secrets: [], json: false };
  if (argv.includes('--version')) {
    say(io.stdout, SDK_VERSION);
    return EXIT.ok;
  }
  try {
    const command = COMMANDS.find((c) => c.words.every((w, i) => argv[i] === w))!;
    checkSubcommand(command, argv[command.words.length]);
    return await command.run(argv.slice(command.words.length), env, io, (held) => Object.assign(state, held));
  } catch (error) {
    const code = reportError(error, io, state.secrets);
    if (state.json && !(error instanceof HelpRequested))
      printJson(io.stdout, {
        error: { message: jsonMessage(describeError(error, state.secrets).lines), exit_code: code },
      });
    return code;
  }
}

/**
 * A command with subcommands takes no plain word after its own (`simplefin` takes no argument at all): such a word is
 * a mistyped subcommand. Only a short word is quoted; anything else may be a secret pasted there and is never shown.
 */
function checkSubcommand(command: Command, next: string | undefined): void {
  const depth = command.words.length;
  const subcommands = COMMANDS.filter(
    (c) => c.words.length === depth + 1 && command.words.every((w, i) => c.words[i] === w),
  ).map((c) => c.words[depth]!);
  if (depth === 0 || subcommands.length === 0 || next === undefined || !/^[a-z][a-z-]{0,19}$/.test(next)) return;
  const name = `ledger-sync ${command.words.join(' ')}`;
  throw new SetupError(
    `${name}: unknown subcommand ${next}${didYouMean(next, subcommands)}; its subcommands: ${subcommands.join(', ')} (${name} ${subcommands[0]} --help)`,
  );
}

/** The failure as stderr shows it, without the leading `Error: ` and the usage a refusal appends. */
function jsonMessage(lines: readonly string[]): string {
  return lines
    .join('\n')
    .replace(/^Error: /, '')
    .split('\nUsage: ')[0]!;
}
