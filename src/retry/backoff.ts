/**
 * Exponential backoff with full jitter: a random wait in [0, min(maxDelayMs, baseDelayMs * 2 ** retryIndex)],
 * where `retryIndex` is 0 before the first retry. Full jitter spreads clients that failed together.
 */
export function backoffDelay(retryIndex: number, baseDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}
