import * as openapiFetch from 'openapi-fetch';
import type { Middleware } from 'openapi-fetch';
import type { paths } from './generated/openapi';
import { clientMiddleware } from './middleware';
import { createRetryingFetch } from './retry/fetch-with-retry';
import { normalizeClientOptions, type LedgerClientOptions } from './options';
import { accountsResource, type AccountsResource } from './resources/accounts';
import { categoriesResource, type CategoriesResource } from './resources/categories';
import type { ApiClient, ResourceContext } from './resources/context';
import { getIdentity } from './resources/identity';
import type { RequestOptions } from './resources/send';
import { snapshotsResource, type SnapshotsResource } from './resources/snapshots';
import type { Identity } from './types';

// openapi-fetch's default export, in both builds: the CJS build's node-mode interop (`__toESM(require(), 1)`)
// puts the whole CommonJS module under `default`, so the function is one level further down there.
type CreateClient = typeof openapiFetch.default;
const createClient: CreateClient =
  typeof openapiFetch.default === 'function' ? openapiFetch.default : (openapiFetch.default as unknown as { default: CreateClient }).default;

/**
 * A client for the Personal Ledger API: the raw typed openapi-fetch methods (results as `{ data, error, response }`)
 * plus helpers that return the data or throw a `LedgerApiError`.
 */
export interface LedgerClient {
  /** Typed GET of any path, e.g. `client.GET('/api/public/v1/accounts/{id}', { params: { path: { id } } })`. */
  GET: ApiClient['GET'];
  /** Typed POST of any path. */
  POST: ApiClient['POST'];
  /** Typed PATCH of any path. */
  PATCH: ApiClient['PATCH'];
  /** Typed DELETE of any path. */
  DELETE: ApiClient['DELETE'];
  /**
   * Adds openapi-fetch middleware; it runs after the client's own (so it sees Authorization and User-Agent), once
   * per call: retries replay the request it produced, and it sees the final response only.
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
  /** GET /me: the token's owner, household and token id. Serves as a health check. */
  me(options?: RequestOptions): Promise<Identity>;
  /** Category helpers. */
  categories: CategoriesResource;
  /** Account helpers: list, get, create, update, archive, unarchive. */
  accounts: AccountsResource;
  /** Snapshot helpers: list, get, upsert, update, delete, bulkUpsert. */
  snapshots: SnapshotsResource;
}

/**
 * Creates a client for the API at `baseUrl`, authenticating with `token`.
 * Throws `ClientOptionsError` when an option is missing or malformed.
 *
 * @example
 * const ledger = createLedgerClient({ baseUrl: 'https://ledger.example.com', token: process.env.LEDGER_TOKEN! });
 * const accounts = await ledger.accounts.list();
 */
export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const normalized = normalizeClientOptions(options);
  // Timeouts and retries wrap fetch under openapi-fetch: each attempt replays the final, authorized Request.
  const fetch = createRetryingFetch({
    fetch: normalized.fetch,
    retry: normalized.retry,
    timeoutMs: normalized.timeoutMs,
    secrets: [normalized.token],
  });
  const api = createClient<paths>({ baseUrl: normalized.baseUrl, fetch, headers: normalized.headers });
  api.use(...clientMiddleware(normalized));
  const ctx: ResourceContext = { api, secrets: [normalized.token] };
  return {
    GET: api.GET,
    POST: api.POST,
    PATCH: api.PATCH,
    DELETE: api.DELETE,
    use: api.use,
    eject: api.eject,
    me: (options) => getIdentity(ctx, options),
    categories: categoriesResource(ctx),
    accounts: accountsResource(ctx),
    snapshots: snapshotsResource(ctx),
  };
}
