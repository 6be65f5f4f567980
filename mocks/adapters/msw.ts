// The MSW adapter: one msw handler for everything under the API, answering from the core. Only this module
// (and the personal-ledger-sdk/mocks/msw entry) imports msw.
import { http, type HttpHandler } from 'msw';
import type { RequestHandler } from '../core/handle-request';
import { isNetworkError } from '../core/messages';
import { API_PREFIX } from '../core/routes';
import { parseBase, toFetchResponse, toMockRequest } from './fetch-messages';
import { nextMacrotask } from './macrotask';

/**
 * One handler for everything under `${baseUrl}/api/public/v1`: the core routes it to its operation, or answers
 * 404 `route_not_found`. One handler, not one per operation: msw parses the URL and the cookies and matches the
 * path for every handler it tries. A handler you add in front (`server.use(...)`) still overrides an operation.
 */
export function createMswHandlers(handle: RequestHandler, baseUrl: string): HttpHandler[] {
  const base = parseBase(baseUrl);
  const api = base.origin + base.path + API_PREFIX;
  return [
    http.all(new RegExp(`^${escapeRegExp(api)}(?:/.*)?$`), async ({ request }) => {
      const reply = await handle(toMockRequest(request, base)!);
      await nextMacrotask();
      return isNetworkError(reply) ? Response.error() : toFetchResponse(reply);
    }),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
