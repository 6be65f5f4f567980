// The path every API request takes: faults (core/fault-kinds.ts), authentication, plan, scope, body, then the
// operation's rule, then webhook delivery and the journal (core/journal.ts). Plain data in and out (core/messages.ts): no fetch
// Request/Response and no msw, so every adapter answers the same way.
import { ApiError } from '../errors';
import { authenticate, UNAUTHORIZED_HEADERS, type Actor } from '../rules/auth';
import { reachOf, type Reach } from '../rules/households';
import { requireApiPlan } from '../rules/plans';
import { requireScope } from '../rules/scopes';
import type { RuleResult } from '../rules/snapshots';
import { deliverEvent, type WebhookDeliverer } from '../rules/webhooks';
import type { LedgerStore } from '../store/ledger-store';
import { parseJson, readBodyText } from './body';
import type { FaultInjector } from './faults';
import type { RequestJournal } from './journal';
import {
  jsonReply,
  isDroppedConnection,
  type MockReply,
  type MockRequest,
  type MockResponse,
  type NotedReply,
} from './messages';

/** What the pipeline needs from the fake. */
export interface MockContext {
  store: LedgerStore;
  journal: RequestJournal;
  faults: FaultInjector;
  deliverWebhook?: WebhookDeliverer;
  /** Send each refusal's reason in a `Ledger-Mock-Reason` header too (the real service sends no such header). */
  reasonHeader?: boolean;
  /** Settles once the starting scenario is loaded. */
  ready(): Promise<void>;
}

/** What an operation's rule sees. */
export interface OperationInput {
  store: LedgerStore;
  /** The query parameters. */
  query: URLSearchParams;
  params: Record<string, string>;
  /** Present for authenticated operations, re-resolved inside the operation's exclusive run. */
  actor: Actor;
  reach: Reach;
  /** The parsed JSON body, for operations that read one. */
  body: unknown;
}

/** One operation of openapi.json: how it is routed and the rule it calls. */
export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Path under /api/public/v1, with `:id` for path parameters. */
  path: string;
  /** @default true */
  authenticated?: boolean;
  /** @default false */
  readsBody?: boolean;
  run(input: OperationInput): RuleResult | Promise<RuleResult>;
}

