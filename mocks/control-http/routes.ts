// The control API over HTTP under /__mock: the routes of the table of control operations (control/operations/), as
// the control surface of a front door's route table (core/route-table.ts), with /__mock's own answers to a path none
// of them serves (the list of routes, 404 `route_not_found`, 405 `method_not_allowed`). Each route checks its body
// with its wire schema, then calls its member of LedgerControl. Bodies are snake_case JSON like the API's; unknown
// keys are refused. Plain data in and out (core/messages.ts). Who may call them is decided before, by the access
// checks (access.ts).
import { CONTROL_OPERATIONS, type LedgerControl } from '../control/control';
import { type ControlEntry, type ControlRoute, routesOf } from '../control/operation';
import { parseJson, readBodyText } from '../core/body';
import { jsonReply as json, type MockRequest, type MockResponse } from '../core/messages';
import type { Surface } from '../core/route-table';
import { ApiError, isMockControlError } from '../errors';
import * as z from '../zod';
import { CONTROL_BODY_LIMIT, CONTROL_LIMITS } from './limits';

/** Where the control surface lives. */
export const CONTROL_PREFIX = '/__mock';

/** A route under /__mock and the member of the control API it calls. */
interface BoundRoute {
  // biome-ignore lint/suspicious/noExplicitAny: the member's own type is checked in its entry
  route: ControlRoute<any, z.ZodMiniType>;
  member(control: LedgerControl): unknown;
}

/** The routes of the entries of `table`, each with the way from the control API to its member. */
function boundRoutes(
  table: Readonly<Record<string, ControlEntry>>,
  parent: (control: LedgerControl) => Record<string, unknown>,
): BoundRoute[] {
  return Object.entries(table).flatMap(([name, entry]): BoundRoute[] => {
    const member = (control: LedgerControl) => parent(control)[name];
    const own = routesOf(entry).map((route) => ({ route, member }));
    if (entry.kind !== 'group') return own;
    return [...boundRoutes(entry.members, member as (control: LedgerControl) => Record<string, unknown>), ...own];
  });
}

const bound = boundRoutes(CONTROL_OPERATIONS, (control) => control as unknown as Record<string, unknown>);

/** Every control route, in the table's order. GET /__mock lists them. */
export const controlRoutes: ReadonlyArray<Pick<ControlRoute<unknown>, 'method' | 'path' | 'summary'>> = bound.map(
  ({ route }) => route,
);

/** 422 `validation_failed`, listing at most CONTROL_LIMITS.listedProblems problems. */
function invalidBody(parsed: z.ParseFailure): MockResponse {
  const detail = parsed.issues
    .slice(0, CONTROL_LIMITS.listedProblems)
    .map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message }));
  const more =
    parsed.more || parsed.issues.length > detail.length ? `; and more (the first ${detail.length} are listed)` : '';
  return json(422, {
    error: `Invalid body: ${detail.map((d) => `${d.path}: ${d.message}`).join('; ')}${more}`,
    code: 'validation_failed',
    detail,
  });
}

/** Where a control request is served: `stateFile` when the state is kept in a file (ledger-mock --state). */
export interface ControlRequestOptions {
  stateFile?: string | undefined;
}

/** The control API of one fake as a surface of a front door's route table: every route under /__mock. */
export function controlSurface(control: LedgerControl, options: ControlRequestOptions = {}): Surface {
  return {
    name: 'control',
    routes: bound.map((entry) => ({
      method: entry.route.method,
      path: CONTROL_PREFIX + entry.route.path,
      value: (request, params) => serveControlRoute(control, entry, request, params, options),
      trailingSlash: true,
    })),
    unknown: (request, methods) => Promise.resolve(unknownControlRoute(request, methods)),
  };
}

/** A /__mock path no route serves: GET /__mock lists the routes (any method of /__mock itself), else 404 or 405. */
function unknownControlRoute(request: MockRequest, methods: readonly string[]): MockResponse {
  const path = request.path;
  if (path === CONTROL_PREFIX || path === `${CONTROL_PREFIX}/`) {
    return json(200, {
      routes: controlRoutes.map(({ method, path, summary }) => ({ method, path: CONTROL_PREFIX + path, summary })),
    });
  }
  if (methods.length === 0)
    return json(404, { error: `No control route ${path}; GET ${CONTROL_PREFIX} lists them`, code: 'route_not_found' });
  const allow = methods.join(', ');
  return json(
    405,
    { error: `${request.method} is not allowed on ${path}; use ${allow}`, code: 'method_not_allowed' },
    { allow },
  );
}

/** Answers one request for a route under /__mock. Never throws: refusals are JSON errors with a status. */
async function serveControlRoute(
  control: LedgerControl,
  { route, member }: BoundRoute,
  request: MockRequest,
  params: Record<string, string>,
  options: ControlRequestOptions,
): Promise<MockResponse> {
  try {
    let body: unknown;
    if (route.body) {
      const text = await readBodyText(request.body, CONTROL_BODY_LIMIT);
      const empty = text.trim() === '';
      if (empty && route.nonEmpty) return json(400, { error: route.nonEmpty.message, code: route.nonEmpty.code });
      const raw = empty ? {} : parseJson(text);
      route.limit?.(raw);
      const parsed = z.parseWith(route.body, raw, { maxIssues: CONTROL_LIMITS.listedProblems });
      if (!parsed.ok) return invalidBody(parsed);
      body = parsed.value;
    }
    const result = await route.run(member(control), {
      body,
      params,
      query: new URLSearchParams(request.query),
      stateFile: options.stateFile,
    });
    if (route.text)
      return {
        status: route.status ?? 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: String(result),
      };
    return json(route.status ?? 200, result);
  } catch (error) {
    if (error instanceof ApiError) return json(error.status, error.body());
    if (isMockControlError(error)) return json(error.status, { error: error.message, code: error.code });
    if (error instanceof RangeError) return json(400, { error: error.message, code: 'bad_request' });
    return json(500, {
      error: `Control call failed: ${error instanceof Error ? error.message : String(error)}`,
      code: 'internal_error',
    });
  }
}
