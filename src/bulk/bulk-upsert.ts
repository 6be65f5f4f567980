import type { ResourceContext } from '../resources/context';
import type { BulkRows, BulkUpsertOptions, BulkUpsertReport } from './types';

/**
 * Upserts any number of snapshot rows through POST /snapshots/bulk. See {@link bulkUpsertSnapshots}.
 * The engine (./bulk-engine.ts and the modules only it uses) is loaded on first use through `import()`, so
 * bundlers put it in a chunk of its own: a program that never bulk-upserts never loads it.
 */
export function bulkUpsert(ctx: ResourceContext, rows: BulkRows, options?: BulkUpsertOptions): Promise<BulkUpsertReport> {
  return import('./bulk-engine').then((engine) => engine.runBulkUpsert(ctx, rows, options));
}
