// The one router of the fake: a route table compiled once into a tree of path segments (find-my-way's idea, without
// its node: imports, so it runs in a page too). A request walks the tree one Map lookup per segment: no scan of the
// routes, no RegExp. A front door compiles one table of every surface it serves (core/route-table.ts).

/** One route of a table: a method and a path template (`/accounts/:id`), and what it leads to. */
export interface RouteSpec<T> {
  method: string;
  /** The whole path, `:name` for a segment that is a parameter. */
  path: string;
  value: T;
  /** Also matches the path with one trailing `/`. @default false */
  trailingSlash?: boolean;
  /** Tests of parameters: the path matches only when each holds (`{ id: /^\d{1,15}$/ }`). */
  params?: Readonly<Record<string, RegExp>>;
}

/** A route found: what the path and method lead to, and the path's parameters (decoded). */
export interface RouteMatch<T> {
  value: T;
  params: Record<string, string>;
}

/** No route for the method: what the path leads to by each other method (an empty map: the table lacks the path). */
export interface RouteMiss<T> {
  value: undefined;
  /** By method, in the order the table lists them. */
  others: ReadonlyMap<string, T>;
}

/** A compiled route table. */
export interface Router<T> {
  /** One walk of the tree: the route for a method and a path, or the routes the path has for other methods. */
  lookup(method: string, path: string): RouteMatch<T> | RouteMiss<T>;
}

interface Leaf<T> {
  methods: Map<string, T>;
  names: readonly string[];
  trailingSlash: boolean;
  params: Readonly<Record<string, RegExp>> | undefined;
}

interface Node<T> {
  fixed: Map<string, Node<T>>;
  param?: Node<T>;
  leaf?: Leaf<T>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_VALUES: string[] = [];
const NOWHERE: RouteMiss<never> = Object.freeze({ value: undefined, others: new Map<string, never>() });

/**
 * Compiles routes into a tree. Paths are exact and case-sensitive; a segment never matches an empty one (`//`). As
 * in OpenAPI, a fixed segment wins over a parameter: `PATCH /snapshots/bulk` is an unknown method on
 * /snapshots/bulk, not an update of a snapshot with the id `bulk` (a path that leads nowhere past the fixed
 * segment tries the parameter). A malformed escape in a parameter stays as sent (it names nothing: 404).
 */
export function compileRouter<T>(routes: Iterable<RouteSpec<T>>): Router<T> {
  const root: Node<T> = { fixed: new Map() };
  // A path with no parameter is found by one lookup of the whole path (GET /me, POST /snapshots), before any walk.
  const whole = new Map<string, Leaf<T>>();
  for (const route of routes) {
    let node = root;
    const names: string[] = [];
    for (const segment of route.path.split('/').slice(1)) {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        node.param ??= { fixed: new Map() };
        node = node.param;
      } else {
        let next = node.fixed.get(segment);
        if (!next) {
          next = { fixed: new Map() };
          node.fixed.set(segment, next);
        }
        node = next;
      }
    }
    node.leaf ??= {
      methods: new Map(),
      names,
      trailingSlash: route.trailingSlash === true,
      params: route.params,
    };
    node.leaf.methods.set(route.method.toUpperCase(), route.value);
    if (names.length === 0) whole.set(route.path, node.leaf);
  }

  /** The leaf a path leads to, with the values of its parameters (raw), or `undefined`. */
  const find = (path: string): { leaf: Leaf<T>; values: string[] } | undefined => {
    const direct = whole.get(path);
    if (direct) return { leaf: direct, values: NO_VALUES };
    if (path.charCodeAt(0) !== SLASH) return undefined;
    const values: string[] = [];
    const exact = walk(root, path, 1, path.length, values);
    if (exact && holds(exact, values)) return { leaf: exact, values };
    if (path.length < 2 || path.charCodeAt(path.length - 1) !== SLASH) return undefined;
    values.length = 0;
    const bare = walk(root, path, 1, path.length - 1, values);
    return bare?.trailingSlash && holds(bare, values) ? { leaf: bare, values } : undefined;
  };
  const holds = (leaf: Leaf<T>, values: readonly string[]): boolean =>
    leaf.params === undefined || leaf.names.every((name, i) => leaf.params![name]?.test(values[i]!) ?? true);

  return {
    lookup(method, path) {
      const found = find(path);
      if (found === undefined) return NOWHERE as RouteMiss<T>;
      const { methods, names } = found.leaf;
      const value = methods.get(method);
      if (value === undefined) return { value: undefined, others: methods };
      if (names.length === 0) return { value, params: NO_PARAMS };
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = decodeSegment(found.values[i]!);
      });
      return { value, params };
    },
  };
}

const SLASH = 47; // '/'

/**
 * The leaf under `node` that `path` from `at` to `end` leads to, segment by segment (no array of segments is made),
 * a fixed segment tried before a parameter.
 */
function walk<T>(node: Node<T>, path: string, at: number, end: number, values: string[]): Leaf<T> | undefined {
  if (at > end) return node.leaf;
  let slash = path.indexOf('/', at);
  if (slash < 0 || slash > end) slash = end;
  const segment = path.slice(at, slash);
  const fixed = node.fixed.get(segment);
  const found = fixed && walk(fixed, path, slash + 1, end, values);
  if (found || !node.param || segment === '') return found;
  values.push(segment);
  const deeper = walk(node.param, path, slash + 1, end, values);
  if (!deeper) values.pop();
  return deeper;
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
