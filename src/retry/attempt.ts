// One attempt of a call: its deadline, the caller's signal, and how far it got.
import type { FetchLike } from '../options';
import type { DeadlineHolder, Deadlines, SharedDeadline } from './deadlines';

/**
 * How far an attempt got. A failure of `fetch` itself or of the body read is a transport failure; one while
 * the request is built or in middleware is the caller's or the code's and is thrown as it is.
 */
export type AttemptPhase = 'building' | 'fetch' | 'middleware' | 'body';

/**
 * An attempt's state. With a timeout or a caller's signal, `guard` ends the attempt when either fires, and the
 * fetch gets a signal in `init` that aborts with it: the shared deadline's (src/retry/deadlines.ts), or, when the
 * caller passed a signal, the attempt's own, which follows both. Without either (`timeoutMs: false`, no signal),
 * nothing is armed and the attempt is the bare openapi-fetch call.
 */
export class Attempt implements DeadlineHolder {
  phase: AttemptPhase = 'building';
  /** The Request the fetch was given, once it was. */
  request: Request | undefined;
  timedOut = false;
  /** What the fetch is given: aborts on the deadline or the caller's abort; absent when neither can fire. */
  private readonly signal: AbortSignal | undefined;
  /** Made only when the caller passed a signal, to follow it and the deadline both. */
  private readonly controller: AbortController | undefined;
  private readonly deadline: SharedDeadline | undefined;
  private reason: { value: unknown } | undefined;
  private reject: (reason: unknown) => void = ignore;

  constructor(
    private readonly caller: AbortSignal | undefined,
    deadlines: Deadlines | undefined,
  ) {
    if (deadlines) this.deadline = deadlines.join(this);
    if (caller) {
      this.controller = new AbortController();
      this.signal = this.controller.signal;
      caller.addEventListener('abort', this);
      if (caller.aborted) this.handleEvent();
    } else {
      this.signal = this.deadline?.signal;
    }
  }

  /**
   * The fetch for this attempt: notes the request and passes the attempt's signal in `init`. `middleware`: the
   * caller's middleware runs between the fetch and the body read (the transport's marker then says when it ends).
   */
  fetchWith(base: FetchLike, onRequest: (request: Request, attempt: Attempt) => void, middleware: boolean): FetchLike {
    return async (request, init) => {
      this.request = request;
      this.phase = 'fetch';
      onRequest(request, this);
      const response = await base(request, this.signal ? { ...init, signal: this.signal } : init);
      this.phase = middleware ? 'middleware' : 'body';
      return response;
    };
  }

  /** `call`, unless the deadline or the caller's abort comes first: then a rejection with the abort reason. */
  guard<T>(call: Promise<T>): Promise<T> {
    if (!this.signal) return call;
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

  /** The shared deadline passed with this attempt still going. */
  onDeadline(): void {
    this.timedOut = true;
    this.abort(this.deadline!.signal.reason);
  }

  abort(reason: unknown): void {
    if (this.reason) return;
    this.reason = { value: reason };
    this.controller?.abort(reason);
    this.reject(reason);
  }

  dispose(): void {
    this.deadline?.leave(this);
    this.caller?.removeEventListener('abort', this);
  }
}

function ignore(): void {}
