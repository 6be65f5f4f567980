// ledger-sync's commands: one table. The first word picks the command (`simplefin` ...); anything else is a file sync.
import { describeError, HelpRequested, reportError, SetupError, type RunState } from './errors';
import { FILES_USAGE, syncFiles } from './files-command';
import type { Env, Io } from './io';
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
  try {
    const command = COMMANDS.find((c) => c.words.every((w, i) => argv[i] === w))!;
    if (command.words.length === 0 && argv.length === 0) throw new SetupError([...COMMANDS].reverse().map((c) => c.usage).join('\n\n'));
    return await command.run(argv.slice(command.words.length), env, io, (held) => Object.assign(state, held));
  } catch (error) {
    const code = reportError(error, io, state.secrets);
    if (state.json && !(error instanceof HelpRequested)) printJson(io.stdout, { error: { message: jsonMessage(describeError(error, state.secrets).lines), exit_code: code } });
    return code;
  }
}

/** The failure as stderr shows it, without the leading `Error: ` and the usage a refusal appends. */
function jsonMessage(lines: readonly string[]): string {
  return lines.join('\n').replace(/^Error: /, '').split('\nUsage: ')[0]!;
}

