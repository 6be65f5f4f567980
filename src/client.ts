import * as openapiFetch from 'openapi-fetch';
import type { BodySerializer, Middleware } from 'openapi-fetch';
import type { paths } from './generated/openapi';
import { clientHeaders } from './headers';
import { requireWebGlobals } from './shared/web-globals';
import type { ClientEventName, ClientListener } from './observe/events';
import { ClientObserver } from './observe/observer';
import { normalizeClientOptions, type FetchLike, type LedgerClientOptions } from './options';
import { accountsResource, type AccountsResource } from './resources/accounts';
import { categoriesResource, type CategoriesResource } from './resources/categories';
import type { ApiClient, ResourceContext } from './resources/context';
import { createTransport, type Transport } from './retry/transport';
import { getIdentity } from './resources/identity';
import type { RequestOptions } from './resources/send';
import { snapshotsResource, type SnapshotsResource } from './resources/snapshots';
import type { Identity } from './types';

// openapi-fetch's default export, in both builds: the CJS build's node-mode interop (`__toESM(require(), 1)`)
// puts the whole CommonJS module under `default`, so the function is one level further down there.
type CreateClient = typeof openapiFetch.default;
const createClient: CreateClient =
  typeof openapiFetch.default === 'function'
    ? openapiFetch.default
    : (openapiFetch.default as unknown as { default: CreateClient }).default;

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
   * per attempt: a retried call runs it again, and it sees each attempt's response.
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
  /**
   * Adds a listener of a client event (`request`, `response`, `retry`, `error`); returns the function that removes
   * it. Calls already under way keep the listeners they started with. See docs/observability.md.
   *
   * @example
   * const off = ledger.on('response', (e) => histogram.record(e.durationMs, { route: e.route, status: e.status }));
   */
  on<E extends ClientEventName>(event: E, listener: ClientListener<E>): () => void;
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
  requireWebGlobals('createLedgerClient', ['Request', 'Response', 'Headers', 'TextEncoder']);
  const normalized = normalizeClientOptions(options);
  const secrets = [normalized.token];
  const observer = new ClientObserver({
    on: normalized.on,
    log: normalized.log,
    bodies: normalized.eventBodies,
    secrets,
  });
  const transport = createTransport({
    baseUrl: normalized.baseUrl,
    fetch: normalized.fetch,
    retry: normalized.retry,
    timeoutMs: normalized.timeoutMs,
    secrets,
    observer,
  });
  // openapi-fetch's default query serializer, made once rather than on every call.
  const querySerializer = openapiFetch.createQuerySerializer();
  const raw = createClient<paths>({
    baseUrl: normalized.baseUrl,
    headers: clientHeaders(normalized),
    querySerializer,
    fetch: normalized.fetch,
  });
  const ctx: ResourceContext = { api: withTransport(raw, transport, true), secrets };
  const api = withTransport(raw, transport, false);
  return {
    GET: api.GET,
    POST: api.POST,
    PATCH: api.PATCH,
    DELETE: api.DELETE,
    use: raw.use,
    eject: raw.eject,
    on: (event, listener) => observer.on(event, listener),
    me: (options) => getIdentity(ctx, options),
    categories: categoriesResource(ctx),
    accounts: accountsResource(ctx),
    snapshots: snapshotsResource(ctx),
  };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type CallInit =
  | { signal?: AbortSignal | null; fetch?: FetchLike; body?: unknown; bodySerializer?: BodySerializer<unknown> }
  | undefined;

/**
 * The typed methods, each call run by the transport: one openapi-fetch call per attempt, given the attempt's fetch.
 * With `traced` (the helpers' methods), a result also says how many attempts it took and what it sent: {@link Traced}.
 */
function withTransport(raw: ApiClient, transport: Transport, traced: boolean): ResourceContext['api'] {
  const wrap = <M extends Method>(method: M): ApiClient[M] => {
    const call = raw[method] as unknown as (path: string, init: CallInit) => Promise<{ response: Response }>;
    const run = (path: string, init: CallInit) =>
      transport.run({
        method,
        path,
        traced,
        signal: init?.signal,
        fetch: init?.fetch,
        body: init?.body,
        bodySerializer: init?.bodySerializer,
        attempt: (fetch, bodySerializer) =>
          call(path, bodySerializer ? { ...init, fetch, bodySerializer } : { ...init, fetch }),
      });
    return run as unknown as ApiClient[M];
  };
  return { GET: wrap('GET'), POST: wrap('POST'), PATCH: wrap('PATCH'), DELETE: wrap('DELETE') };
}