/** Answers one request for one operation. Never throws: a bug becomes a journaled 500. */
export async function handleOperation(
  context: MockContext,
  operation: Operation,
  request: MockRequest,
  params: Record<string, string>,
): Promise<MockReply> {
  const started = performance.now();
  const at = context.store.nowIso();
  let tokenId: string | null = null;
  let fault: string | null = null;
  let appliedStatus: number | undefined;
  let internalError: { message: string; stack?: string } | undefined;
  let reply: MockReply;
  let reason: string | undefined;
  let code: string | undefined;
  try {
    const hit = context.faults.take(operation.operationId);
    if (hit === undefined) {
      ({ reply, reason, code } = await run(context, operation, request, params, (id) => (tokenId = id)));
    } else {
      // The fault's entry of FAULT_KINDS decides whether and how the operation runs.
      fault = hit.described;
      ({ reply, reason, code, appliedStatus } = await hit.type.apply(
        hit.fault.kind,
        () => run(context, operation, request, params, (id) => (tokenId = id)),
        fault,
      ));
    }
  } catch (error) {
    internalError = {
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    };
    reply = jsonReply(500, { error: 'Internal error in the fake', code: 'internal_error' });
    reason = `a bug in the fake: ${internalError.message}`;
    if (context.journal.firstSight(internalError.message)) {
      // Once per distinct cause, wherever the fake runs (Node or a page): a 500 alone would hide it in the journal.
      console.error(
        `[personal-ledger-sdk/mocks] The fake answered 500 internal_error to ${request.method} ${request.path}: a bug in the fake, ` +
          `not in your code (please report it). The cause:\n${internalError.stack ?? internalError.message}`,
      );
    }
  }
  if (!isDroppedConnection(reply)) {
    code ??= errorCodeOf(reply);
    if (reason !== undefined && context.reasonHeader) reply = withReasonHeader(reply, reason);
  }
  context.journal.record(
    {
      at,
      method: request.method,
      path: pathWithQuery(request),
      operationId: operation.operationId,
      status: isDroppedConnection(reply) ? 0 : reply.status,
      tokenId,
      durationMs: performance.now() - started,
      fault,
      ...(code !== undefined ? { code } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ...(appliedStatus !== undefined ? { appliedStatus } : {}),
      ...(internalError ? { internalError } : {}),
    },
    request,
    isDroppedConnection(reply) ? undefined : reply,
  );
  return reply;
}

/** The `code` of an error answer's body (an injected fault's, say), if it has one. */
function errorCodeOf(reply: MockResponse): string | undefined {
  if (reply.status < 400) return undefined;
  try {
    const code = (JSON.parse(reply.body) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The reason as a header value: printable ASCII, anything else percent-encoded. */
function withReasonHeader(reply: MockResponse, reason: string): MockResponse {
  const value = reason.replace(/[^\x20-\x7e]/g, (c) => encodeURIComponent(c));
  return { ...reply, headers: { ...reply.headers, 'ledger-mock-reason': value } };
}

/** Answers a path or method the API does not have: 404 `route_not_found`; `methods` are the ones the path has. */
export function handleUnknownRoute(
  context: MockContext,
  request: MockRequest,
  methods: readonly string[],
): MockResponse {
  const reason =
    methods.length > 0
      ? `${request.path} has no ${request.method} in openapi.json; it has ${methods.join(', ')}`
      : `${request.path} is not a path of openapi.json (the API is under /api/public/v1)`;
  const plain = jsonReply(404, { error: `No operation ${request.method} ${request.path}`, code: 'route_not_found' });
  const reply = context.reasonHeader ? withReasonHeader(plain, reason) : plain;
  context.journal.record(
    {
      at: context.store.nowIso(),
      method: request.method,
      path: pathWithQuery(request),
      operationId: null,
      status: 404,
      tokenId: null,
      durationMs: 0,
      fault: null,
      code: 'route_not_found',
      reason,
    },
    request,
    reply,
  );
  return reply;
}

function pathWithQuery(request: MockRequest): string {
  return request.query === '' ? request.path : `${request.path}?${request.query}`;
}

let noQuery: URLSearchParams | undefined;

/** One URLSearchParams for every request without a query, made on first use (not when the module loads). */
function emptyQuery(): URLSearchParams {
  noQuery ??= new URLSearchParams();
  return noQuery;
}

// Spec-gaps 17, order of checks: 401, 402, 403, 413, 400, then the rule (422/404/402 sharing).
async function run(
  context: MockContext,
  operation: Operation,
  request: MockRequest,
  params: Record<string, string>,
  onToken: (id: string) => void,
): Promise<NotedReply<MockResponse>> {
  const { store } = context;
  try {
    await context.ready();
    const query = request.query === '' ? emptyQuery() : new URLSearchParams(request.query);
    let reply: RuleResult;
    if (!operation.readsBody) {
      // Nothing to wait for between the checks and the rule: one exclusive run does both.
      reply = await store.exclusive(async () => {
        const actor = await admit(context, operation, request, onToken);
        return operation.run(
          inputFor(store, query, params, undefined, actor && { ...actor, reach: reachOf(store, actor.user) }),
        );
      });
    } else {
      const admitted = await store.exclusive(() => admit(context, operation, request, onToken));
      // The body is read outside any exclusive run: a slow client never holds up other requests.
      const body = parseJson(await readBodyText(request.body));
      reply = await store.exclusive(() => {
        // Resolved again here: access follows the owner's membership at this moment (spec 5.7).
        const token = admitted && store.tokens.peek(admitted.token.id)!;
        const user = token && store.users.peek(token.user_id)!;
        return operation.run(
          inputFor(store, query, params, body, user && { token, user, reach: reachOf(store, user) }),
        );
      });
    }
    // Committed before anyone hears of it: the answer, and the webhook events, wait until the write is durable.
    await durableFor(store, operation);
    if (reply.delivery) await deliverEvent(reply.delivery, context.deliverWebhook);
    return {
      reply: jsonReply(reply.status, reply.body),
      ...(reply.reason !== undefined ? { reason: reply.reason } : {}),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusal(store, operation, error);
  }
}

/**
 * Settles once the changes an answer rests on are durable. A read (GET) changes nothing but bookkeeping (its token's
 * last use): when the state file cannot be written any more (500 `state_not_saved`), that is let go and the read is
 * answered from memory; a write is still refused, so nothing that was not saved is ever acknowledged.
 */
async function durableFor(store: LedgerStore, operation: Operation): Promise<void> {
  try {
    await store.durable();
  } catch (failure) {
    if (operation.method !== 'get' || !(failure instanceof ApiError && failure.code === 'state_not_saved'))
      throw failure;
  }
}

/** A refusal's answer, once the changes it may rest on are durable (or, if they cannot be, that failure's). */
async function refusal(store: LedgerStore, operation: Operation, error: ApiError): Promise<NotedReply<MockResponse>> {
  try {
    await durableFor(store, operation);
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    error = failure; // the state could not be saved (ledger-mock --state): say that instead
  }
  return {
    reply: jsonReply(error.status, error.body(), error.status === 401 ? UNAUTHORIZED_HEADERS : undefined),
    reason: error.reason ?? error.message,
    code: error.code,
  };
}

/** Authentication, plan and scope (401, 402, 403): the actor, or `undefined` for an operation without a token. */
async function admit(
  context: MockContext,
  operation: Operation,
  request: MockRequest,
  onToken: (id: string) => void,
): Promise<Actor | undefined> {
  if (operation.authenticated === false) return undefined;
  const actor = await authenticate(context.store, request.headers.authorization ?? null);
  onToken(actor.token.id);
  requireApiPlan(actor.household);
  requireScope(context.store, actor, operation.operationId);
  return actor;
}

function inputFor(
  store: LedgerStore,
  query: URLSearchParams,
  params: Record<string, string>,
  body: unknown,
  resolved: { token: Actor['token']; user: Actor['user']; reach: Reach } | undefined,
): OperationInput {
  const input = { store, query, params, body } as OperationInput;
  if (resolved) {
    input.reach = resolved.reach;
    input.actor = { token: resolved.token, user: resolved.user, household: resolved.reach.household };
  }
  return input;
}
