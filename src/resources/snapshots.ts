import type { DeleteResult, Snapshot, SnapshotListQuery, SnapshotUpdate, SnapshotUpsertResult, SnapshotWrite } from '../types';
import type { ResourceContext } from './context';
import { send } from './send';

/** Snapshot helpers. Each resolves to the data or throws a `LedgerApiError`. */
export interface SnapshotsResource {
  /**
   * GET /snapshots: snapshots of every visible account, or of `account_id`, between `from` and `to` (inclusive).
   * No pagination: narrow with `from` and `to`. @default {} (every snapshot)
   */
  list(query?: SnapshotListQuery): Promise<Snapshot[]>;
  /** GET /snapshots/{id}: one snapshot. 404 when not found or not visible. */
  get(id: string): Promise<Snapshot>;
  /** POST /snapshots: creates or updates the snapshot for (`account_id`, `snapshot_date`). Idempotent. */
  upsert(body: SnapshotWrite): Promise<SnapshotUpsertResult>;
  /** PATCH /snapshots/{id}: changes `balance`, `snapshot_date`, or both. */
  update(id: string, patch: SnapshotUpdate): Promise<Snapshot>;
  /** DELETE /snapshots/{id}: deletes one snapshot (fires no webhook). */
  delete(id: string): Promise<DeleteResult>;
  // bulkUpsert(rows, options) arrives with the bulk-helper issue (batching, retries, timeouts).
}

/** Builds the snapshot helpers over the typed client. */
export function snapshotsResource(ctx: ResourceContext): SnapshotsResource {
  const byId = (id: string) => ({ path: { id } });
  return {
    async list(query = {}) {
      const { snapshots } = await send(ctx, (init) => ctx.api.GET('/api/public/v1/snapshots', { ...init, params: { query } }));
      return snapshots;
    },
    get: (id) => send(ctx, (init) => ctx.api.GET('/api/public/v1/snapshots/{id}', { ...init, params: byId(id) })),
    upsert: (body) => send(ctx, (init) => ctx.api.POST('/api/public/v1/snapshots', { ...init, body })),
    update: (id, patch) =>
      send(ctx, (init) => ctx.api.PATCH('/api/public/v1/snapshots/{id}', { ...init, params: byId(id), body: patch })),
    delete: (id) => send(ctx, (init) => ctx.api.DELETE('/api/public/v1/snapshots/{id}', { ...init, params: byId(id) })),
  };
}
