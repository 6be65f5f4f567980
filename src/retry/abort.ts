// Waiting and stopping: an attempt's deadline and the caller's abort as one signal, and a sleep that a signal ends.

/**
 * One attempt's signal: it aborts when `timeoutMs` have passed (with a `TimeoutError` DOMException, as
 * `AbortSignal.timeout` does) or when the caller's signal aborts (with the caller's reason). An AbortController and a
 * timer rather than `AbortSignal.any([caller, AbortSignal.timeout(ms)])`: on Node 20 those cost about 70 µs an
 * attempt, and a timer of the attempt's own is one that `clearTimeout` stops at once and that fake timers control.
 * The AbortSignal itself is made when the fetch first reads it: on Node 20 one costs about 10 µs, a quarter of a
 * whole openapi-fetch call, and a fetch that never reads `init.signal` (a stub in a test) has no use for it.
 */
export class AttemptSignal {
  /** True once the attempt's time ran out (not the caller's abort). */
  timedOut = false;
  #controller: AbortController | undefined;
  #aborted: { reason: unknown } | undefined;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  #reject: ((reason: unknown) => void) | undefined;

  constructor(
    private readonly caller: AbortSignal | undefined,
    timeoutMs: number | false,
  ) {
    if (timeoutMs !== false) this.#timer = setTimeout(() => this.#timeout(timeoutMs), timeoutMs);
    if (caller) {
      caller.addEventListener('abort', this);
      if (caller.aborted) this.handleEvent();
    }
  }

  /** The signal to give fetch, made on first read (already aborted if the attempt was). */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#aborted.reason);
    }
    return this.#controller.signal;
  }

  /** `init` for fetch, carrying this attempt's signal. */
  init(init: RequestInit | undefined): RequestInit {
    const attempt = this;
    return {
      ...init,
      get signal() {
        return attempt.signal;
      },
    };
  }

  /** `call`, unless the attempt is aborted first: then a rejection with the reason (a fetch may ignore its signal). */
  race<T>(call: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#aborted) reject(this.#aborted.reason);
      this.#reject = reject;
      call.then(resolve, reject);
    });
  }

  /** The caller's signal aborted (an EventListener object: no closure per attempt). */
  handleEvent(): void {
    this.#abort(this.caller!.reason);
  }

  /**
   * The attempt is over: its timer and its listener on the caller's signal go, and so does its hold on the call (an
   * init that a fetch keeps would otherwise keep the whole attempt alive: measured, every garbage collection slowed).
   */
  close(): void {
    this.#reject = undefined;
    clearTimeout(this.#timer);
    this.caller?.removeEventListener('abort', this);
  }

  #timeout(timeoutMs: number): void {
    this.timedOut = true;
    this.#abort(new DOMException(`The attempt timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }

  #abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = { reason };
    this.#controller?.abort(reason);
    this.#reject?.(reason);
  }
}

/** Waits `ms`, or rejects with `signal.reason` as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
