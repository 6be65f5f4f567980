import type { Account, AccountCreate, AccountDetail, AccountUpdate } from '../types';
import type { ResourceContext } from './context';
import { send, type RequestOptions } from './send';

/** Account helpers. Each resolves to the data or throws a `LedgerApiError`. */
export interface AccountsResource {
  /** GET /accounts: every standard account visible to the token, archived ones included (list form). */
  list(options?: RequestOptions): Promise<Account[]>;
  /** GET /accounts/{id}: one account in detail form (with `auto_carry_forward`). 404 when not visible. */
  get(id: string, options?: RequestOptions): Promise<AccountDetail>;
  /** POST /accounts: creates an account. Not idempotent: a retry can create a second account. */
  create(body: AccountCreate, options?: RequestOptions): Promise<AccountDetail>;
  /** PATCH /accounts/{id}: changes the fields sent (at least one). */
  update(id: string, patch: AccountUpdate, options?: RequestOptions): Promise<AccountDetail>;
  /** Archives an account (`lifecycle_status: 'archived'`); it keeps its snapshots and stays in net worth. */
  archive(id: string, options?: RequestOptions): Promise<AccountDetail>;
  /** Makes an archived account active again (`lifecycle_status: 'active'`). */
  unarchive(id: string, options?: RequestOptions): Promise<AccountDetail>;
}

/** Builds the account helpers over the typed client. */
export function accountsResource(ctx: ResourceContext): AccountsResource {
  const update = (id: string, patch: AccountUpdate, options?: RequestOptions) =>
    send(
      ctx,
      (init) => ctx.api.PATCH('/api/public/v1/accounts/{id}', { ...init, params: { path: { id } }, body: patch }),
      options,
    );
  return {
    async list(options) {
      const { accounts } = await send(ctx, (init) => ctx.api.GET('/api/public/v1/accounts', init), options);
      return accounts;
    },
    get: (id, options) =>
      send(ctx, (init) => ctx.api.GET('/api/public/v1/accounts/{id}', { ...init, params: { path: { id } } }), options),
    create: (body, options) => send(ctx, (init) => ctx.api.POST('/api/public/v1/accounts', { ...init, body }), options),
    update,
    archive: (id, options) => update(id, { lifecycle_status: 'archived' }, options),
    unarchive: (id, options) => update(id, { lifecycle_status: 'active' }, options),
  };
}
