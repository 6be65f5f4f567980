import { ApiError } from '../errors';
import { documentOperations } from '../openapi-document';
import type { Scope } from '../store/records';
import type { Actor } from './auth';
import { tokenLabel } from './explain';
import type { LedgerStore } from '../store/ledger-store';

// Spec 4 and 5.4: each operation needs one scope. Read from openapi.json (x-required-scope), so
// the fake and the document cannot disagree.
const requiredScopes = new Map<string, string | undefined>(
  documentOperations().map((operation) => [operation.operationId, operation.scope]),
);
// Named as the specification's table names them: `POST /snapshots`.
const routes = new Map(
  documentOperations().map((operation) => [
    operation.operationId,
    `${operation.method.toUpperCase()} ${operation.path.replace(/^\/api\/public\/v1/, '')}`,
  ]),
);

/** The scope an operation needs, or `undefined` for one without authentication. */
export function requiredScope(operationId: string): Scope | undefined {
  return requiredScopes.get(operationId) as Scope | undefined;
}

/** Spec 5.6: a token lacking the operation's scope gets 403 `insufficient_scope`. */
export function requireScope(store: LedgerStore, actor: Actor, operationId: string): void {
  const scope = requiredScope(operationId);
  if (scope && !actor.token.scopes.includes(scope)) {
    const has = actor.token.scopes.length > 0 ? actor.token.scopes.join(', ') : 'no scope';
    throw new ApiError(403, 'insufficient_scope', `The token lacks the scope ${scope}`).because(
      `${tokenLabel(store, actor.token)} lacks scope ${scope}, which ${routes.get(operationId)} needs; it has ${has}`,
    );
  }
}
