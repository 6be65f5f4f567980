// One attempt of a call: its deadline, the caller's signal, and how far it got.
import type { FetchLike } from '../options';

/**
 * How far an attempt got. A failure of `fetch` itself or of the body read is a transport failure; one while
 * the request is built or in middleware is the caller's or the code's and is thrown as it is.
 */
export type AttemptPhase = 'building' | 'fetch' | 'middleware' | 'body';

/**
 * An attempt's state. With a timeout or a caller's signal, `guard` ends the attempt when either fires, and the
 * fetch gets a signal in `init` that aborts with it. Without either (`timeoutMs: false`, no signal), nothing is
 * armed and the attempt is the bare openapi-fetch call.
 */
export class Attempt {
  phase: AttemptPhase = 'building';
  /** The Request the fetch was given, once it was. */
  request: Request | undefined;
  timedOut = false;
  /**
   * Aborts the fetch on the deadline or the caller's abort; made only when one of them can fire. Made at once:
   * a getter that made it on first read was an object literal with its own accessor per attempt, so a hidden
   * class per attempt, which V8 keeps in old space until a full GC (in bench 4 that doubled the client's cost).
   */
  private readonly controller: AbortController | undefined;
  private reason: { value: unknown } | undefined;
  private reject: (reason: unknown) => void = ignore;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly caller: AbortSignal | undefined,
    timeoutMs: number | false,
  ) {
    if (timeoutMs === false && !caller) return;
    this.controller = new AbortController();
    if (timeoutMs !== false) this.timer = setTimeout(onDeadline, timeoutMs, this);
    if (caller) {
      caller.addEventListener('abort', this);
      if (caller.aborted) this.handleEvent();
    }
  }

  /** The fetch for this attempt: notes the request and passes the attempt's signal in `init`. */
  fetchWith(base: FetchLike, onRequest: (request: Request, attempt: Attempt) => void): FetchLike {
    return async (request, init) => {
      this.request = request;
      this.phase = 'fetch';
      onRequest(request, this);
      const response = await base(request, this.controller ? { ...init, signal: this.controller.signal } : init);
      this.phase = 'middleware';
      return response;
    };
  }

  /** `call`, unless the deadline or the caller's abort comes first: then a rejection with the abort reason. */
  guard<T>(call: Promise<T>): Promise<T> {
    if (!this.controller) return call;
    return new Promise<T>((resolve, reject) => {
      this.reject = reject;
      if (this.reason) reject(this.reason.value);
      call.then(resolve, reject);
    });
  }

  /** The caller's signal aborted (an EventListener object, so no closure per attempt). */
  handleEvent(): void {
    this.abort(this.caller?.reason);
  }

  abort(reason: unknown): void {
    if (this.reason) return;
    this.reason = { value: reason };
    this.controller?.abort(reason);
    this.reject(reason);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this);
  }
}

function onDeadline(attempt: Attempt): void {
  attempt.timedOut = true;
  attempt.abort(new DOMException('The attempt timed out', 'TimeoutError'));
}

function ignore(): void {}
