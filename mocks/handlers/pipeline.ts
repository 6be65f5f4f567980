// The path every request takes: faults, authentication, plan, scope, body, then the operation's
// rule, then webhook delivery and the journal. Works on fetch Request/Response only (no MSW), so
// an in-process MSW server and a standalone server answer the same way.
import type { FaultInjector } from '../control/faults';
import { describeFault, faultResponse } from '../control/faults';
import type { RequestJournal } from '../control/journal';
import { ApiError } from '../errors';
import { authenticate, type Actor } from '../rules/auth';
import { reachOf, type Reach } from '../rules/households';
import { requireApiPlan } from '../rules/plans';
import { requireScope } from '../rules/scopes';
import { deliverEvent, type PendingDelivery, type WebhookDeliverer } from '../rules/webhooks';
import type { LedgerStore } from '../store/ledger-store';

/** Spec-gaps 15: bodies over 8 MiB are refused before they are parsed. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
export const API_PREFIX = '/api/public/v1';

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
  url: URL;
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
  request: Request,
  params: Record<string, string>,
): Promise<Response> {
  const started = performance.now();
  const url = new URL(request.url);
  const at = context.store.nowIso();
  let tokenId: string | null = null;
  let fault: string | null = null;
  let appliedStatus: number | undefined;
  let internalError: { message: string; stack?: string } | undefined;
  let response: Response;
  try {
    const kind = context.faults.take(operation.operationId);
    fault = kind ? describeFault(kind) : null;
    if (kind && 'latencyMs' in kind) await new Promise((resolve) => setTimeout(resolve, kind.latencyMs));
    if (kind && 'networkError' in kind) {
      response = Response.error();
    } else if (kind && 'status' in kind) {
      response = faultResponse(kind);
    } else {
      response = await run(context, operation, request, url, params, (id) => (tokenId = id));
      if (kind && 'afterApply' in kind) {
        appliedStatus = response.status;
        response = kind.afterApply === 'networkError' ? Response.error() : faultResponse(kind.afterApply);
      }
    }
  } catch (error) {
    internalError = { message: error instanceof Error ? error.message : String(error), ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) };
    response = json(500, { error: 'Internal error in the fake', code: 'internal_error' });
  }
  context.journal.record({
    at,
    method: request.method,
    path: url.pathname + url.search,
    operationId: operation.operationId,
    status: response.type === 'error' ? 0 : response.status,
    tokenId,
    durationMs: performance.now() - started,
    fault,
    ...(appliedStatus !== undefined ? { appliedStatus } : {}),
    ...(internalError ? { internalError } : {}),
  });
  return response;
}

/** Answers a path or method the API does not have: 404 `route_not_found`. */
export function handleUnknownRoute(context: MockContext, request: Request): Response {
  const url = new URL(request.url);
  context.journal.record({
    at: context.store.nowIso(),
    method: request.method,
    path: url.pathname + url.search,
    operationId: null,
    status: 404,
    tokenId: null,
    durationMs: 0,
    fault: null,
  });
  return json(404, { error: `No operation ${request.method} ${url.pathname}`, code: 'route_not_found' });
}

// Spec-gaps 17, order of checks: 401, 402, 403, 413, 400, then the rule (422/404/402 sharing).
async function run(
  context: MockContext,
  operation: Operation,
  request: Request,
  url: URL,
  params: Record<string, string>,
  onToken: (id: string) => void,
): Promise<Response> {
  const { store } = context;
  try {
    await context.ready();
    let tokenId: string | undefined;
    if (operation.authenticated !== false) {
      const actor = await store.exclusive(async () => {
        const found = await authenticate(store, request.headers.get('authorization'));
        onToken(found.token.id);
        requireApiPlan(found.household);
        requireScope(found, operation.operationId);
        return found;
      });
      tokenId = actor.token.id;
    }
    const body = operation.readsBody ? parseJson(await readBody(request)) : undefined;
    const reply = await store.exclusive(() => {
      const input = { store, url, params, body } as OperationInput;
      if (tokenId !== undefined) {
        // Resolved again here: access follows the owner's membership at this moment (spec 5.7).
        const token = store.tokens.get(tokenId)!;
        const user = store.users.get(token.user_id)!;
        input.reach = reachOf(store, user);
        input.actor = { token, user, household: input.reach.household };
      }
      return operation.run(input);
    });
    if (reply.delivery) await deliverEvent(reply.delivery, context.deliverWebhook);
    return json(reply.status, reply.body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const headers: Record<string, string> = error.status === 401 ? { 'www-authenticate': 'Bearer realm="ledger"' } : {};
    return json(error.status, error.body(), headers);
  }
}

/** Reads at most BODY_LIMIT_BYTES (Content-Length first, then the bytes actually read). */
export async function readBody(request: Request): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > BODY_LIMIT_BYTES) throw bodyTooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > BODY_LIMIT_BYTES) {
      // Stop reading and let go. Not cancel(): cancelling the request stream makes msw 2.15's
      // fetch interception never answer the client.
      reader.releaseLock();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson();
  }
}

/** Spec 7 and spec-gaps 15: a body that is not JSON is 400 `invalid_json`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidJson();
  }
}

/** Spec-gaps 15: 413 `body_too_large`. */
export function bodyTooLarge(): ApiError {
  return new ApiError(413, 'body_too_large', `Request body exceeds ${BODY_LIMIT_BYTES} bytes`);
}

function invalidJson(): ApiError {
  return new ApiError(400, 'invalid_json', 'Request body is not valid JSON');
}

const JSON_HEADERS: Array<[string, string]> = [['content-type', 'application/json']];

/** A JSON response. */
export function json(status: number, body: unknown, headers?: Record<string, string>): Response {
  // Response copies its headers, so the common case shares one list (no per-response object to build and convert).
  return new Response(JSON.stringify(body), { status, headers: headers ? { 'content-type': 'application/json', ...headers } : JSON_HEADERS });
}
