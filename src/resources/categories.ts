import type { Category } from '../types';
import type { ResourceContext } from './context';
import { send, type RequestOptions } from './send';

/** Category helpers. */
export interface CategoriesResource {
  /** GET /categories: the caller's categories plus shared defaults, sorted by type, then name. */
  list(options?: RequestOptions): Promise<Category[]>;
}

/** Builds the category helpers over the typed client. */
export function categoriesResource(ctx: ResourceContext): CategoriesResource {
  return {
    async list(options) {
      const { categories } = await send(ctx, (init) => ctx.api.GET('/api/public/v1/categories', init), options);
      return categories;
    },
  };
}
