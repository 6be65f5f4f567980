import type { Account, AccountCreate, AccountDetail, AccountUpdate } from '../types';
import type { ResourceContext } from './context';
import { send } from './send';

/** Account helpers. Each resolves to the data or throws a `LedgerApiError`. */
export interface AccountsResource {
  /** GET /accounts: every standard account visible to the token, archived ones included (list form). */
  list(): Promise<Account[]>;
  /** GET /accounts/{id}: one account in detail form (with `auto_carry_forward`). 404 when not visible. */
  get(id: string): Promise<AccountDetail>;
  /** POST /accounts: creates an account. Not idempotent: a retry can create a second account. */
  create(body: AccountCreate): Promise<AccountDetail>;
  /** PATCH /accounts/{id}: changes the fields sent (at least one). */
  update(id: string, patch: AccountUpdate): Promise<AccountDetail>;
  /** Archives an account (`lifecycle_status: 'archived'`); it keeps its snapshots and stays in net worth. */
  archive(id: string): Promise<AccountDetail>;
  /** Makes an archived account active again (`lifecycle_status: 'active'`). */
  unarchive(id: string): Promise<AccountDetail>;
}

/** Builds the account helpers over the typed client. */
export function accountsResource(ctx: ResourceContext): AccountsResource {
  const update = (id: string, patch: AccountUpdate) =>
    send(ctx, (init) => ctx.api.PATCH('/api/public/v1/accounts/{id}', { ...init, params: { path: { id } }, body: patch }));
  return {
    async list() {
      const { accounts } = await send(ctx, (init) => ctx.api.GET('/api/public/v1/accounts', init));
      return accounts;
    },
    get: (id) => send(ctx, (init) => ctx.api.GET('/api/public/v1/accounts/{id}', { ...init, params: { path: { id } } })),
    create: (body) => send(ctx, (init) => ctx.api.POST('/api/public/v1/accounts', { ...init, body })),
    update,
    archive: (id) => update(id, { lifecycle_status: 'archived' }),
    unarchive: (id) => update(id, { lifecycle_status: 'active' }),
  };
}
