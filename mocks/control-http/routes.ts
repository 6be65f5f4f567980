// The control API over HTTP under /__mock: a table of routes, each a thin call into LedgerControl, with the wire
// schema of its body. Bodies are snake_case JSON like the API's; unknown keys are refused. Plain data in and out
// (core/messages.ts). Who may call them is decided before, by the access checks (access.ts).
import type { LedgerControl } from '../control/control';
import { resolveScenario } from '../control/scenario';
import type { Scenario } from '../control/scenario-types';
import { parseJson, readBodyText } from '../core/body';
import { decodeSegment } from '../core/routes';
import { jsonReply as json, type MockRequest, type MockResponse } from '../core/messages';
import { ApiError, isMockControlError, MockControlError } from '../errors';
import type { SnapshotSeedRow } from '../rules/snapshots';
import { LIFECYCLE_STATUSES, LIQUIDITY_TIERS, VISIBILITIES } from '../../src/generated/api-constants';
import { ACCOUNT_KINDS, PLANS, SCOPES } from '../store/schemas';
import * as z from '../zod';
import { faultFromJson, faultToJson } from './fault-wire';
import { journalEntryToJson, journalFilterFromQuery } from './journal-wire';
import { checkScenarioSize, checkSeedSize, CONTROL_BODY_LIMIT, CONTROL_LIMITS } from './limits';

/** Where the control surface lives. */
export const CONTROL_PREFIX = '/__mock';

interface RouteInput {
  control: LedgerControl;
  /** ledger-mock --state: the file a reset or scenario load rewrites. */
  stateFile?: string;
  params: Record<string, string>;
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: each route's own schema types its body; the table holds them all
  body: any;
}

interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /__mock, with `:name` for path parameters. */
  path: string;
  summary: string;
  /** Checks the JSON body (an empty body is `{}`); routes without one ignore any body. */
  body?: z.ZodMiniType;
  /**
   * Refuses an empty body (400 with this code and message) instead of reading it as `{}`: for a route where `{}` does
   * something drastic and an empty body is most likely a mistake (`curl -d @file` sends nothing when it cannot read
   * the file).
   */
  nonEmpty?: { code: string; message: string };
  /** Refuses a body too big to check (limits.ts), on the parsed JSON, before `body` looks at it. */
  limit?(body: unknown): void;
  /** @default 200 */
  status?: number;
  /** Answers `text/plain` (the result is a string) instead of JSON. */
  text?: boolean;
  run(input: RouteInput): unknown;
}

const time = z.union([z.iso.datetime({ offset: true }), z.number()]);
const text = z.optional(z.string());
const plan = z.optional(z.enum(PLANS));
const accountFields = {
  name: z.string(),
  category_id: z.string(),
  institution_name: text,
  visibility: z.optional(z.enum(VISIBILITIES)),
  lifecycle_status: z.optional(z.enum(LIFECYCLE_STATUSES)),
  liquidity_tier: z.optional(z.enum(LIQUIDITY_TIERS)),
  auto_carry_forward: z.optional(z.boolean()),
};
// When a record was made: as GET shows it (created_at), so a listed record can be posted back.
const createdAt = z.optional(z.iso.datetime({ offset: true }));
// Accounts and categories name their owner owner_user_id, as GET answers and scenario files write it. user_id is
// its old name on POST: still taken (deprecated), never together with owner_user_id.
const oldOwner = { user_id: text };
const notBothOwners = z.refine<{ owner_user_id?: string | null; user_id?: string }>(
  (b) => b.owner_user_id === undefined || b.user_id === undefined,
  {
    message: 'give owner_user_id only (user_id is its old name)',
    path: ['user_id'],
  },
);
const clockJson = ({ clock }: LedgerControl) => ({ now: clock.now().toISOString(), frozen: clock.frozen });

