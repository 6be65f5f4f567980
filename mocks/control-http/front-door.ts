// The one way in for every adapter (mock.fetch, the MSW handler, node:http): the access checks first, chosen by the
// path's prefix (/__mock or the API), then one lookup in the fake's one route table (core/route-table.ts: the API's
// operations, the control routes and, in ledger-mock, the inspector's), which serves the route or lets the path's
// surface answer. Adapters only translate their requests and answers to and from the core's plain messages; what is
// served, and to whom, is decided here.
import type { LedgerControl } from '../control/control';
import { apiSurfaceOf, type RequestHandler } from '../core/handle-request';
import type { MockRequest, MockResponse } from '../core/messages';
import { compileRouteTable, type RouteTable, type Surface } from '../core/route-table';
import { compileAccess, refusalOf, type AccessOptions } from './access';
import { CONTROL_PREFIX, controlSurface } from './routes';

/** What a front door serves: one fake's API core and its control API. */
export interface FrontDoorTarget {
  /** The core's request handler (`mock.handle`): the API under /api/public/v1. */
  api: RequestHandler;
  /** The control API, served under /__mock. */
  control: LedgerControl;
  /** ledger-mock --state: the file a reset or a scenario load rewrites, named in their answers. */
  stateFile?: string | undefined;
  /** ledger-mock's inspector page (mocks/inspector): its files, its read-only routes, and what it is told. */
  inspector?: InspectorHooks | undefined;
}

/** What the front door asks of ledger-mock's inspector page; it decides nothing about access. */
export interface InspectorHooks {
  /**
   * The page's file this request asks for (GET /__mock/ from a browser, the page's script and stylesheet), else
   * `undefined`. Served after the Host and Origin checks but without the control token: the files hold no data, and
   * a browser's navigation cannot send one. Files, not routes: they pick the checks, so they are looked up first.
   */
  page(request: MockRequest): MockResponse | undefined;
  /** Its read-only routes under /__mock/inspector, served after every /__mock check: they join the route table. */
  routes: Surface;
  /** A /__mock request and its answer (the page refreshes what it shows after a change). */
  answered(request: MockRequest, response: MockResponse): void;
}

/** True for a path of the control surface: `/__mock` and everything under it. */
export function isControlPath(path: string): boolean {
  return (
    path.startsWith(CONTROL_PREFIX) && (path.length === CONTROL_PREFIX.length || path[CONTROL_PREFIX.length] === '/')
  );
}

/** A front door's one route table, and the surfaces that answer a path no route has, by its prefix. */
interface Routing {
  table: RouteTable;
  api: Surface;
  control: Surface;
}

/** The table of the API, /__mock and (when there is one) the inspector: one table per front door. */
function routingOf({ api: handle, control: controlApi, stateFile, inspector }: FrontDoorTarget): Routing {
  const api = apiSurfaceOf(handle);
  const control = controlSurface(controlApi, { stateFile });
  return { table: compileRouteTable(inspector ? [api, control, inspector.routes] : [api, control]), api, control };
}

/**
 * The request handler of one host of a fake: access checks (built once from `options`), then one lookup in its route
 * table (compiled once, on the first request past the checks: a door never used, as mock.fetch beside MSW, pays
 * nothing). Never throws for a request: refusals and control errors are answers.
 */
export function createFrontDoor(target: FrontDoorTarget, options: AccessOptions = {}): RequestHandler {
  const { inspector } = target;
  const checks = compileAccess(options);
  const { cors } = checks;
  let routing: Routing | undefined;
  return (request) => {
    if (isControlPath(request.path)) {
      const page = inspector?.page(request);
      if (page) return Promise.resolve(refusalOf(checks.page, request) ?? page);
      const refused = refusalOf(checks.control, request);
      if (refused) return Promise.resolve(refused);
      routing ??= routingOf(target);
      // Every /__mock answer is a response: no control or inspector route drops a connection.
      const answer = routing.table.answer(request, routing.control) as Promise<MockResponse>;
      if (inspector === undefined) return answer;
      return answer.then((response) => {
        inspector.answered(request, response);
        return response;
      });
    }
    const refused = refusalOf(checks.api, request);
    if (refused) return Promise.resolve(refused);
    routing ??= routingOf(target);
    const answer = routing.table.answer(request, routing.api);
    return cors === undefined ? answer : answer.then((reply) => cors.decorate(request, reply));
  };
}
