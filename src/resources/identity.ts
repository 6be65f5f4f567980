import type { Identity } from '../types';
import type { ResourceContext } from './context';
import { send, type RequestOptions } from './send';

/** GET /me: the token's owner, household and token id. Serves as a health check. */
export function getIdentity(ctx: ResourceContext, options?: RequestOptions): Promise<Identity> {
  return send(ctx, (init) => ctx.api.GET('/api/public/v1/me', init), options);
}
