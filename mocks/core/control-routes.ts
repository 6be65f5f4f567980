// The control API over HTTP under /__mock: a table of routes, each a thin call into LedgerControl.
// Bodies are snake_case JSON like the API's; unknown keys are refused. Plain data in and out (core/messages.ts).
import { z } from 'zod';
import type { LedgerControl } from '../control/control';
import type { FaultKind, StatusFault } from '../control/faults';
import type { Scenario } from '../control/scenario-types';
import { ApiError, isMockControlError, MockControlError } from '../errors';
import { parseJson, readBodyText } from './body';
import { jsonReply as json, type MockRequest, type MockResponse } from './messages';
import { ACCOUNT_KINDS, LIFECYCLE_STATUSES, LIQUIDITY_TIERS, PLANS, SCOPES, VISIBILITIES } from '../store/schemas';

/** Where the control surface lives. */
export const CONTROL_PREFIX = '/__mock';

interface RouteInput {
  control: LedgerControl;
  /** ledger-mock --state: the file a reset or scenario load rewrites. */
  stateFile?: string;
  params: Record<string, string>;
  query: URLSearchParams;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /__mock, with `:name` for path parameters. */
  path: string;
  summary: string;
  /** Checks the JSON body (an empty body is `{}`); routes without one ignore any body. */
  body?: z.ZodType;
  /** @default 200 */
  status?: number;
  run(input: RouteInput): unknown;
}

const time = z.union([z.iso.datetime({ offset: true }), z.number()]);
const statusFault = { status: z.number().int().min(100).max(599), retry_after: z.union([z.number(), z.string()]).optional(), body: z.unknown().optional() };
const accountFields = {
  name: z.string(),
  category_id: z.string(),
  institution_name: z.string().optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  lifecycle_status: z.enum(LIFECYCLE_STATUSES).optional(),
  liquidity_tier: z.enum(LIQUIDITY_TIERS).optional(),
  auto_carry_forward: z.boolean().optional(),
};
const faultSchema = z
  .strictObject({
    operation: z.string().optional(),
    times: z.number().int().min(0).optional(),
    rate: z.number().min(0).max(1).optional(),
    ...statusFault,
    status: statusFault.status.optional(),
    latency_ms: z.number().min(0).optional(),
    network_error: z.literal(true).optional(),
    after_apply: z.union([z.literal('network_error'), z.strictObject(statusFault)]).optional(),
  })
  .refine((f) => [f.status, f.latency_ms, f.network_error, f.after_apply].filter((k) => k !== undefined).length === 1, {
    message: 'give exactly one of status, latency_ms, network_error, after_apply',
  });

const toStatusFault = (f: { status: number; retry_after?: number | string; body?: unknown }): StatusFault => ({
  status: f.status,
  ...(f.retry_after !== undefined ? { retryAfter: f.retry_after } : {}),
  ...(f.body !== undefined ? { body: f.body } : {}),
});

function faultKind(f: z.infer<typeof faultSchema>): FaultKind {
  if (f.latency_ms !== undefined) return { latencyMs: f.latency_ms };
  if (f.network_error) return { networkError: true };
  if (f.after_apply !== undefined) return { afterApply: f.after_apply === 'network_error' ? 'networkError' : toStatusFault(f.after_apply) };
  return toStatusFault({ ...f, status: f.status! });
}

