// The protocol between bench/run.ts and a benchmark process: the child prints one JSON line
// prefixed with RESULT_PREFIX (anything else it prints is passed through as log).

export const RESULT_PREFIX = '@@bench-result ';

/** Prints the result of one benchmark run for the orchestrator. */
export function report(result: unknown): void {
  process.stdout.write(`\n${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

/** `--name value` from argv, or the fallback. */
export function arg(name: string, fallback?: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (value === undefined) {
    if (fallback === undefined) throw new Error(`missing --${name}`);
    return fallback;
  }
  return value;
}

/** Forces a full collection (the child runs with --expose-gc). */
export function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with node --expose-gc');
  collect();
  collect();
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
