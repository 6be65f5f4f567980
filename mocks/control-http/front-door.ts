// The one way in for every adapter (mock.fetch, the MSW handler, node:http): the access checks first, then the
// control surface under /__mock, or the API core. Adapters only translate their requests and answers to and from
// the core's plain messages; what is served, and to whom, is decided here.
import type { LedgerControl } from '../control/control';
import type { RequestHandler } from '../core/handle-request';
import type { MockRequest, MockResponse } from '../core/messages';
import { compileAccess, refusalOf, type AccessOptions } from './access';
import { CONTROL_PREFIX, handleControlRequest } from './routes';

/** What a front door serves: one fake's API core and its control API. */
export interface FrontDoorTarget {
  /** The core's request handler: the API under /api/public/v1. */
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
   * a browser's navigation cannot send one.
   */
  page(request: MockRequest): MockResponse | undefined;
  /** The answer of one of its read-only routes under /__mock, after every /__mock check; else `undefined`. */
  route(request: MockRequest): Promise<MockResponse> | undefined;
  /** A /__mock request and its answer (the page refreshes what it shows after a change). */
  answered(request: MockRequest, response: MockResponse): void;
}

/** True for a path of the control surface: `/__mock` and everything under it. */
export function isControlPath(path: string): boolean {
  return (
    path.startsWith(CONTROL_PREFIX) && (path.length === CONTROL_PREFIX.length || path[CONTROL_PREFIX.length] === '/')
  );
}

/**
 * The request handler of one host of a fake: access checks (built once from `options`), then /__mock or the API.
 * Never throws for a request: refusals and control errors are answers.
 */
export function createFrontDoor(target: FrontDoorTarget, options: AccessOptions = {}): RequestHandler {
  const { api, control, inspector } = target;
  const checks = compileAccess(options);
  const routeOptions = { stateFile: target.stateFile };
  const { cors } = checks;
  return (request) => {
    if (isControlPath(request.path)) {
      const page = inspector?.page(request);
      if (page) return Promise.resolve(refusalOf(checks.page, request) ?? page);
      const refused = refusalOf(checks.control, request);
      if (refused) return Promise.resolve(refused);
      if (inspector === undefined) return handleControlRequest(control, request, routeOptions);
      const answer = inspector.route(request) ?? handleControlRequest(control, request, routeOptions);
      return answer.then((response) => {
        inspector.answered(request, response);
        return response;
      });
    }
    const refused = refusalOf(checks.api, request);
    if (refused) return Promise.resolve(refused);
    return cors === undefined ? api(request) : api(request).then((reply) => cors.decorate(request, reply));
  };
}
