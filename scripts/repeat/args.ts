// The command line of `npm run test:repeat -- <runs> [files or vitest options...] [--hog] [--msw3] [--luck]`.

export interface RepeatArgs {
  runs: number;
  hog: boolean;
  /** The msw 3 config under Node 24, as `npm run test:msw3` runs it. */
  msw3: boolean;
  /** Only the test files that touch processes, timers, files, the network or randomness (luck-files.ts). */
  luck: boolean;
  /** Handed to `vitest run` as given: test files (or filters) and vitest's own options. */
  vitestArgs: string[];
}

export const USAGE = `usage: npm run test:repeat -- <runs> [files...] [--hog] [--msw3] [--luck] [vitest options...]
  <runs>     how many times to run the suites
  files      test files (vitest filters) to run; default: every suite of the config
  --hog      beside one busy-loop process per core, as on a loaded machine
  --msw3     the msw 3 config under Node 24, as \`npm run test:msw3\` runs it
  --luck     only the test files that touch processes, timers, files, the network or randomness
  any other argument is handed to \`vitest run\` as given (e.g. -t <name pattern>)`;

/** Parses the arguments after `--`; throws an Error whose message says what is wrong. */
export function parseRepeatArgs(argv: readonly string[]): RepeatArgs {
  const [first, ...rest] = argv;
  if (first === undefined || !/^[1-9]\d*$/.test(first))
    throw new Error(
      `the first argument must be the number of runs (a whole number from 1), got ${first === undefined ? 'nothing' : JSON.stringify(first)}`,
    );
  const hog = rest.includes('--hog');
  const msw3 = rest.includes('--msw3');
  const luck = rest.includes('--luck');
  return {
    runs: Number(first),
    hog,
    msw3,
    luck,
    vitestArgs: rest.filter((arg) => arg !== '--hog' && arg !== '--msw3' && arg !== '--luck'),
  };
}
