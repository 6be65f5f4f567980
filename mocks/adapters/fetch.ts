// mock.fetch: a fetch-compatible function answered by the fake itself, with no msw and no interception. It works
// wherever fetch's Request and Response exist (Node, browsers, workers, Deno, Bun).
import type { RequestHandler } from '../core/handle-request';
import { isDroppedConnection } from '../core/messages';
import { parseBase, toFetchResponse, toMockRequest } from './fetch-messages';
import { nextMacrotask } from './macrotask';

/** A fetch that answers from the fake: `(input, init?) => Promise<Response>`, as `globalThis.fetch`. */
export type MockFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Builds mock.fetch over the core's request handler. Like a network, it answers after a macrotask, honours
 * `signal` (rejecting with its reason, at once), and rejects with a TypeError for a dropped connection
 * (an injected network error). A URL outside `baseUrl` is refused with a TypeError naming it: mock.fetch
 * reaches nothing else.
 */
export function createMockFetch(handle: RequestHandler, baseUrl: string): MockFetch {
  const base = parseBase(baseUrl);
  return async (input, init) => {
    const request = onlySignal(init) && input instanceof Request ? input : new Request(input, init);
    const signal = init?.signal ?? request.signal;
    signal?.throwIfAborted();
    const mockRequest = toMockRequest(request, base);
    if (!mockRequest) {
      throw new TypeError(`mock.fetch answers only requests under ${baseUrl}, not ${request.method} ${request.url}`);
    }
    const answer = handle(mockRequest).then(async (reply) => {
      await nextMacrotask();
      signal?.throwIfAborted();
      if (isDroppedConnection(reply)) throw droppedConnection();
      return toFetchResponse(reply, request.method);
    });
    return signal ? abortable(answer, signal) : answer;
  };
}

/** True when `init` carries nothing but a signal, so the Request given can be used as it is. */
function onlySignal(init: RequestInit | undefined): boolean {
  if (init === undefined) return true;
  for (const key in init) if (key !== 'signal') return false;
  return true;
}

/** Rejects with the signal's reason as soon as it aborts, as fetch does; the fake still finishes the request. */
function abortable<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** What fetch throws when the connection drops: a TypeError with an ECONNRESET cause, as undici gives. */
function droppedConnection(): TypeError {
  const cause = Object.assign(new Error('The fake dropped the connection (an injected network error)'), {
    code: 'ECONNRESET',
  });
  return new TypeError('fetch failed', { cause });
}
