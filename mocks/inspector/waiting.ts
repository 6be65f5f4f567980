// Pages waiting for news (GET /__mock/inspector/events?wait=): each waits until something happens, its time is up,
// or the server closes; at most INSPECTOR_LIMITS.waitingPolls at once. Nothing is queued per page: an answer is
// made from the exchange log when the page is woken.
import { INSPECTOR_LIMITS } from './limits';

export class Waiting {
  readonly #waiters = new Set<() => void>();
  #closed = false;

  /** How many wait now. */
  get size(): number {
    return this.#waiters.size;
  }

  /** Settles at the next wake, after `ms`, or at close; `undefined` when INSPECTOR_LIMITS.waitingPolls already wait. */
  wait(ms: number): Promise<void> | undefined {
    if (this.#closed) return Promise.resolve();
    if (this.#waiters.size >= INSPECTOR_LIMITS.waitingPolls) return undefined;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      (timer as { unref?: () => void }).unref?.(); // a waiting page never keeps the process alive
      this.#waiters.add(done);
    });
  }

  /** Wakes every page waiting. */
  wake(): void {
    if (this.#waiters.size === 0) return; // nearly every request: no page waits at that moment
    for (const done of [...this.#waiters]) done();
  }

  /** Wakes every page waiting, and lets none wait from now on (the server is closing). */
  close(): void {
    this.#closed = true;
    this.wake();
  }
}
