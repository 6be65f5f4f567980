import type { components } from '../../src/generated/openapi';
import { ApiError } from '../errors';
import type { LedgerStore } from '../store/ledger-store';
import type { CategoryRecord } from '../store/records';
import { nameOf } from './explain';
import { requireUser } from './households';

export type CategoryView = components['schemas']['Category'];

/** Spec 2 (Category): shared defaults and the user's own are accessible; others' own are not. */
export function isCategoryAccessible(category: CategoryRecord, userId: string): boolean {
  return category.owner_user_id === null || category.owner_user_id === userId;
}

/** Spec 4 (GET /categories): the user's own categories plus shared defaults, by type then name. */
export function listCategories(store: LedgerStore, userId: string): CategoryView[] {
  return store.categories
    .filter((category) => isCategoryAccessible(category, userId))
    .sort((a, b) => compare(a.type, b.type) || compare(a.name, b.name) || compare(a.id, b.id))
    .map(toCategoryView);
}

/** Spec 4 (POST /accounts rule 2): an unknown or inaccessible category_id is 422 `category_not_found`. */
export function requireAccessibleCategory(store: LedgerStore, userId: string, categoryId: string): CategoryRecord {
  const category = store.categories.peek(categoryId);
  if (!category || !isCategoryAccessible(category, userId)) {
    const why = category
      ? `it is ${nameOf(store, category.owner_user_id!)}'s own category`
      : 'there is no such category';
    throw new ApiError(422, 'category_not_found', 'Category not found or not accessible', [
      { path: 'body.category_id', message: 'category not found or not accessible' },
    ]).because(`category_id ${JSON.stringify(categoryId)} is not a category ${nameOf(store, userId)} can use: ${why}`);
  }
  return category;
}

/** Creates a category: the user's own with `userId`, a shared default without. */
export async function createCategory(
  store: LedgerStore,
  input: { id?: string; name: string; type?: string; userId?: string | null },
): Promise<CategoryRecord> {
  if (input.userId) requireUser(store, input.userId);
  return store.categories.insert({
    id: input.id ?? store.newId(),
    name: input.name,
    type: input.type ?? 'asset',
    owner_user_id: input.userId ?? null,
  });
}

export function toCategoryView(category: CategoryRecord): CategoryView {
  return { id: category.id, name: category.name, type: category.type };
}

// Code-unit order, the same on every machine (localeCompare depends on the runtime's locale).
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