/** Every control route. GET /__mock lists them. */
export const controlRoutes: readonly ControlRoute[] = [
  {
    method: 'POST',
    path: '/reset',
    summary: 'Back to the starting scenario, clock, empty journal, no faults',
    run: async ({ control, stateFile }) => {
      await control.reset();
      return { ok: true, ...stateFileReset(stateFile) };
    },
  },
  {
    method: 'POST',
    path: '/scenario',
    summary:
      'Replace the state: {"name":"demo"|"empty"} or a scenario object; an unknown name or a bad scenario is refused (400) and changes nothing',
    body: z.record(z.string(), z.unknown()),
    nonEmpty: {
      code: 'invalid_scenario',
      message:
        'The body is empty, so nothing was changed: send {"name":"demo"}, {"name":"empty"} or a scenario object (curl -d @file sends an empty body when it cannot read the file)',
    },
    limit: checkScenarioSize,
    run: async ({ control, body, stateFile }) => {
      // The same rules as in code ({ name } alone names a shipped scenario), its long arrays checked a slice at a time.
      await control.loadScenario(resolveScenario(body as Scenario, { untrusted: true }));
      return { ok: true, scenario: body.name ?? null, ...stateFileReset(stateFile) };
    },
  },
  {
    method: 'GET',
    path: '/state',
    summary: 'The whole state (no token values or hashes)',
    run: ({ control }) => control.dump(),
  },
  { method: 'GET', path: '/households', summary: 'Every household', run: ({ control }) => control.listHouseholds() },
  {
    method: 'POST',
    path: '/households',
    summary: 'Create a household {id?, name?, plan?, created_at?}',
    status: 201,
    body: z.strictObject({ id: text, name: text, plan, created_at: createdAt }),
    run: ({ control, body }) =>
      control.createHousehold({ id: body.id, name: body.name, plan: body.plan, createdAt: body.created_at }),
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
    summary:
      'Create a user {id?, name?, household_id?, created_at?}; without household_id, in a new household on {plan?}',
    status: 201,
    body: z.strictObject({ id: text, name: text, household_id: text, plan, created_at: createdAt }),
    run: ({ control, body }) =>
      control.createUser({
        id: body.id,
        name: body.name,
        householdId: body.household_id,
        plan: body.plan,
        createdAt: body.created_at,
      }),
  },
  {
    method: 'POST',
    path: '/users/:id/move',
    summary: 'Move a user {household_id}; null gives a new single-user household on the free plan',
    body: z.strictObject({ household_id: z.nullable(z.string()) }),
    run: ({ control, params, body }) => control.moveUser(params.id!, body.household_id),
  },
  { method: 'GET', path: '/categories', summary: 'Every category', run: ({ control }) => control.listCategories() },
  {
    method: 'POST',
    path: '/categories',
    summary:
      "Create a category {id?, name, type?, owner_user_id?}: a user's own, or a shared default without an owner (or null)",
    status: 201,
    body: z
      .strictObject({
        id: text,
        name: z.string(),
        type: text,
        owner_user_id: z.optional(z.nullable(z.string())),
        ...oldOwner,
      })
      .check(notBothOwners),
    run: ({ control, body }) =>
      control.createCategory({
        id: body.id,
        name: body.name,
        type: body.type,
        userId: body.owner_user_id ?? body.user_id ?? null,
      }),
  },
  {
    method: 'GET',
    path: '/accounts',
    summary: 'Every account, vault items included',
    run: ({ control }) => control.listAccounts(),
  },
  {
    method: 'POST',
    path: '/accounts',
    summary:
      'Create an account for any user {owner_user_id, name, category_id, id?, kind?, institution_name?, visibility?, lifecycle_status?, liquidity_tier?, auto_carry_forward?, created_at?}',
    status: 201,
    body: z
      .strictObject({
        owner_user_id: text,
        ...oldOwner,
        id: text,
        kind: z.optional(z.enum(ACCOUNT_KINDS)),
        ...accountFields,
        created_at: createdAt,
      })
      .check(
        notBothOwners,
        z.refine((b) => (b.owner_user_id ?? b.user_id) !== undefined, {
          message: 'Invalid input: expected string, received undefined',
          path: ['owner_user_id'],
        }),
      ),
    run: ({ control, body: b }) =>
      control.createAccount({
        id: b.id,
        userId: (b.owner_user_id ?? b.user_id)!,
        name: b.name,
        categoryId: b.category_id,
        institutionName: b.institution_name,
        visibility: b.visibility,
        lifecycleStatus: b.lifecycle_status,
        liquidityTier: b.liquidity_tier,
        autoCarryForward: b.auto_carry_forward,
        kind: b.kind,
        createdAt: b.created_at,
      }),
  },
  {
    method: 'PATCH',
    path: '/accounts/:id',
    summary: 'Change an account directly (no plan or reach checks)',
    body: z.partial(z.strictObject(accountFields)),
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
      control.listSnapshots({
        accountId: query.get('account_id') ?? undefined,
        from: query.get('from') ?? undefined,
        to: query.get('to') ?? undefined,
      }),
  },
  {
    method: 'POST',
    path: '/snapshots/seed',
    summary:
      'Write snapshots straight into the store {snapshots: [{account_id, snapshot_date, balance, is_estimated?, id?}]}; the fake assigns ids, so an id (as GET /__mock/snapshots lists it) is ignored',
    limit: checkSeedSize,
    body: z.strictObject({
      snapshots: z.array(
        z.strictObject({
          id: text,
          account_id: z.string(),
          snapshot_date: z.string(),
          balance: z.number(),
          is_estimated: z.optional(z.boolean()),
        }),
      ),
    }),
    run: ({ control, body }) =>
      control.seedSnapshots(body.snapshots.map(({ id: _id, ...row }: SnapshotSeedRow & { id?: string }) => row)),
  },
  {
    method: 'POST',
    path: '/carry-forward',
    summary: 'Run the carry-forward step for {date}',
    body: z.strictObject({ date: z.string() }),
    run: async ({ control, body }) => ({ snapshots: await control.carryForward(body.date) }),
  },
  {
    method: 'GET',
    path: '/tokens',
    summary: 'Every token (prefix, status, last use; never the value)',
    run: ({ control }) => control.listTokens(),
  },
  {
    method: 'POST',
    path: '/tokens',
    summary: 'Create a token {user_id, name?, scopes?, expires_at?}; the value is returned only here',
    status: 201,
    body: z.strictObject({
      user_id: z.string(),
      name: text,
      scopes: z.optional(z.array(z.enum(SCOPES))),
      expires_at: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
    }),
    run: ({ control, body }) =>
      control.createToken({ userId: body.user_id, name: body.name, scopes: body.scopes, expiresAt: body.expires_at }),
  },
  {
    method: 'POST',
    path: '/tokens/:id/revoke',
    summary: 'Revoke a token',
    run: ({ control, params }) => control.revokeToken(params.id!),
  },
  {
    method: 'POST',
    path: '/tokens/:id/expire',
    summary: 'Expire a token now',
    run: ({ control, params }) => control.expireToken(params.id!),
  },
  {
    method: 'GET',
    path: '/webhooks',
    summary: 'Every webhook subscription',
    run: ({ control }) => control.listWebhooks(),
  },
  {
    method: 'POST',
    path: '/webhooks',
    summary: 'Create a webhook subscription {user_id, url?, id?, active?, created_at?}',
    status: 201,
    body: z.strictObject({
      id: text,
      user_id: z.string(),
      url: text,
      active: z.optional(z.boolean()),
      created_at: createdAt,
    }),
    run: ({ control, body }) =>
      control.createWebhook({
        id: body.id,
        userId: body.user_id,
        url: body.url,
        active: body.active,
        createdAt: body.created_at,
      }),
  },
  {
    method: 'POST',
    path: '/webhooks/:id/deactivate',
    summary: 'Stop a subscription',
    run: ({ control, params }) => control.deactivateWebhook(params.id!),
  },
  {
    method: 'GET',
    path: '/events',
    summary: 'The event journal: events with per-subscription outcomes',
    run: ({ control }) => control.events.list(),
  },
  {
    method: 'DELETE',
    path: '/events',
    summary: 'Forget the events',
    run: ({ control }) => {
      control.events.clear();
      return { ok: true };
    },
  },
  {
    method: 'GET',
    path: '/clock',
    summary: "The fake's clock {now, frozen}",
    run: ({ control }) => clockJson(control),
  },
  {
    method: 'PUT',
    path: '/clock',
    summary:
      'Set the clock {now?, frozen?}: now alone keeps it frozen or running; frozen alone stops or restarts it where it is',
    body: z
      .strictObject({ now: z.optional(time), frozen: z.optional(z.boolean()) })
      .check(z.refine((b) => b.now !== undefined || b.frozen !== undefined, 'give now, frozen, or both')),
    run: ({ control, body }) => {
      const { clock } = control;
      if (body.now !== undefined) clock.set(body.now, body.frozen === undefined ? {} : { frozen: body.frozen });
      else if (body.frozen) clock.freeze();
      else clock.resume();
      return clockJson(control);
    },
  },
  {
    method: 'POST',
    path: '/clock/advance',
    summary: 'Move the clock by {ms} and/or {days}',
    body: z
      .strictObject({ ms: z.optional(z.number()), days: z.optional(z.number()) })
      .check(z.refine((b) => b.ms !== undefined || b.days !== undefined, 'give ms or days')),
    run: ({ control, body }) => {
      control.clock.advance((body.ms ?? 0) + (body.days ?? 0) * 86_400_000);
      return clockJson(control);
    },
  },
  {
    method: 'GET',
    path: '/faults',
    summary: 'The active faults, each in the shape POST /__mock/faults takes',
    run: ({ control }) => control.faults.list().map(faultToJson),
  },
  {
    method: 'POST',
    path: '/faults',
    summary:
      'Inject a fault {operation?, times?, rate?, and one of status (+retry_after, body) | latency_ms | network_error | after_apply}; id? and remaining? put back a listed one; a bad one is refused (400 invalid_fault)',
    status: 201,
    body: z.record(z.string(), z.unknown()),
    run: ({ control, body }) => ({ id: control.faults.inject(faultFromJson(body)) }),
  },
  {
    method: 'DELETE',
    path: '/faults',
    summary: 'Clear every fault',
    run: ({ control }) => {
      control.faults.clear();
      return { ok: true };
    },
  },
  {
    method: 'DELETE',
    path: '/faults/:id',
    summary: 'Remove one fault',
    run: ({ control, params }) => {
      if (!control.faults.list().some((f) => f.id === params.id))
        throw new MockControlError(404, 'not_found', `No active fault ${params.id}`);
      control.faults.remove(params.id!);
      return { ok: true };
    },
  },
  {
    method: 'GET',
    path: '/journal',
    summary:
      'The requests answered, each refusal with its reason (snake_case, as everything under /__mock); only those matching ?operation=&method=&status=(200|4xx)&code=&token_id=&from=&to= when given (a bad filter is refused, 400 invalid_filter)',
    run: ({ control, query }) => control.journal.find(journalFilterFromQuery(query)).map(journalEntryToJson),
  },
  {
    method: 'GET',
    path: '/explain',
    summary: 'The last requests as readable text, each refusal with its reason (?last=10)',
    text: true,
    run: ({ control, query }) => {
      const last = query.get('last');
      if (last !== null && !/^\d+$/.test(last))
        throw new MockControlError(400, 'bad_request', 'last must be a whole number');
      return control.journal.explain(last === null ? {} : { last: Number(last) });
    },
  },
  {
    method: 'DELETE',
    path: '/journal',
    summary: 'Forget the journal',
    run: ({ control }) => {
      control.journal.clear();
      return { ok: true };
    },
  },
  {
    method: 'GET',
    path: '/checkpoints',
    summary: 'The checkpoints taken {name, now, frozen, snapshots}, in the order taken',
    run: ({ control }) => control.listCheckpoints(),
  },
  {
    method: 'POST',
    path: '/checkpoints',
    summary:
      'Keep the state and clock as a checkpoint {name} (replaces one of that name); not the journal, faults or events, and not in the --state file',
    status: 201,
    body: z.strictObject({ name: z.string() }),
    run: ({ control, body }) => control.checkpoint(body.name),
  },
  {
    method: 'POST',
    path: '/checkpoints/:name/restore',
    summary:
      'Back to a checkpoint, as a reset goes back to the start: its state and clock, empty journal, no faults, no events; the checkpoint stays',
    run: async ({ control, params, stateFile }) => ({
      ok: true,
      checkpoint: await control.restore(params.name!),
      ...stateFileReset(stateFile),
    }),
  },
  {
    method: 'DELETE',
    path: '/checkpoints/:name',
    summary: 'Forget a checkpoint',
    run: ({ control, params }) => {
      control.deleteCheckpoint(params.name!);
      return { ok: true };
    },
  },
];

