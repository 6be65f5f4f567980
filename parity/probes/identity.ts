// Identity and categories (spec 4 GET /me, GET /categories; spec-gaps 29).
import { get } from './helpers';
import type { Probe } from './types';

export const identityProbes: readonly Probe[] = [
  {
    id: 'me.identity',
    title: 'GET /me answers the Identity: user_id, household_id, token_id',
    rules: ['§4 GET /me', '§2 Identity', '§4 table GET /me'],
    gaps: [1],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => get('/me')],
    compares: 'status, Content-Type, the body with ids masked, the document check',
  },
  {
    id: 'me.request-id',
    title: 'Which request-id header an answer carries, of those the client reads (the fake sends none)',
    rules: [],
    gaps: [33],
    mode: 'read',
    operations: ['getMe'],
    steps: [() => get('/me')],
    view: { requestId: true },
    compares:
      'the names of the request-id headers present (x-request-id, request-id, x-correlation-id), never their values',
  },
  {
    id: 'categories.list',
    title: 'GET /categories lists own and shared categories by type, then name, then id',
    rules: ['§4 GET /categories', '§4 table GET /categories'],
    gaps: [1, 29],
    mode: 'read',
    operations: ['listCategories'],
    steps: [() => get('/categories')],
    compares:
      'status and the whole list in order (the mirror holds the same categories, so only the order and shape can differ)',
  },
];
