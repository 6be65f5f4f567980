import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/openapi';
import { clientMiddleware } from './middleware';
import { normalizeClientOptions, type LedgerClientOptions } from './options';
import { accountsResource, type AccountsResource } from './resources/accounts';
import { categoriesResource, type CategoriesResource } from './resources/categories';
import type { ApiClient, ResourceContext } from './resources/context';
import { getIdentity } from './resources/identity';
import { snapshotsResource, type SnapshotsResource } from './resources/snapshots';
import type { Identity } from './types';

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
  /** Adds openapi-fetch middleware; it runs after the client's own (so it sees Authorization and User-Agent). */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
  /** GET /me: the token's owner, household and token id. Serves as a health check. */
  me(): Promise<Identity>;
  /** Category helpers. */
  categories: CategoriesResource;
  /** Account helpers: list, get, create, update, archive, unarchive. */
  accounts: AccountsResource;
  /** Snapshot helpers: list, get, upsert, update, delete. */
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
  const api = createClient<paths>({
    baseUrl: normalized.baseUrl,
    fetch: normalized.fetch,
    headers: normalized.headers,
  });
  api.use(...clientMiddleware(normalized));
  const ctx: ResourceContext = { api, secrets: [normalized.token] };
  return {
    GET: api.GET,
    POST: api.POST,
    PATCH: api.PATCH,
    DELETE: api.DELETE,
    use: api.use,
    eject: api.eject,
    me: () => getIdentity(ctx),
    categories: categoriesResource(ctx),
    accounts: accountsResource(ctx),
    snapshots: snapshotsResource(ctx),
  };
}
