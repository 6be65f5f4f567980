import { BulkUpsertError } from '../errors/bulk-upsert-error';
import { ClientOptionsError } from '../errors/client-options-error';
import { createApiError } from '../errors/create-api-error';
import { LedgerError } from '../errors/ledger-error';
import { redact } from '../errors/redact';
import type { ResourceContext } from '../resources/context';
import { attemptsOf } from '../retry/transport';
import type { BulkRows, BulkUpsertOptions, BulkUpsertReport } from './types';

/**
 * What the engine uses of modules the entry loads anyway, handed over when it runs rather than imported: a
 * code-splitting bundler (esbuild) would otherwise move those modules into a third chunk, shared by the entry and
 * the engine, that every program loads at once as one more file.
 */
const entryParts = { BulkUpsertError, ClientOptionsError, createApiError, LedgerError, redact, attemptsOf };

/** See {@link entryParts}. */
export type EntryParts = typeof entryParts;

/**
 * Upserts any number of snapshot rows through POST /snapshots/bulk. See {@link bulkUpsertSnapshots}.
 * The engine (./bulk-engine.ts and the modules only it uses) is loaded on first use through `import()`, so
 * bundlers put it in a chunk of its own: a program that never bulk-upserts never loads it.
 */
export function bulkUpsert(ctx: ResourceContext, rows: BulkRows, options?: BulkUpsertOptions): Promise<BulkUpsertReport> {
  return import('./bulk-engine').then((engine) => engine.runBulkUpsert(entryParts, ctx, rows, options));
}
