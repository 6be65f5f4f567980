// The inspector page's own routes under /__mock/inspector, all read-only (GET): the requests as they arrive (a long
// poll: the page asks, and the answer comes as soon as there is news, or after `wait` ms), one request's bodies, and
// the state overview: the inspector surface of ledger-mock's route table (core/route-table.ts), beside the control
// routes under /__mock. They sit behind every check of /__mock (Host, Origin, control token), as the front door runs
// them; every change the page makes goes through the control API's own routes.
import { jsonReply as json, type MockRequest, type MockResponse } from '../core/messages';
import type { Surface } from '../core/route-table';
import type { ExchangeLog } from './exchanges';
import { exchangeBodies, exchangeSummary } from './exchange-wire';
import { INSPECTOR_LIMITS } from './limits';
import { PAGE_FILES_PREFIX } from './page-files';
import { stateOverview, type InspectedFake } from './state';
import type { Waiting } from './waiting';
import type { EventsAnswer } from './wire';

interface RouteInput {
  fake: InspectedFake;
  log: ExchangeLog;
  waiting: Waiting;
  /** The path's parameter, if the route has one. */
  param: string | undefined;
  query: URLSearchParams;
}

interface InspectorRoute {
  /** Under /__mock/inspector, with `:id` for the parameter. */
  path: string;
  /** What the parameter must look like: another is no route of the inspector. */
  id?: RegExp;
  /** The query parameters it takes; any other is 400 `bad_request`. */
  params: readonly string[];
  run(input: RouteInput): MockResponse | Promise<MockResponse>;
}

const ROUTES: readonly InspectorRoute[] = [
  {
    // ?after=<last id seen>&epoch=<epoch seen>&version=<state version seen>&wait=<ms>
    path: '/events',
    params: ['after', 'epoch', 'version', 'wait'],
    run: async ({ log, waiting, query }) => {
      const after = wholeNumber(query, 'after') ?? 0;
      const epoch = query.get('epoch') ?? undefined;
      const version = wholeNumber(query, 'version');
      const wait = Math.min(wholeNumber(query, 'wait') ?? 0, INSPECTOR_LIMITS.longestWaitMs);
      if (wait > 0 && !log.hasNews(after, epoch, version)) {
        const waited = waiting.wait(wait);
        if (waited === undefined) {
          return json(
            429,
            {
              error: `${INSPECTOR_LIMITS.waitingPolls} pages already wait for news from this ledger-mock; ask again in a moment`,
              code: 'too_many_watchers',
            },
            { 'retry-after': '2' },
          );
        }
        await waited;
      }
      const { requests, missed } = log.since(after, epoch);
      const answer: EventsAnswer = {
        epoch: log.epoch,
        state_version: log.stateVersion,
        last_id: log.lastId,
        missed,
        requests: requests.map(exchangeSummary),
      };
      return json(200, answer);
    },
  },
  {
    path: '/requests/:id',
    id: /^\d{1,15}$/,
    params: [],
    run: ({ log, param }) => {
      const exchange = log.get(Number(param));
      if (exchange === undefined) return json(404, { error: notKept(Number(param), log), code: 'not_found' });
      return json(200, exchangeBodies(exchange));
    },
  },
  {
    path: '/state',
    params: [],
    run: async ({ fake, log }) => json(200, await stateOverview(fake, log.stateVersion)),
  },
];

/** Why request `id` has no bodies to show, in words. */
function notKept(id: number, log: ExchangeLog): string {
  switch (log.whyNotKept(id)) {
    case 'never':
      return `There is no request ${id}: requests are numbered from 1 as they are answered, and ${log.lastId === 0 ? 'none has been answered yet' : `the last one answered is ${log.lastId}`}`;
    case 'cleared':
      return `Request ${id} is no longer kept: the journal was cleared after it (a reset, a checkpoint restored, or DELETE /__mock/journal)`;
    case 'dropped':
      return `Request ${id} is no longer kept: the inspector keeps the bodies of the last ${INSPECTOR_LIMITS.requestsKept} requests`;
  }
}

/**
 * The inspector's routes over one fake and its log, as a surface of ledger-mock's route table. A path none of them
 * has (another `:id`, a trailing slash) is the control surface's to answer; a method they lack on theirs is 405.
 */
export function inspectorSurface(input: Omit<RouteInput, 'param' | 'query'>): Surface {
  return {
    name: 'inspector',
    routes: ROUTES.map((route) => ({
      method: 'GET',
      path: PAGE_FILES_PREFIX + route.path,
      value: (request, params) => serveInspectorRoute(input, route, request, params.id),
      ...(route.id ? { params: { id: route.id } } : {}),
    })),
    unknown: ({ method, path }, methods) => {
      const allow = methods.join(', ');
      return Promise.resolve(
        json(
          405,
          { error: `${method} is not allowed on ${path}; use ${allow}`, code: 'method_not_allowed' },
          { allow },
        ),
      );
    },
  };
}

/** Answers a request for one of the inspector's routes. */
function serveInspectorRoute(
  input: Omit<RouteInput, 'param' | 'query'>,
  route: InspectorRoute,
  { path, query }: MockRequest,
  param: string | undefined,
): Promise<MockResponse> {
  const params = new URLSearchParams(query);
  const unknown = [...params.keys()].find((name) => !route.params.includes(name));
  if (unknown !== undefined) {
    const known = route.params.length > 0 ? `it takes ${route.params.join(', ')}` : 'it takes none';
    return Promise.resolve(
      json(400, { error: `${unknown} is not a query parameter of ${path}; ${known}`, code: 'bad_request' }),
    );
  }
  try {
    return Promise.resolve(route.run({ ...input, param, query: params })).catch(failed);
  } catch (error) {
    return Promise.resolve(failed(error));
  }
}

/** A query parameter that must be a whole number (400 `bad_request` otherwise), or `undefined` when absent. */
function wholeNumber(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  if (!/^\d{1,15}$/.test(text))
    throw new BadQuery(`${name} must be a whole number, not ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

class BadQuery extends Error {}

function failed(error: unknown): MockResponse {
  if (error instanceof BadQuery) return json(400, { error: error.message, code: 'bad_request' });
  return json(500, {
    error: `Inspector call failed: ${error instanceof Error ? error.message : String(error)}`,
    code: 'internal_error',
  });
}
