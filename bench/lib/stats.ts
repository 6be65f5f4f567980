// Summaries of repeated measurements: every figure is reported as median [min..max].

/** Median, min and max of a list of measurements. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/** The value at quantile `q` (0..1) of ascending `sorted`, nearest-rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of nothing');
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** Median (the mean of the middle two for an even count), min and max. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('summary of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/** p50 and p99 of one run's samples. */
export function percentiles(samples: readonly number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** `value` of each run divided by `base` of the same run index, summarized (pairs taken in run order). */
export function pairedRatio(values: readonly number[], base: readonly number[]): Summary {
  const n = Math.min(values.length, base.length);
  return summarize(Array.from({ length: n }, (_, i) => values[i]! / base[i]!));
}
