import { createApiError } from '../errors/api-errors';
import { LedgerError } from '../errors/ledger-error';
import type { Traced } from '../retry/transport';
import type { ResourceContext } from './context';

/** The parts of an openapi-fetch result that `send` reads. */
interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** What a helper passes to a typed method: the caller's signal (a type alias, so it fits openapi-fetch's init). */
export type SendInit = { signal?: AbortSignal | undefined };

/** Per-call options of the helpers. */
export interface RequestOptions {
  /**
   * Cancels the call: the request (and any retry wait) stops and the call rejects with the signal's reason.
   * Combined with the client's per-attempt `timeoutMs`. @default undefined
   */
  signal?: AbortSignal | undefined;
}

/**
 * Runs one openapi-fetch call through the helpers' typed methods (whose results are traced: see ResourceContext) and
 * returns its data, or throws the `LedgerApiError` for its status, naming the request that failed (method and URL,
 * never the headers).
 */
export async function send<T>(
  ctx: ResourceContext,
  call: (init: SendInit) => Promise<Outcome<T>>,
  options: RequestOptions = {},
): Promise<NonNullable<T>> {
  const { data, error, response, request } = (await call(options.signal ? { signal: options.signal } : {})) as Traced<
    Outcome<T>
  >;
  if (!response.ok) throw createApiError(response, error, request, { redact: ctx.secrets });
  // Every operation of this API answers a success with a JSON body.
  if (data === undefined || data === null) {
    throw new LedgerError(
      `HTTP ${response.status} with an empty body from ${request.method} ${new URL(request.url).pathname}; a JSON body was expected`,
    );
  }
  return data;
}
