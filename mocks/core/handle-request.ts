import { accountOperations } from './operations/accounts';
import { identityOperations } from './operations/identity';
import { snapshotOperations } from './operations/snapshots';
import type { MockReply, MockRequest } from './messages';
import { handleOperation, handleUnknownRoute, type MockContext, type Operation } from './pipeline';
import { compileRouter } from './routes';
import { API_PREFIX } from '../../src/generated/api-constants';

/** Every operation of openapi.json. */
export const operations: readonly Operation[] = [...identityOperations, ...accountOperations, ...snapshotOperations];

const router = compileRouter(
  operations.map((operation) => ({ method: operation.method, path: API_PREFIX + operation.path, value: operation })),
);

/** Answers one request to the API: the heart of the fake, which every adapter calls. */
export type RequestHandler = (request: MockRequest) => Promise<MockReply>;

/** The core's request handler over one fake's context: routes, then runs the operation's pipeline. */
export function createRequestHandler(context: MockContext): RequestHandler {
  return (request) => {
    const match = router.match(request.method, request.path);
    if (match) return handleOperation(context, match.value, request, match.params);
    return Promise.resolve(handleUnknownRoute(context, request, router.methodsAt(request.path)));
  };
}
