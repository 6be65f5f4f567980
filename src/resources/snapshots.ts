import type {
  DeleteResult,
  Snapshot,
  SnapshotListQuery,
  SnapshotUpdate,
  SnapshotUpsertResult,
  SnapshotWrite,
} from '../types';
import type { BulkLib } from '../bulk/context';
import type { BulkRows, BulkUpsertOptions, BulkUpsertReport } from '../bulk/types';
import { createApiError } from '../errors/api-errors';
import { BulkUpsertError } from '../errors/bulk-upsert-error';
import { ClientOptionsError, LedgerError } from '../errors/ledger-error';
import { redact } from '../shared/redact';
import type { ResourceContext } from './context';
import { send, type RequestOptions } from './send';

/** Snapshot helpers. Each resolves to the data or throws a `LedgerApiError`. */
export interface SnapshotsResource {
  /**
   * GET /snapshots: snapshots of every visible account, or of `account_id`, between `from` and `to` (inclusive).
   * No pagination: narrow with `from` and `to`. @default {} (every snapshot)
   */
  list(query?: SnapshotListQuery, options?: RequestOptions): Promise<Snapshot[]>;
  /** GET /snapshots/{id}: one snapshot. 404 when not found or not visible. */
  get(id: string, options?: RequestOptions): Promise<Snapshot>;
  /** POST /snapshots: creates or updates the snapshot for (`account_id`, `snapshot_date`). Idempotent. */
  upsert(body: SnapshotWrite, options?: RequestOptions): Promise<SnapshotUpsertResult>;
  /** PATCH /snapshots/{id}: changes `balance`, `snapshot_date`, or both. */
  update(id: string, patch: SnapshotUpdate, options?: RequestOptions): Promise<Snapshot>;
  /** DELETE /snapshots/{id}: deletes one snapshot (fires no webhook). */
  delete(id: string, options?: RequestOptions): Promise<DeleteResult>;
  /**
   * Upserts any number of rows through POST /snapshots/bulk, in chunks of at most 5,000, checking rows locally
   * and reporting skipped rows by input position. See {@link bulkUpsertSnapshots}.
   */
  bulkUpsert(rows: BulkRows, options?: BulkUpsertOptions): Promise<BulkUpsertReport>;
}

/** What the bulk engine uses of the client's own modules, handed to it rather than imported (src/bulk/context.ts says why). */
const BULK_LIB: BulkLib = { BulkUpsertError, ClientOptionsError, LedgerError, createApiError, redact };

/** Builds the snapshot helpers over the typed client. */
export function snapshotsResource(ctx: ResourceContext): SnapshotsResource {
  const byId = (id: string) => ({ path: { id } });
  return {
    async list(query = {}, options) {
      const { snapshots } = await send(
        ctx,
        (init) => ctx.api.GET('/api/public/v1/snapshots', { ...init, params: { query } }),
        options,
      );
      return snapshots;
    },
    get: (id, options) =>
      send(ctx, (init) => ctx.api.GET('/api/public/v1/snapshots/{id}', { ...init, params: byId(id) }), options),
    upsert: (body, options) =>
      send(ctx, (init) => ctx.api.POST('/api/public/v1/snapshots', { ...init, body }), options),
    update: (id, patch, options) =>
      send(
        ctx,
        (init) => ctx.api.PATCH('/api/public/v1/snapshots/{id}', { ...init, params: byId(id), body: patch }),
        options,
      ),
    delete: (id, options) =>
      send(ctx, (init) => ctx.api.DELETE('/api/public/v1/snapshots/{id}', { ...init, params: byId(id) }), options),
    // The engine loads on first use: a bundler that splits code (and the ESM build) makes it a chunk of its own, so a
    // program that never bulk-upserts loads about 2.4 KB gzipped less; the CJS build and a bundler that does not
    // split inline it (bench 5 measures both).
    bulkUpsert: (rows, options) =>
      import('../bulk/bulk-engine').then((engine) => engine.runBulkUpsert({ ...ctx, lib: BULK_LIB }, rows, options)),
  };
}
