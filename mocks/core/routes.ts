// The API's routes, compiled once into lookup tables: a request is routed by one Map lookup for a concrete
// path, or by its parent path and one segment for a `/:id` template. No scan, no RegExp per request.
import { API_PREFIX } from '../../src/generated/api-constants';
import type { Operation } from './pipeline';

/** The operation a request names, and its path parameters. */
export interface RouteMatch {
  operation: Operation;
  params: Record<string, string>;
}

/** Finds operations by path under the base URL (`/api/public/v1/...`). */
export interface Router {
  /** The operation for a method and a path, if the API has it. */
  match(method: string, path: string): RouteMatch | undefined;
  /** The methods the API has at a path (none for a path it does not have). */
  methodsAt(path: string): string[];
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Routes are exact and case-sensitive: a path openapi.json does not have (`/me/`, `/ME`) matches nothing.
 * As in OpenAPI, a concrete path wins over a template: `PATCH /snapshots/bulk` is an unknown method on
 * /snapshots/bulk, not an update of a snapshot with the id `bulk`. A malformed escape in an id stays as
 * sent (it names nothing: 404).
 */
export function compileRoutes(operations: readonly Operation[]): Router {
  const concrete = new Map<string, Map<string, Operation>>(); // path -> METHOD -> operation
  const templates = new Map<string, Map<string, Operation>>(); // parent path -> METHOD -> operation
  for (const operation of operations) {
    const method = operation.method.toUpperCase();
    const template = operation.path.endsWith('/:id');
    const key = template ? operation.path.slice(0, -':id'.length) : operation.path;
    const table = template ? templates : concrete;
    if (!table.has(key)) table.set(key, new Map());
    table.get(key)!.set(method, operation);
  }
  /** The methods at a path, and the id when it is a template's. */
  const lookup = (path: string): { methods: Map<string, Operation>; id?: string } | undefined => {
    if (!path.startsWith(API_PREFIX)) return undefined;
    const rest = path.slice(API_PREFIX.length);
    const exact = concrete.get(rest);
    if (exact) return { methods: exact };
    const slash = rest.lastIndexOf('/');
    if (slash < 0 || slash === rest.length - 1) return undefined;
    const methods = templates.get(rest.slice(0, slash + 1));
    return methods && { methods, id: rest.slice(slash + 1) };
  };
  return {
    match(method, path) {
      const found = lookup(path);
      const operation = found?.methods.get(method);
      if (!operation) return undefined;
      return { operation, params: found!.id === undefined ? NO_PARAMS : { id: decodeSegment(found!.id) } };
    },
    methodsAt: (path) => [...(lookup(path)?.methods.keys() ?? [])],
  };
}

/** A path segment decoded; a malformed escape (`%ZZ`) stays as sent: it names nothing (404), never a 500. */
export function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