const compiled = controlRoutes.map((route) => ({
  route,
  names: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
  pattern: new RegExp(`^${CONTROL_PREFIX}${route.path.replace(/:\w+/g, '([^/]+)')}/?$`),
}));

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

/** Says in an answer that the state file now holds the new state and nothing before it. */
function stateFileReset(stateFile: string | undefined): { state_file?: { path: string; reset: true } } {
  return stateFile === undefined ? {} : { state_file: { path: stateFile, reset: true } };
}

/** Where a control request is served: `stateFile` when the state is kept in a file (ledger-mock --state). */
export interface ControlRequestOptions {
  stateFile?: string | undefined;
}

/** Answers one request under /__mock. Never throws: refusals are JSON errors with a status. */
export async function handleControlRequest(
  control: LedgerControl,
  request: MockRequest,
  options: ControlRequestOptions = {},
): Promise<MockResponse> {
  const path = request.path;
  if (path === CONTROL_PREFIX || path === `${CONTROL_PREFIX}/`) {
    return json(200, {
      routes: controlRoutes.map(({ method, path, summary }) => ({ method, path: CONTROL_PREFIX + path, summary })),
    });
  }
  const matches = compiled.map((c) => ({ ...c, match: c.pattern.exec(path) })).filter((c) => c.match);
  const found = matches.find((c) => c.route.method === request.method);
  if (!found) {
    if (matches.length === 0)
      return json(404, {
        error: `No control route ${path}; GET ${CONTROL_PREFIX} lists them`,
        code: 'route_not_found',
      });
    const allow = matches.map((c) => c.route.method).join(', ');
    return json(
      405,
      { error: `${request.method} is not allowed on ${path}; use ${allow}`, code: 'method_not_allowed' },
      { allow },
    );
  }
  try {
    const params = Object.fromEntries(found.names.map((name, i) => [name, decodeSegment(found.match![i + 1]!)]));
    let body: unknown;
    if (found.route.body) {
      const text = await readBodyText(request.body, CONTROL_BODY_LIMIT);
      const empty = text.trim() === '';
      if (empty && found.route.nonEmpty)
        return json(400, { error: found.route.nonEmpty.message, code: found.route.nonEmpty.code });
      const raw = empty ? {} : parseJson(text);
      found.route.limit?.(raw);
      const parsed = z.parseWith(found.route.body, raw, { maxIssues: CONTROL_LIMITS.listedProblems });
      if (!parsed.ok) return invalidBody(parsed);
      body = parsed.value;
    }
    const result = await found.route.run({
      control,
      params,
      query: new URLSearchParams(request.query),
      body,
      stateFile: options.stateFile,
    });
    if (found.route.text)
      return {
        status: found.route.status ?? 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: String(result),
      };
    return json(found.route.status ?? 200, result);
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
