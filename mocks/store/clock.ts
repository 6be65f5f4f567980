/** The fake's clock: token expiry, last-used times and event timestamps all read it. */
export interface Clock {
  /** The current time. */
  now(): Date;
  /** Moves the clock to a time (ISO 8601 string, Date or epoch milliseconds). */
  set(time: string | Date | number): void;
  /** Moves the clock forward (or back, with a negative value) by `ms` milliseconds. */
  advance(ms: number): void;
}

/**
 * A clock frozen at `start` when one is given (it then moves only by `set` and `advance`), or one
 * that follows the real clock when not (`set` and `advance` then shift it).
 */
export function createClock(start?: string | Date | number): Clock {
  const frozen = start !== undefined;
  let base = frozen ? toMs(start) : 0; // frozen: the time itself; running: an offset from Date.now()
  return {
    now: () => new Date(frozen ? base : Date.now() + base),
    set(time) {
      base = frozen ? toMs(time) : toMs(time) - Date.now();
    },
    advance(ms) {
      if (!Number.isFinite(ms)) throw new RangeError('advance(ms) needs a finite number');
      base += ms;
    },
  };
}

export function toMs(time: string | Date | number): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${String(time)}`);
  return ms;
}
