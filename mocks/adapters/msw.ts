// The MSW adapter: one msw handler for everything under the API, answering from the core. Only this module
// (and the personal-ledger-sdk/mocks/msw entry) imports msw.
import { http, type HttpHandler } from 'msw';
import type { RequestHandler } from '../core/handle-request';
import { isNetworkError } from '../core/messages';
import { API_PREFIX } from '../core/routes';
import { CONTROL_PREFIX } from '../control-http/routes';
import { parseBase, toFetchResponse, toMockRequest } from './fetch-messages';
import { nextMacrotask } from './macrotask';

/**
 * One handler for everything under `${baseUrl}/api/public/v1` and `${baseUrl}/__mock`, answered by `handle` (a
 * front door): the core routes an API request to its operation, or answers 404 `route_not_found`. One handler,
 * not one per operation: msw parses the URL and the cookies and matches the path for every handler it tries. A
 * handler you add in front (`server.use(...)`) still overrides an operation.
 */
export function createMswHandlers(handle: RequestHandler, baseUrl: string): HttpHandler[] {
  const base = parseBase(baseUrl);
  const root = escapeRegExp(base.origin + base.path);
  return [
    http.all(new RegExp(`^${root}(?:${escapeRegExp(API_PREFIX)}|${escapeRegExp(CONTROL_PREFIX)})(?:/.*)?$`), async ({ request }) => {
      const reply = await handle(toMockRequest(request, base)!);
      await nextMacrotask();
      return isNetworkError(reply) ? Response.error() : toFetchResponse(reply);
    }),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
