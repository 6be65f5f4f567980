// Run sizes and seeds of the reliability suite. CI size by default; RELIABILITY_SCALE=full multiplies the
// run counts (x10) and lengthens the load test. FC_SEED pins fast-check's seed (default: a fixed one).
import fc from 'fast-check';
import { SEED } from '../../support/fast-check-seed';

/** `RELIABILITY_SCALE=full` runs ten times the CI counts. */
export const FULL = process.env.RELIABILITY_SCALE === 'full';
export const SCALE = FULL ? 10 : 1;

/** A CI-size count, multiplied by the scale. */
export function scaled(ciCount: number): number {
  return ciCount * SCALE;
}

/**
 * Runs a fast-check property with the suite's seed. On failure the error message starts with the seed and
 * path to replay (`FC_SEED=<seed>`), followed by fast-check's own report (counterexample, shrunk path).
 */
export async function checkProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<T> | fc.IAsyncProperty<T>,
  numRuns: number,
  extra: Partial<fc.Parameters<T>> = {},
): Promise<void> {
  const details = await fc.check(property, { seed: SEED, numRuns, ...extra });
  if (!details.failed) return;
  const replay = `FC_SEED=${details.seed} (path "${details.counterexamplePath ?? ''}")`;
  const report = fc.defaultReportMessage(details) ?? '';
  throw new Error(`${name} failed; replay with ${replay}\n${report}`, { cause: details.errorInstance });
}

/** One summary line per test, quoted by docs/reliability.md. */
export function summary(area: string, figures: Record<string, string | number>): void {
  const text = Object.entries(figures)
    .map(([key, value]) => `${key}=${typeof value === 'number' ? formatNumber(value) : value}`)
    .join(' ');
  console.log(`[reliability] ${area}: ${text} scale=${FULL ? 'full' : 'ci'} seed=${SEED}`);
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) < 1 ? value.toFixed(3) : value.toFixed(1);
}
