// A fake's one route table: the routes of every surface a front door serves (the API, the control API under /__mock,
// ledger-mock's inspector), compiled once into one router (routes.ts) and matched once per request. Each entry says
// its surface and what serves it; each surface keeps its own answer to a request none of its routes serves, in its
// own folder (the API's in core/pipeline.ts, /__mock's in control-http/routes.ts, the inspector's in inspector/).
import type { MockReply, MockRequest } from './messages';
import { compileRouter, type RouteSpec } from './routes';

/** The surfaces of a fake a route belongs to. */
export type SurfaceName = 'api' | 'control' | 'inspector';

/** What serves a route: the request, with the path's parameters decoded. */
export type Serve = (request: MockRequest, params: Record<string, string>) => Promise<MockReply>;

/** One surface of a fake, as its route table holds it. */
export interface Surface {
  name: SurfaceName;
  /** Its routes, whole paths (`/api/public/v1/accounts/:id`), each with what serves it. */
  routes: readonly RouteSpec<Serve>[];
  /**
   * Its answer to a request its routes do not serve: `methods` are the ones its routes have at the path (405-like),
   * none when no route has the path (the surface answers for the prefix it owns).
   */
  unknown(request: MockRequest, methods: readonly string[]): Promise<MockReply>;
}

/** An entry of the table: a route's surface and what serves it. */
interface Entry {
  surface: Surface;
  serve: Serve;
}

/** A fake's compiled route table. */
export interface RouteTable {
  /**
   * Matches the request once and serves it. A path with routes but none for the method is answered by the surface
   * of those routes; a path with no route at all by `owner`, the surface that owns the path's prefix.
   */
  answer(request: MockRequest, owner: Surface): Promise<MockReply>;
}

/** Compiles the routes of `surfaces` into one table. Throws when two surfaces route the same path (a bug of the fake). */
export function compileRouteTable(surfaces: readonly Surface[]): RouteTable {
  const owners = new Map<string, SurfaceName>();
  const routes: RouteSpec<Entry>[] = [];
  for (const surface of surfaces) {
    for (const route of surface.routes) {
      const shape = route.path.replace(/:[^/]*/g, ':');
      const owner = owners.get(shape);
      if (owner !== undefined && owner !== surface.name)
        throw new Error(`${route.path} is routed by both ${owner} and ${surface.name}`);
      owners.set(shape, surface.name);
      routes.push({ ...route, value: { surface, serve: route.value } });
    }
  }
  const router = compileRouter(routes);
  return {
    answer(request, owner) {
      const found = router.lookup(request.method, request.path);
      if (found.value !== undefined) return found.value.serve(request, found.params);
      const { others } = found;
      if (others.size === 0) return owner.unknown(request, NO_METHODS);
      return others
        .values()
        .next()
        .value!.surface.unknown(request, [...others.keys()]);
    },
  };
}

const NO_METHODS: readonly string[] = Object.freeze([]);
