import { accountOperations } from './operations/accounts';
import { identityOperations } from './operations/identity';
import { snapshotOperations } from './operations/snapshots';
import type { MockReply, MockRequest } from './messages';
import { handleOperation, handleUnknownRoute, type MockContext, type Operation } from './pipeline';
import { compileRouteTable, type RouteTable, type Surface } from './route-table';
import { API_PREFIX } from '../../src/generated/api-constants';

/** Every operation of openapi.json. */
export const operations: readonly Operation[] = [...identityOperations, ...accountOperations, ...snapshotOperations];

/** Answers one request to the API: the heart of the fake, which every adapter calls. */
export type RequestHandler = (request: MockRequest) => Promise<MockReply>;

/**
 * The API of one fake as a surface of a route table: each operation's route, served by its pipeline, and 404
 * `route_not_found` for any other path or method (spec-gaps 17), which the journal records.
 */
function apiSurface(context: MockContext): Surface {
  return {
    name: 'api',
    routes: operations.map((operation) => ({
      method: operation.method,
      path: API_PREFIX + operation.path,
      value: (request, params) => handleOperation(context, operation, request, params),
    })),
    unknown: (request, methods) => Promise.resolve(handleUnknownRoute(context, request, methods)),
  };
}

// The API surface behind each handler made here, for a front door given the handler (control-http/front-door.ts).
const surfaces = new WeakMap<RequestHandler, Surface>();

/**
 * The core's request handler over one fake's context: the API alone (no /__mock), its own table compiled once, on
 * its first request (a fake served only through a front door never compiles it).
 */
export function createRequestHandler(context: MockContext): RequestHandler {
  const api = apiSurface(context);
  let table: RouteTable | undefined;
  const handle: RequestHandler = (request) => {
    table ??= compileRouteTable([api]);
    return table.answer(request, api);
  };
  surfaces.set(handle, api);
  return handle;
}

/**
 * The API as a surface of a front door's table. For a handler of `createRequestHandler`, its operations' routes; any
 * other handler (one of your own, wrapping the core) is asked about every path outside /__mock, as it routes itself.
 */
export function apiSurfaceOf(handle: RequestHandler): Surface {
  return surfaces.get(handle) ?? { name: 'api', routes: [], unknown: (request) => handle(request) };
}
