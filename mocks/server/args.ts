// The command line as node:util's parseArgs reads it, with one fix: `--port -1` is read as the value -1 (which the
// option's own check then refuses in its words), not as an unknown option -1 ("argument is ambiguous").

/** `args` with every `--option -<digit>...` of a string option joined into `--option=-<digit>...`. */
export function withNegativeNumbersJoined(
  args: readonly string[],
  options: Readonly<Record<string, { type: 'string' | 'boolean' }>>,
): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg.startsWith('--') && options[arg.slice(2)]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}
