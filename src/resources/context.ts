import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi';

/** The typed openapi-fetch client for this API. */
export type ApiClient = Client<paths>;

/** What every resource helper is built from. */
export interface ResourceContext {
  /**
   * The typed methods every helper goes through (so middleware, timeouts and retries apply and URLs are never
   * built by hand). Their results are traced: each also carries the attempts it took and its last request.
   */
  readonly api: Pick<ApiClient, 'GET' | 'POST' | 'PATCH' | 'DELETE'>;
  /** Strings scrubbed from the errors the helpers throw: the token. */
  readonly secrets: readonly string[];
}
