// The one wording of a command-line mistake for the package's commands (ledger-mock, ledger-parity, ledger-sync):
// node:util parseArgs's complaint in one line, without its advice about `--`, then where the options are.

/**
 * What a command says when parseArgs refused its command line: `Unknown option '--bogus'` (parseArgs adds, when the
 * command takes arguments, a sentence about `--` that only confuses), then `Run npx <command> --help for the options.`
 */
export function commandLineMistake(error: unknown, command: string): string {
  const message = error instanceof Error ? error.message : String(error);
  // `--rows -5`: parseArgs takes -5 for an option; say what it wants instead, in one line.
  const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(message);
  const said = ambiguous
    ? `${ambiguous[1]} takes a value: write ${ambiguous[1]}=<value> for one that starts with -`
    : message.replace(/\. To specify a positional argument starting with a '-'[\s\S]*$/, '');
  return `${said}\nRun npx ${command} --help for the options.`;
}
