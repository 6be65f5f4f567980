import { http, type HttpHandler } from 'msw';
import { accountOperations } from './accounts';
import { identityOperations } from './identity';
import { API_PREFIX, handleOperation, handleUnknownRoute, type MockContext, type Operation } from './pipeline';
import { snapshotOperations } from './snapshots';

/** Every operation of openapi.json. */
export const operations: readonly Operation[] = [...identityOperations, ...accountOperations, ...snapshotOperations];

/**
 * The MSW handler for everything under `${baseUrl}/api/public/v1`: one handler that routes to the operation
 * whose exact route matches (see routePattern), or answers 404 `route_not_found` for any other path or method.
 * One handler, not one per operation: msw parses the URL and the cookies and matches the path for every
 * handler it tries, about 10 µs each, so with one per operation a request for the ninth paid some 100 µs
 * before its own handler ran. A handler you add in front (`server.use(...)`) still overrides an operation.
 */
export function createHandlers(context: MockContext, baseUrl: string): HttpHandler[] {
  const root = new URL(baseUrl);
  const api = root.origin + root.pathname.replace(/\/+$/, '') + API_PREFIX;
  const routes = operations.map((operation) => ({ operation, pattern: routePattern(api, operation.path, operations) }));
  return [
    http.all(new RegExp(`^${escapeRegExp(api)}(?:/.*)?$`), ({ request }) => {
      const url = new URL(request.url);
      const target = url.origin + url.pathname;
      const method = request.method.toLowerCase();
      const route = routes.find((r) => r.operation.method === method && r.pattern.test(target));
      if (!route) return handleUnknownRoute(context, request);
      return handleOperation(context, route.operation, request, paramsOf(route.operation, url.pathname));
    }),
  ];
}

// Routes are exact, case-sensitive RegExps without capture groups: a path openapi.json does not have
// (`/me/`, `/ME`) is route_not_found, and MSW never percent-decodes a segment itself (a malformed
// escape such as `/snapshots/%E0%A4%A` made its lookup throw, answered as a 500). As in OpenAPI,
// a concrete path wins over a template: `PATCH /snapshots/bulk` is an unknown method on
// /snapshots/bulk (route_not_found), not an update of a snapshot with the id `bulk`.
function routePattern(api: string, path: string, all: readonly Operation[]): RegExp {
  if (!path.endsWith('/:id')) return new RegExp(`^${escapeRegExp(api + path)}$`);
  const parent = path.slice(0, -'/:id'.length);
  const concrete = all
    .map((other) => other.path)
    .filter((other) => other.startsWith(`${parent}/`) && !other.includes(':') && !other.slice(parent.length + 1).includes('/'))
    .map((other) => escapeRegExp(other.slice(parent.length + 1)));
  const exclude = concrete.length > 0 ? `(?!(?:${[...new Set(concrete)].join('|')})$)` : '';
  return new RegExp(`^${escapeRegExp(api + parent)}/${exclude}[^/]+$`);
}

/** The `:id` of a path: its last segment, decoded; a malformed escape stays as sent (it names nothing: 404). */
function paramsOf(operation: Operation, pathname: string): Record<string, string> {
  if (!operation.path.endsWith('/:id')) return {};
  const segment = pathname.split('/').pop() ?? '';
  try {
    return { id: decodeURIComponent(segment) };
  } catch {
    return { id: segment };
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
