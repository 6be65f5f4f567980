/** The fake's clock: token expiry, last-used times and event timestamps all read it. */
export interface Clock {
  /** The current time. */
  now(): Date;
  /**
   * True while the clock is frozen: it then reads the same time until `set`, `advance` or `resume`. False while it
   * runs: it then moves with the real clock (shifted by `set` and `advance`). A mock created with `now` (or with a
   * scenario that has `now`) starts frozen; one without starts running.
   */
  readonly frozen: boolean;
  /**
   * Moves the clock to a time (ISO 8601 string, Date or epoch milliseconds). With `{ frozen: true }` it stays
   * there; with `{ frozen: false }` it runs on from there. Without `frozen` it keeps its mode: a running clock runs
   * on (so `set('2030-01-01T00:00:00Z')` reads `2030-01-01T00:00:00.050Z` 50 ms later), a frozen one stays.
   * For exact timestamps in assertions, freeze it: `set(time, { frozen: true })`.
   * @default options.frozen: the clock's current mode
   */
  set(time: string | Date | number, options?: { frozen?: boolean }): void;
  /** Moves the clock forward (or back, with a negative value) by `ms` milliseconds, keeping its mode. */
  advance(ms: number): void;
  /** Stops the clock at its current reading. */
  freeze(): void;
  /** Lets a frozen clock run again with the real clock, on from its current reading. */
  resume(): void;
}

/**
 * A clock frozen at `start` when one is given, or one that follows the real clock when not. Either can be
 * switched later (`set(time, { frozen })`, `freeze()`, `resume()`).
 */
export function createClock(start?: string | Date | number): Clock {
  let frozen = start !== undefined;
  let base = frozen ? toMs(start!) : 0; // frozen: the time itself; running: an offset from Date.now()
  const read = () => (frozen ? base : Date.now() + base);
  const moveTo = (ms: number, freeze: boolean) => {
    frozen = freeze;
    base = freeze ? ms : ms - Date.now();
  };
  return {
    now: () => new Date(read()),
    get frozen() {
      return frozen;
    },
    set(time, options = {}) {
      moveTo(toMs(time), options.frozen ?? frozen);
    },
    advance(ms) {
      if (!Number.isFinite(ms)) throw new RangeError('advance(ms) needs a finite number');
      base += ms;
    },
    freeze: () => moveTo(read(), true),
    resume: () => moveTo(read(), false),
  };
}

export function toMs(time: string | Date | number): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${String(time)}`);
  return ms;
}
