// The MSW adapter: one msw handler for everything under the API, answering from the core. Only this module
// (and the personal-ledger-sdk/mocks/msw entry) imports msw.
import { http, type HttpHandler } from 'msw';
import { API_PREFIX } from '../../src/generated/api-constants';
import type { LedgerControl } from '../control/control';
import type { RequestHandler } from '../core/handle-request';
import { isDroppedConnection } from '../core/messages';
import { createFrontDoor } from '../control-http/front-door';
import { CONTROL_PREFIX } from '../control-http/routes';
import { parseBase, toFetchResponse, toMockRequest } from './fetch-messages';
import { mswRuntimeProblem } from './msw-runtime';
import { nextMacrotask } from './macrotask';

/** The parts of a fake its MSW handlers are made from: what `createLedgerMock` returns has them. */
export interface MswHandlerSource {
  readonly baseUrl: string;
  /** `mock.handle`; a handler of your own that wraps it is asked about every request outside `/__mock`. */
  readonly handle: RequestHandler;
  readonly control: LedgerControl;
}

/**
 * MSW handlers for a fake: one handler that serves every operation (a 404 `route_not_found` for any other path or
 * method under the API) and the control surface under `${baseUrl}/__mock`, as mock.fetch does. Handlers you add in
 * front with `server.use()` override operations. Throws at once where msw cannot work (msw 3 on Node before 22.12).
 *
 * @example
 * const mock = createLedgerMock({ scenario: 'demo' }); // from personal-ledger-sdk/mocks
 * const server = setupServer(...ledgerHandlers(mock));
 */
export function ledgerHandlers(mock: MswHandlerSource): HttpHandler[] {
  const problem = mswRuntimeProblem();
  if (problem) throw new Error(problem);
  return createMswHandlers(createFrontDoor({ api: mock.handle, control: mock.control }), mock.baseUrl);
}

/**
 * One handler for everything under `${baseUrl}/api/public/v1` and `${baseUrl}/__mock`, answered by `handle` (a
 * front door, which matches it once in the fake's route table: an operation, a /__mock route, or the 404). One handler,
 * not one per operation: msw parses the URL and the cookies and matches the path for every handler it tries. A
 * handler you add in front (`server.use(...)`) still overrides an operation.
 */
export function createMswHandlers(handle: RequestHandler, baseUrl: string): HttpHandler[] {
  const base = parseBase(baseUrl);
  const root = escapeRegExp(base.origin + base.path);
  return [
    http.all(
      new RegExp(`^${root}(?:${escapeRegExp(API_PREFIX)}|${escapeRegExp(CONTROL_PREFIX)})(?:/.*)?$`),
      async ({ request }) => {
        const reply = await handle(toMockRequest(request, base)!);
        await nextMacrotask();
        return isDroppedConnection(reply) ? Response.error() : toFetchResponse(reply, request.method);
      },
    ),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
