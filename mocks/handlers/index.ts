import { http, type HttpHandler } from 'msw';
import { accountOperations } from './accounts';
import { identityOperations } from './identity';
import { API_PREFIX, handleOperation, handleUnknownRoute, type MockContext, type Operation } from './pipeline';
import { snapshotOperations } from './snapshots';

/** Every operation of openapi.json. */
export const operations: readonly Operation[] = [...identityOperations, ...accountOperations, ...snapshotOperations];

/**
 * MSW handlers for every operation under `${baseUrl}/api/public/v1`, then a catch-all answering
 * 404 `route_not_found` for any other path or method there.
 */
export function createHandlers(context: MockContext, baseUrl: string): HttpHandler[] {
  const root = new URL(baseUrl);
  const api = root.origin + root.pathname.replace(/\/+$/, '') + API_PREFIX;
  return [
    ...operations.map((operation) =>
      http[operation.method](routePattern(api, operation.path, operations), ({ request }) =>
        handleOperation(context, operation, request, paramsOf(operation, request.url)),
      ),
    ),
    http.all(new RegExp(`^${escapeRegExp(api)}(?:/.*)?$`), ({ request }) => handleUnknownRoute(context, request)),
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
function paramsOf(operation: Operation, url: string): Record<string, string> {
  if (!operation.path.endsWith('/:id')) return {};
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return { id: decodeURIComponent(segment) };
  } catch {
    return { id: segment };
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