/** Every control route. GET /__mock lists them. */
export const controlRoutes: readonly ControlRoute[] = [
  { method: 'POST', path: '/reset', summary: 'Back to the starting scenario, clock, empty journal, no faults', run: async ({ control, stateFile }) => (await control.reset(), { ok: true, ...stateFileReset(stateFile) }) },
  {
    method: 'POST',
    path: '/scenario',
    summary: 'Replace the state: {"name":"demo"|"empty"} or a scenario object',
    body: z.record(z.string(), z.unknown()),
    run: async ({ control, body, stateFile }) => {
      const keys = Object.keys(body);
      const shipped = keys.length === 1 && (body.name === 'demo' || body.name === 'empty');
      await control.loadScenario(shipped ? (body.name as 'demo' | 'empty') : (body as Scenario));
      return { ok: true, scenario: body.name ?? null, ...stateFileReset(stateFile) };
    },
  },
  { method: 'GET', path: '/state', summary: 'The whole state (no token values or hashes)', run: ({ control }) => control.dump() },
  { method: 'GET', path: '/households', summary: 'Every household', run: ({ control }) => control.listHouseholds() },
  {
    method: 'POST',
    path: '/households',
    summary: 'Create a household {name?, plan?}',
    status: 201,
    body: z.strictObject({ name: z.string().optional(), plan: z.enum(PLANS).optional() }),
    run: ({ control, body }) => control.createHousehold(body),
  },
  {
    method: 'PUT',
    path: '/households/:id/plan',
    summary: "Set a household's plan {plan}",
    body: z.strictObject({ plan: z.enum(PLANS) }),
    run: ({ control, params, body }) => control.setPlan(params.id!, body.plan),
  },
  { method: 'GET', path: '/users', summary: 'Every user', run: ({ control }) => control.listUsers() },
  {
    method: 'POST',
    path: '/users',
    summary: 'Create a user {name?, household_id?, plan?}',
    status: 201,
    body: z.strictObject({ name: z.string().optional(), household_id: z.string().optional(), plan: z.enum(PLANS).optional() }),
    run: ({ control, body }) => control.createUser({ name: body.name, householdId: body.household_id, plan: body.plan }),
  },
  {
    method: 'POST',
    path: '/users/:id/move',
    summary: 'Move a user {household_id}; null gives a new single-user household on the free plan',
    body: z.strictObject({ household_id: z.string().nullable() }),
    run: ({ control, params, body }) => control.moveUser(params.id!, body.household_id),
  },
  { method: 'GET', path: '/categories', summary: 'Every category', run: ({ control }) => control.listCategories() },
  {
    method: 'POST',
    path: '/categories',
    summary: "Create a category {name, type?, user_id?} (a user's own, or a shared default)",
    status: 201,
    body: z.strictObject({ name: z.string(), type: z.string().optional(), user_id: z.string().optional() }),
    run: ({ control, body }) => control.createCategory({ name: body.name, type: body.type, userId: body.user_id }),
  },
  { method: 'GET', path: '/accounts', summary: 'Every account, vault items included', run: ({ control }) => control.listAccounts() },
  {
    method: 'POST',
    path: '/accounts',
    summary: 'Create an account for any user {user_id, name, category_id, ...}',
    status: 201,
    body: z.strictObject({ user_id: z.string(), id: z.string().optional(), kind: z.enum(ACCOUNT_KINDS).optional(), ...accountFields }),
    run: ({ control, body: b }) =>
      control.createAccount({
        id: b.id,
        userId: b.user_id,
        name: b.name,
        categoryId: b.category_id,
        institutionName: b.institution_name,
        visibility: b.visibility,
        lifecycleStatus: b.lifecycle_status,
        liquidityTier: b.liquidity_tier,
        autoCarryForward: b.auto_carry_forward,
        kind: b.kind,
      }),
  },
  {
    method: 'PATCH',
    path: '/accounts/:id',
    summary: 'Change an account directly (no plan or reach checks)',
    body: z.strictObject(accountFields).partial(),
    run: ({ control, params, body: b }) =>
      control.updateAccount(params.id!, {
        name: b.name,
        institutionName: b.institution_name,
        categoryId: b.category_id,
        visibility: b.visibility,
        lifecycleStatus: b.lifecycle_status,
        liquidityTier: b.liquidity_tier,
        autoCarryForward: b.auto_carry_forward,
      }),
  },
  {
    method: 'GET',
    path: '/snapshots',
    summary: 'Snapshots of any account (?account_id=&from=&to=)',
    run: ({ control, query }) =>
      control.listSnapshots({ accountId: query.get('account_id') ?? undefined, from: query.get('from') ?? undefined, to: query.get('to') ?? undefined }),
  },
  {
    method: 'POST',
    path: '/snapshots/seed',
    summary: 'Write snapshots straight into the store {snapshots: [{account_id, snapshot_date, balance, is_estimated?}]}',
    body: z.strictObject({
      snapshots: z.array(z.strictObject({ account_id: z.string(), snapshot_date: z.string(), balance: z.number(), is_estimated: z.boolean().optional() })),
    }),
    run: ({ control, body }) => control.seedSnapshots(body.snapshots),
  },
  {
    method: 'POST',
    path: '/carry-forward',
    summary: 'Run the carry-forward step for {date}',
    body: z.strictObject({ date: z.string() }),
    run: async ({ control, body }) => ({ snapshots: await control.carryForward(body.date) }),
  },
  { method: 'GET', path: '/tokens', summary: 'Every token (prefix, status, last use; never the value)', run: ({ control }) => control.listTokens() },
  {
    method: 'POST',
    path: '/tokens',
    summary: 'Create a token {user_id, name?, scopes?, expires_at?}; the value is returned only here',
    status: 201,
    body: z.strictObject({ user_id: z.string(), name: z.string().optional(), scopes: z.array(z.enum(SCOPES)).optional(), expires_at: z.iso.datetime({ offset: true }).nullable().optional() }),
    run: ({ control, body }) => control.createToken({ userId: body.user_id, name: body.name, scopes: body.scopes, expiresAt: body.expires_at }),
  },
  { method: 'POST', path: '/tokens/:id/revoke', summary: 'Revoke a token', run: ({ control, params }) => control.revokeToken(params.id!) },
  { method: 'POST', path: '/tokens/:id/expire', summary: 'Expire a token now', run: ({ control, params }) => control.expireToken(params.id!) },
  { method: 'GET', path: '/webhooks', summary: 'Every webhook subscription', run: ({ control }) => control.listWebhooks() },
  {
    method: 'POST',
    path: '/webhooks',
    summary: 'Create a webhook subscription {user_id, url?}',
    status: 201,
    body: z.strictObject({ user_id: z.string(), url: z.string().optional() }),
    run: ({ control, body }) => control.createWebhook({ userId: body.user_id, url: body.url }),
  },
  { method: 'POST', path: '/webhooks/:id/deactivate', summary: 'Stop a subscription', run: ({ control, params }) => control.deactivateWebhook(params.id!) },
  { method: 'GET', path: '/events', summary: 'The event journal: events with per-subscription outcomes', run: ({ control }) => control.events.list() },
  { method: 'DELETE', path: '/events', summary: 'Forget the events', run: ({ control }) => (control.events.clear(), { ok: true }) },
  { method: 'GET', path: '/clock', summary: "The fake's clock", run: ({ control }) => ({ now: control.clock.now().toISOString() }) },
  {
    method: 'PUT',
    path: '/clock',
    summary: 'Set the clock {now}',
    body: z.strictObject({ now: time }),
    run: ({ control, body }) => (control.clock.set(body.now), { now: control.clock.now().toISOString() }),
  },
  {
    method: 'POST',
    path: '/clock/advance',
    summary: 'Move the clock by {ms} and/or {days}',
    body: z.strictObject({ ms: z.number().optional(), days: z.number().optional() }).refine((b) => b.ms !== undefined || b.days !== undefined, 'give ms or days'),
    run: ({ control, body }) => (control.clock.advance((body.ms ?? 0) + (body.days ?? 0) * 86_400_000), { now: control.clock.now().toISOString() }),
  },
  { method: 'GET', path: '/faults', summary: 'The active faults', run: ({ control }) => control.faults.list() },
  {
    method: 'POST',
    path: '/faults',
    summary: 'Inject a fault {operation?, times?, rate?, and one of status (+retry_after, body) | latency_ms | network_error | after_apply}',
    status: 201,
    body: faultSchema,
    run: ({ control, body }) => ({ id: control.faults.inject({ operation: body.operation, times: body.times, rate: body.rate, kind: faultKind(body) }) }),
  },
  { method: 'DELETE', path: '/faults', summary: 'Clear every fault', run: ({ control }) => (control.faults.clear(), { ok: true }) },
  {
    method: 'DELETE',
    path: '/faults/:id',
    summary: 'Remove one fault',
    run: ({ control, params }) => {
      if (!control.faults.list().some((f) => f.id === params.id)) throw new MockControlError(404, 'not_found', `No active fault ${params.id}`);
      control.faults.remove(params.id!);
      return { ok: true };
    },
  },
  { method: 'GET', path: '/journal', summary: 'The requests answered', run: ({ control }) => control.journal.entries() },
  { method: 'DELETE', path: '/journal', summary: 'Forget the journal', run: ({ control }) => (control.journal.clear(), { ok: true }) },
];

