// The one reader of a Retry-After header: the client waits by it, the fake checks an injected fault's with it.
const DELTA_SECONDS = /^\s*(\d+)\s*$/;

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delta-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`; a date in the past means 0). `undefined` when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const seconds = DELTA_SECONDS.exec(value);
  if (seconds) return Number(seconds[1]) * 1000;
  // An HTTP date always names a weekday and GMT; Date.parse alone would also accept "2" or "1.5".
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
