// The project's openapi.json, read by the fake so that scopes, request schemas and the served
// document come from the one description of the API.
import document from '../openapi.json' with { type: 'json' };

/** The OpenAPI 3.1 document served at GET /api/public/v1/openapi.json. */
export const openApiDocument: Readonly<Record<string, unknown>> = document;

/** An operation of the document: its id, method, path template and required scope. */
export interface DocumentOperation {
  operationId: string;
  method: 'get' | 'post' | 'patch' | 'delete' | 'put';
  path: string;
  scope: string | undefined;
}

type PathItem = Record<string, { operationId?: string; 'x-required-scope'?: string } | unknown>;

/** Every operation under `paths`, in document order. */
export function documentOperations(): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, PathItem>)) {
    for (const method of ['get', 'post', 'patch', 'delete', 'put'] as const) {
      const operation = item[method] as { operationId?: string; 'x-required-scope'?: string } | undefined;
      if (operation?.operationId) {
        out.push({ operationId: operation.operationId, method, path, scope: operation['x-required-scope'] });
      }
    }
  }
  return out;
}
