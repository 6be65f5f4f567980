// Households, users and categories: the control API's entries (see ../operation.ts).
import { createCategory } from '../../rules/categories';
import { createHousehold, createUser, moveUser, setPlan } from '../../rules/households';
import type { CategoryRecord, HouseholdRecord, Plan, UserRecord } from '../../store/records';
import { PLANS } from '../../store/schemas';
import * as z from '../../zod';
import { isoOrUndefined, operation, scenarioRecords } from '../operation';
import { createdAt, notBothOwners, oldOwner, plan, scenarioId, text } from './wire';

// The wire (a /__mock body, a record of a scenario file) to the call: one mapping each, for both.
const householdFromWire = (b: { id?: string; name?: string; plan?: Plan; created_at?: string }) => ({
  id: b.id,
  name: b.name,
  plan: b.plan,
  createdAt: b.created_at,
});
const userFromWire = (b: { id?: string; name?: string; household_id?: string; plan?: Plan; created_at?: string }) => ({
  id: b.id,
  name: b.name,
  householdId: b.household_id,
  plan: b.plan,
  createdAt: b.created_at,
});
const categoryFromWire = (b: {
  id?: string;
  name: string;
  type?: string;
  owner_user_id?: string | null;
  user_id?: string;
}) => ({ id: b.id, name: b.name, type: b.type, userId: b.owner_user_id ?? b.user_id ?? null });

const area = 'Households and users';

/** Households and users, in the order GET /__mock lists their routes. */
export const householdOperations = {
  /** Every household. */
  listHouseholds: operation({
    area,
    call:
      ({ act, store }) =>
      (): Promise<HouseholdRecord[]> =>
        act(() => store.households.all()),
    http: { method: 'GET', path: '/households', summary: 'Every household', run: (list) => list() },
  }),
  /** Creates a household; `id` and `createdAt` pin what would be generated. @default plan 'household_sharing' */
  createHousehold: operation({
    area,
    call:
      ({ act, store }) =>
      (input: { id?: string; name?: string; plan?: Plan; createdAt?: string | Date } = {}): Promise<HouseholdRecord> =>
        act(() => createHousehold(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    http: {
      method: 'POST',
      path: '/households',
      summary: 'Create a household {id?, name?, plan?, created_at?}',
      status: 201,
      body: z.strictObject({ id: text, name: text, plan, created_at: createdAt }),
      run: (create, { body }) => create(householdFromWire(body)),
    },
    scenario: scenarioRecords(
      'households',
      z.strictObject({ id: scenarioId, name: text, plan: z.enum(PLANS) }),
      (store, household, at) =>
        createHousehold(store, {
          ...householdFromWire(household),
          name: household.name ?? household.id,
          createdAt: at,
        }),
    ),
  }),
  /** Changes a household's plan; every later request is checked against it. */
  setPlan: operation({
    area,
    call:
      ({ act, store }) =>
      (householdId: string, plan: Plan): Promise<HouseholdRecord> =>
        act(() => setPlan(store, householdId, plan)),
    http: {
      method: 'PUT',
      path: '/households/:id/plan',
      summary: "Set a household's plan {plan}",
      body: z.strictObject({ plan: z.enum(PLANS) }),
      run: (set, { params, body }) => set(params.id!, body.plan),
    },
  }),
  /** Every user. */
  listUsers: operation({
    area,
    call:
      ({ act, store }) =>
      (): Promise<UserRecord[]> =>
        act(() => store.users.all()),
    http: { method: 'GET', path: '/users', summary: 'Every user', run: (list) => list() },
  }),
  /**
   * Creates a user in `householdId`, or in a new single-user household on `plan`; `id` and `createdAt` pin what
   * would be generated. @default plan 'household_sharing'
   */
  createUser: operation({
    area,
    call:
      ({ act, store }) =>
      (
        input: { id?: string; name?: string; householdId?: string; plan?: Plan; createdAt?: string | Date } = {},
      ): Promise<UserRecord> =>
        act(() => createUser(store, { ...input, createdAt: isoOrUndefined(input.createdAt) })),
    http: {
      method: 'POST',
      path: '/users',
      summary:
        'Create a user {id?, name?, household_id?, created_at?}; without household_id, in a new household on {plan?}',
      status: 201,
      body: z.strictObject({ id: text, name: text, household_id: text, plan, created_at: createdAt }),
      run: (create, { body }) => create(userFromWire(body)),
    },
    scenario: scenarioRecords(
      'users',
      z.strictObject({ id: scenarioId, name: text, household_id: scenarioId }),
      (store, user, at) => createUser(store, { ...userFromWire(user), name: user.name ?? user.id, createdAt: at }),
    ),
  }),
  /** Moves a user to a household; `null` gives the user a new single-user household on the free plan. */
  moveUser: operation({
    area,
    call:
      ({ act, store }) =>
      (userId: string, householdId: string | null): Promise<UserRecord> =>
        act(() => moveUser(store, userId, householdId)),
    http: {
      method: 'POST',
      path: '/users/:id/move',
      summary: 'Move a user {household_id}; null gives a new single-user household on the free plan',
      body: z.strictObject({ household_id: z.nullable(z.string()) }),
      run: (move, { params, body }) => move(params.id!, body.household_id),
    },
  }),
};

/** Categories. */
export const categoryOperations = {
  /** Every category, own and shared. */
  listCategories: operation({
    area: 'Categories and accounts',
    call:
      ({ act, store }) =>
      (): Promise<CategoryRecord[]> =>
        act(() => store.categories.all()),
    http: { method: 'GET', path: '/categories', summary: 'Every category', run: (list) => list() },
  }),
  /** Creates a category: the user's own with `userId`, a shared default without (or with null). @default type 'asset' */
  createCategory: operation({
    area: 'Categories and accounts',
    call:
      ({ act, store }) =>
      (input: { id?: string; name: string; type?: string; userId?: string | null }): Promise<CategoryRecord> =>
        act(() => createCategory(store, input)),
    http: {
      method: 'POST',
      path: '/categories',
      summary:
        "Create a category {id?, name, type?, owner_user_id?}: a user's own, or a shared default without an owner (or null)",
      status: 201,
      body: z
        .strictObject({
          id: text,
          name: z.string(),
          type: text,
          owner_user_id: z.optional(z.nullable(z.string())),
          ...oldOwner,
        })
        .check(notBothOwners),
      run: (create, { body }) => create(categoryFromWire(body)),
    },
    scenario: scenarioRecords(
      'categories',
      z.strictObject({
        id: scenarioId,
        name: z.string(),
        type: text,
        owner_user_id: z.optional(z.nullable(scenarioId)),
      }),
      (store, category) => createCategory(store, categoryFromWire(category)),
    ),
  }),
};
