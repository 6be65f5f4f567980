import { createApiError } from '../errors/create-api-error';
import { LedgerError } from '../errors/ledger-error';
import { requestOf } from '../retry/transport';
import type { ResourceContext } from './context';

/** The parts of an openapi-fetch result that `send` reads. */
interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Per-request options a helper passes through to openapi-fetch (a type alias, so it fits openapi-fetch's init). */
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
 * Runs one openapi-fetch call and returns its data, or throws the `LedgerApiError` for its status. The error says
 * which request failed from what the transport recorded of it (method and URL, never the headers).
 */
export async function send<T>(
  ctx: ResourceContext,
  call: (init: SendInit) => Promise<Outcome<T>>,
  options: RequestOptions = {},
): Promise<NonNullable<T>> {
  const { data, error, response } = await call(options.signal ? { signal: options.signal } : {});
  if (!response.ok) throw createApiError(response, error, requestOf(response), { redact: ctx.secrets });
  // Every operation of this API answers a success with a JSON body.
  if (data === undefined || data === null) {
    const sent = requestOf(response);
    const where = sent ? ` from ${sent.method} ${new URL(sent.url).pathname}` : '';
    throw new LedgerError(`HTTP ${response.status} with an empty body${where}; a JSON body was expected`);
  }
  return data;
}
