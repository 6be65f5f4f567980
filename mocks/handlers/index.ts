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
  const api = baseUrl + API_PREFIX;
  return [
    ...operations.map((operation) =>
      http[operation.method](api + operation.path, ({ request, params }) =>
        handleOperation(context, operation, request, params as Record<string, string>),
      ),
    ),
    http.all(api, ({ request }) => handleUnknownRoute(context, request)),
    http.all(`${api}/*`, ({ request }) => handleUnknownRoute(context, request)),
  ];
}
