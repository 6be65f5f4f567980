import type { Category } from '../types';
import type { ResourceContext } from './context';
import { send } from './send';

/** Category helpers. */
export interface CategoriesResource {
  /** GET /categories: the caller's categories plus shared defaults, sorted by type, then name. */
  list(): Promise<Category[]>;
}

/** Builds the category helpers over the typed client. */
export function categoriesResource(ctx: ResourceContext): CategoriesResource {
  return {
    async list() {
      const { categories } = await send(ctx, (init) => ctx.api.GET('/api/public/v1/categories', init));
      return categories;
    },
  };
}
