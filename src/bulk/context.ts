// What the bulk engine works with: the helpers' context, and the few pieces of the client's own modules it uses,
// handed over by the client that loads it (src/resources/snapshots.ts) rather than imported. The engine's files import
// only each other, the calendar rule and the generated constants, nothing else the entry imports: so a bundler that
// splits code gives the engine a chunk that shares no module with what every program loads at start. A chunk of what
// the two shared, gzipped apart, cost the start about 430 B (bench 5); test/package/client-bundle.test.ts holds the
// engine to it.
import type { createApiError } from '../errors/api-errors';
import type { BulkUpsertError } from '../errors/bulk-upsert-error';
import type { ClientOptionsError, LedgerError } from '../errors/ledger-error';
import type { ResourceContext } from '../resources/context';
import type { redact } from '../shared/redact';

/** The client's own errors and functions the engine uses: the very classes the entry exports, so `instanceof` holds. */
export interface BulkLib {
  readonly BulkUpsertError: typeof BulkUpsertError;
  readonly ClientOptionsError: typeof ClientOptionsError;
  readonly LedgerError: typeof LedgerError;
  readonly createApiError: typeof createApiError;
  readonly redact: typeof redact;
}

/** What the engine is given: the helpers' context, and the client's {@link BulkLib}. */
export interface BulkContext extends ResourceContext {
  readonly lib: BulkLib;
}
