// One attempt of a call: its deadline, the caller's signal, and how far it got.
import type { FetchLike } from '../options';

/**
 * How far an attempt got. A failure of `fetch` itself or of the body read is a transport failure; one while
 * the request is built or in middleware is the caller's or the code's and is thrown as it is.
 */
export type AttemptPhase = 'building' | 'fetch' | 'middleware' | 'body';

/**
 * An attempt's state. With a timeout or a caller's signal, `guard` ends the attempt when either fires, and the
 * fetch gets a signal that aborts with it. The signal (an AbortController) is made only when the fetch reads `init.signal`
 * (fetch and MSW's interceptor do; an in-process fetch that ignores it costs none).
 */
export class Attempt {
  phase: AttemptPhase = 'building';
  /** The Request the fetch was given, once it was. */
  request: Request | undefined;
  timedOut = false;
  /** True when a deadline or a caller's signal can end the attempt. */
  private readonly armed: boolean = false;
  private controller: AbortController | undefined;
  private reason: { value: unknown } | undefined;
  private reject: (reason: unknown) => void = ignore;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly caller: AbortSignal | undefined,
    timeoutMs: number | false,
  ) {
    if (timeoutMs === false && !caller) return;
    this.armed = true;
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
      const response = await base(request, this.armed ? this.initWithSignal(init) : init);
      this.phase = 'middleware';
      return response;
    };
  }

  /** `call`, unless the deadline or the caller's abort comes first: then a rejection with the abort reason. */
  guard<T>(call: Promise<T>): Promise<T> {
    if (!this.armed) return call;
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

  private initWithSignal(init: RequestInit | undefined): RequestInit {
    const attempt = this;
    return {
      ...init,
      get signal() {
        return attempt.signal();
      },
    };
  }

  private signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason) this.controller.abort(this.reason.value);
    }
    return this.controller.signal;
  }
}

function onDeadline(attempt: Attempt): void {
  attempt.timedOut = true;
  attempt.abort(new DOMException('The attempt timed out', 'TimeoutError'));
}

function ignore(): void {}
