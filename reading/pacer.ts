// Pacing: request starts spaced so a service is never sent more than a rate allows.

/** Spaces request starts at least 1/rate seconds apart. */
export class Pacer {
  readonly #gapMs: number;
  #next = 0;

  /** @param perSecond at most this many request starts a second; Infinity: no pacing */
  constructor(perSecond: number) {
    this.#gapMs = Number.isFinite(perSecond) ? 1000 / perSecond : 0;
  }

  /** Resolves when the next `count` requests may start together (they take `count` slots of the pace). @default 1 */
  async wait(count = 1): Promise<void> {
    if (this.#gapMs === 0) return;
    const now = Date.now();
    const at = Math.max(now, this.#next);
    this.#next = at + count * this.#gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}
