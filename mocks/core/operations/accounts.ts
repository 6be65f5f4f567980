import { createAccount, getAccount, listAccounts, updateAccount } from '../../rules/accounts';
import type { Operation } from '../pipeline';

/** GET/POST /accounts, GET/PATCH /accounts/{id}. */
export const accountOperations: Operation[] = [
  {
    operationId: 'listAccounts',
    method: 'get',
    path: '/accounts',
    run: ({ store, reach }) => ({ status: 200, body: { accounts: listAccounts(store, reach) } }),
  },
  {
    operationId: 'createAccount',
    method: 'post',
    path: '/accounts',
    readsBody: true,
    run: async ({ store, reach, body }) => ({ status: 201, body: await createAccount(store, reach, body) }),
  },
  {
    operationId: 'getAccount',
    method: 'get',
    path: '/accounts/:id',
    run: ({ store, reach, params }) => ({ status: 200, body: getAccount(store, reach, params.id!) }),
  },
  {
    operationId: 'updateAccount',
    method: 'patch',
    path: '/accounts/:id',
    readsBody: true,
    run: async ({ store, reach, params, body }) => ({
      status: 200,
      body: await updateAccount(store, reach, params.id!, body),
    }),
  },
];