const compiled = controlRoutes.map((route) => ({
  route,
  names: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
  pattern: new RegExp(`^${CONTROL_PREFIX}${route.path.replace(/:\w+/g, '([^/]+)')}/?$`),
}));

/** Says in an answer that the state file now holds the new state and nothing before it. */
function stateFileReset(stateFile: string | undefined): { state_file?: { path: string; reset: true } } {
  return stateFile === undefined ? {} : { state_file: { path: stateFile, reset: true } };
}

/** Where a control request is served: `stateFile` when the state is kept in a file (ledger-mock --state). */
export interface ControlRequestOptions {
  stateFile?: string | undefined;
}

/** Answers one request under /__mock. Never throws: refusals are JSON errors with a status. */
export async function handleControlRequest(control: LedgerControl, request: MockRequest, options: ControlRequestOptions = {}): Promise<MockResponse> {
  const path = request.path;
  if (path === CONTROL_PREFIX || path === `${CONTROL_PREFIX}/`) {
    return json(200, { routes: controlRoutes.map(({ method, path, summary }) => ({ method, path: CONTROL_PREFIX + path, summary })) });
  }
  const matches = compiled.map((c) => ({ ...c, match: c.pattern.exec(path) })).filter((c) => c.match);
  const found = matches.find((c) => c.route.method === request.method);
  if (!found) {
    if (matches.length === 0) return json(404, { error: `No control route ${path}; GET ${CONTROL_PREFIX} lists them`, code: 'route_not_found' });
    const allow = matches.map((c) => c.route.method).join(', ');
    return json(405, { error: `${request.method} is not allowed on ${path}; use ${allow}`, code: 'method_not_allowed' }, { allow });
  }
  try {
    const params = Object.fromEntries(found.names.map((name, i) => [name, decodeURIComponent(found.match![i + 1]!)]));
    let body: unknown;
    if (found.route.body) {
      const text = await readBodyText(request.body);
      const parsed = found.route.body.safeParse(text.trim() === '' ? {} : parseJson(text));
      if (!parsed.success) {
        const detail = parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message }));
        return json(422, { error: `Invalid body: ${detail.map((d) => `${d.path}: ${d.message}`).join('; ')}`, code: 'validation_failed', detail });
      }
      body = parsed.data;
    }
    const result = await found.route.run({ control, params, query: new URLSearchParams(request.query), body, stateFile: options.stateFile });
    return json(found.route.status ?? 200, result);
  } catch (error) {
    if (error instanceof ApiError) return json(error.status, error.body());
    if (isMockControlError(error)) return json(error.status, { error: error.message, code: error.code });
    if (error instanceof RangeError) return json(400, { error: error.message, code: 'bad_request' });
    return json(500, { error: `Control call failed: ${error instanceof Error ? error.message : String(error)}`, code: 'internal_error' });
  }
}
