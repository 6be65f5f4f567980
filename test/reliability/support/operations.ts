// The operations of openapi.json as the reliability tests see them: method, path pattern, the statuses the
// document allows (its `responses`, without `default`: that one is for injected faults only) and the scope.
import document from '../../../openapi.json' with { type: 'json' };

export const API = '/api/public/v1';

export interface DocumentOperation {
  operationId: string;
  method: string;
  /** The path template under the API prefix, e.g. `/accounts/{id}`. */
  template: string;
  /** Statuses listed in the operation's `responses` (not `default`). */
  allowed: ReadonlySet<number>;
  /** The scope the operation needs, or `null` for none (GET /openapi.json). */
  scope: string | null;
}

type Json = Record<string, unknown>;

interface PathItem {
  template: string;
  pattern: RegExp;
  concrete: boolean;
  operations: Map<string, DocumentOperation>;
}

const PATHS: PathItem[] = Object.entries(document.paths as Record<string, Json>).map(([path, item]) => ({
  template: path,
  pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  concrete: !path.includes('{'),
  operations: new Map(
    Object.entries(item)
      .filter(([, op]) => typeof op === 'object' && op !== null && 'operationId' in op)
      .map(([method, raw]) => {
        const op = raw as { operationId: string; responses: Json; security?: Array<Record<string, string[]>> };
        const operation: DocumentOperation = {
          operationId: op.operationId,
          method: method.toUpperCase(),
          template: path.slice(API.length),
          allowed: new Set(
            Object.keys(op.responses)
              .filter((k) => k !== 'default')
              .map(Number),
          ),
          scope: op.security && op.security.length === 0 ? null : (op.security?.[0]?.bearerAuth?.[0] ?? 'ledger:read'),
        };
        return [operation.method, operation];
      }),
  ),
}));

export const OPERATIONS: readonly DocumentOperation[] = PATHS.flatMap((item) => [...item.operations.values()]);

/**
 * The operation a request goes to, or `undefined` for a path or method openapi.json does not have. As in
 * OpenAPI, a concrete path is matched before a templated one (`PATCH /snapshots/bulk` is not an update).
 */
export function operationFor(method: string, pathname: string): DocumentOperation | undefined {
  const matching = PATHS.filter((item) => item.pattern.test(pathname));
  const item = matching.find((m) => m.concrete) ?? matching[0];
  return item?.operations.get(method.toUpperCase());
}

/** True for operations that write (scopes other than ledger:read). */
export function isWrite(op: DocumentOperation): boolean {
  return op.scope !== null && op.scope !== 'ledger:read';
}
