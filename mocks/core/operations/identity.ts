import { openApiDocument } from '../../openapi-document';
import { listCategories } from '../../rules/categories';
import type { Operation } from '../pipeline';

/** GET /me, GET /categories and GET /openapi.json. */
export const identityOperations: Operation[] = [
  {
    operationId: 'getMe',
    method: 'get',
    path: '/me',
    run: ({ actor }) => ({
      status: 200,
      body: { user_id: actor.user.id, household_id: actor.household.id, token_id: actor.token.id },
    }),
  },
  {
    operationId: 'listCategories',
    method: 'get',
    path: '/categories',
    run: ({ store, actor }) => ({ status: 200, body: { categories: listCategories(store, actor.user.id) } }),
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    authenticated: false,
    run: () => ({ status: 200, body: openApiDocument }),
  },
];
