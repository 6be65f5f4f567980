// The path every API request takes: faults, authentication, plan, scope, body, then the operation's
// rule, then webhook delivery and the journal. Plain data in and out (core/messages.ts): no fetch
// Request/Response and no msw, so every adapter answers the same way.
import type { FaultInjector } from '../control/faults';
import { describeFault, faultReply } from '../control/faults';
import type { RequestJournal } from '../control/journal';
import { ApiError } from '../errors';
import { authenticate, type Actor } from '../rules/auth';
import { reachOf, type Reach } from '../rules/households';
import { requireApiPlan } from '../rules/plans';
import { requireScope } from '../rules/scopes';
import { deliverEvent, type PendingDelivery, type WebhookDeliverer } from '../rules/webhooks';
import type { LedgerStore } from '../store/ledger-store';
import { parseJson, readBodyText } from './body';
import { jsonReply, NETWORK_ERROR, isNetworkError, type MockReply, type MockRequest, type MockResponse } from './messages';

/** What the pipeline needs from the fake. */
export interface MockContext {
  store: LedgerStore;
  journal: RequestJournal;
  faults: FaultInjector;
  deliverWebhook?: WebhookDeliverer;
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

/** What an operation answers. */
export interface OperationReply {
  status: number;
  body: unknown;
  /** An event to attempt once the write is committed. */
  delivery?: PendingDelivery;
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
  run(input: OperationInput): OperationReply | Promise<OperationReply>;
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
  try {
    const kind = context.faults.take(operation.operationId);
    fault = kind ? describeFault(kind) : null;
    if (kind && 'latencyMs' in kind) await new Promise((resolve) => setTimeout(resolve, kind.latencyMs));
    if (kind && 'networkError' in kind) {
      reply = NETWORK_ERROR;
    } else if (kind && 'status' in kind) {
      reply = faultReply(kind);
    } else {
      const answered = await run(context, operation, request, params, (id) => (tokenId = id));
      reply = answered;
      if (kind && 'afterApply' in kind) {
        appliedStatus = answered.status;
        reply = kind.afterApply === 'networkError' ? NETWORK_ERROR : faultReply(kind.afterApply);
      }
    }
  } catch (error) {
    internalError = { message: error instanceof Error ? error.message : String(error), ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) };
    reply = jsonReply(500, { error: 'Internal error in the fake', code: 'internal_error' });
  }
  context.journal.record({
    at,
    method: request.method,
    path: pathWithQuery(request),
    operationId: operation.operationId,
    status: isNetworkError(reply) ? 0 : reply.status,
    tokenId,
    durationMs: performance.now() - started,
    fault,
    ...(appliedStatus !== undefined ? { appliedStatus } : {}),
    ...(internalError ? { internalError } : {}),
  });
  return reply;
}

/** Answers a path or method the API does not have: 404 `route_not_found`. */
export function handleUnknownRoute(context: MockContext, request: MockRequest): MockResponse {
  context.journal.record({
    at: context.store.nowIso(),
    method: request.method,
    path: pathWithQuery(request),
    operationId: null,
    status: 404,
    tokenId: null,
    durationMs: 0,
    fault: null,
  });
  return jsonReply(404, { error: `No operation ${request.method} ${request.path}`, code: 'route_not_found' });
}

function pathWithQuery(request: MockRequest): string {
  return request.query === '' ? request.path : `${request.path}?${request.query}`;
}

const EMPTY_QUERY = new URLSearchParams();
const UNAUTHORIZED_HEADERS = { 'www-authenticate': 'Bearer realm="ledger"' };

// Spec-gaps 17, order of checks: 401, 402, 403, 413, 400, then the rule (422/404/402 sharing).
async function run(
  context: MockContext,
  operation: Operation,
  request: MockRequest,
  params: Record<string, string>,
  onToken: (id: string) => void,
): Promise<MockResponse> {
  const { store } = context;
  try {
    await context.ready();
    let tokenId: string | undefined;
    if (operation.authenticated !== false) {
      const actor = await store.exclusive(async () => {
        const found = await authenticate(store, request.headers.authorization ?? null);
        onToken(found.token.id);
        requireApiPlan(found.household);
        requireScope(found, operation.operationId);
        return found;
      });
      tokenId = actor.token.id;
    }
    const body = operation.readsBody ? parseJson(await readBodyText(request.body)) : undefined;
    const query = request.query === '' ? EMPTY_QUERY : new URLSearchParams(request.query);
    const reply = await store.exclusive(() => {
      const input = { store, query, params, body } as OperationInput;
      if (tokenId !== undefined) {
        // Resolved again here: access follows the owner's membership at this moment (spec 5.7).
        const token = store.tokens.get(tokenId)!;
        const user = store.users.get(token.user_id)!;
        input.reach = reachOf(store, user);
        input.actor = { token, user, household: input.reach.household };
      }
      return operation.run(input);
    });
    // Committed before anyone hears of it: the answer, and the webhook events, wait until the write is durable.
    await store.durable();
    if (reply.delivery) await deliverEvent(reply.delivery, context.deliverWebhook);
    return jsonReply(reply.status, reply.body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusal(store, error);
  }
}

/** A refusal's answer, once the changes it may rest on are durable (or, if they cannot be, that failure's). */
async function refusal(store: LedgerStore, error: ApiError): Promise<MockResponse> {
  try {
    await store.durable();
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    error = failure; // the state could not be saved (ledger-mock --state): say that instead
  }
  return jsonReply(error.status, error.body(), error.status === 401 ? UNAUTHORIZED_HEADERS : undefined);
}
