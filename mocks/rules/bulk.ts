import type { components } from '../../src/generated/openapi';
import { MAX_BULK_ROWS } from '../../src/generated/api-constants';
import { ApiError, type ErrorDetail } from '../errors';
import { dayNumber } from '../../src/shared/calendar-date';
import type { LedgerStore } from '../store/ledger-store';
import type { SnapshotView, UpsertAction } from '../store/snapshot-store';
import type { Actor } from './auth';
import { accountRefusal, listSome } from './explain';
import type { Reach } from './households';
import { normalizeBalance, writableAccount, type RuleResult } from './snapshots';
import { checkBody, requireValidBody, snapshotWriteDay } from './validation';
import { emitSnapshotUpserted } from './webhooks';

export type BulkUpsertResult = components['schemas']['BulkUpsertResult'];
type SnapshotWrite = components['schemas']['SnapshotWrite'];
type SkippedRow = components['schemas']['SkippedRow'];

export const ACCOUNT_NOT_WRITABLE = 'account not found or not writable';

/**
 * Spec 4 (POST /snapshots/bulk) and spec-gaps 6-9. In order: more than MAX_BULK_ROWS (openapi.json's maxItems) is 413
 * `too_many_rows` (no row examined); a body that is not a bulk request is 422 `validation_failed`;
 * then every row is judged (schema, then writable account) before any is written, so a call is
 * never half-applied. Rows are applied in the order sent (a repeated pair: later wins, counted as
 * updated). Nothing written: 422 `nothing_written` with the result fields. One event per call.
 */
export function bulkUpsertSnapshots(
  store: LedgerStore,
  actor: Actor,
  reach: Reach,
  body: unknown,
): RuleResult<BulkUpsertResult> {
  const sent = (body as { snapshots?: unknown } | null)?.snapshots;
  if (Array.isArray(sent) && sent.length > MAX_BULK_ROWS) {
    throw new ApiError(413, 'too_many_rows', `At most ${MAX_BULK_ROWS} rows per bulk call; got ${sent.length}`, [
      { path: 'body.snapshots', message: `must have at most ${MAX_BULK_ROWS} rows` },
    ]).because(
      `${sent.length} rows were sent; a bulk call takes at most ${MAX_BULK_ROWS} (the SDK's bulkUpsertSnapshots splits any number)`,
    );
  }
  requireValidBody('BulkShape', body);
  const rows = sent as unknown[];

  const accepted: Array<{ row: SnapshotWrite; day: number }> = [];
  const skipped: SkippedRow[] = [];
  const detail: ErrorDetail[] = [];
  const whys: string[] = []; // the journal's reason of each skipped row
  const writable = new Map<string, string | true>(); // account id -> true, or why it is not writable
  rows.forEach((row, index) => {
    let day = snapshotWriteDay(row);
    if (day === undefined) {
      const base = `body.snapshots[${index}]`;
      const problem = checkBody('SnapshotWrite', row, base)[0];
      if (problem) {
        const reason = `${problem.path === base ? 'row' : problem.path.slice(base.length + 1)} ${problem.message}`;
        skipped.push({ index, reason });
        detail.push({ path: problem.path, message: reason });
        whys.push(`row ${index}: ${reason}`);
        return;
      }
      day = dayNumber((row as SnapshotWrite).snapshot_date)!;
    }
    const write = row as SnapshotWrite;
    let ok = writable.get(write.account_id);
    if (ok === undefined) {
      ok =
        writableAccount(store, reach, write.account_id) !== undefined ||
        accountRefusal(store, reach, write.account_id, store.accounts.get(write.account_id), 'write');
      writable.set(write.account_id, ok);
    }
    if (ok !== true) {
      skipped.push({ index, reason: ACCOUNT_NOT_WRITABLE });
      detail.push({ path: `body.snapshots[${index}].account_id`, message: ACCOUNT_NOT_WRITABLE });
      whys.push(`row ${index}: ${ok}`);
      return;
    }
    accepted.push({ row: write, day });
  });

  if (accepted.length === 0) {
    throw new ApiError(422, 'nothing_written', 'Nothing was written: every row was skipped', detail, {
      received: rows.length,
      inserted: 0,
      updated: 0,
      skipped,
      webhooks_attempted: 0,
    }).because(`nothing was written: all ${rows.length} rows were skipped: ${listSome(whys)}`);
  }

  // Everything is judged; from here on the writes run synchronously to the end.
  let inserted = 0;
  const written: Array<SnapshotView & { action: UpsertAction }> = [];
  for (const { row, day } of accepted) {
    const { snapshot, action } = store.snapshots.upsert(row.account_id, day, normalizeBalance(row.balance), false);
    if (action === 'inserted') inserted += 1;
    // Spelled out: a spread with an extra key cost more than the upsert itself at 5,000 rows a call.
    const { id, account_id, snapshot_date, balance, is_estimated } = snapshot;
    written.push({ id, account_id, snapshot_date, balance, is_estimated, action });
  }
  const delivery = emitSnapshotUpserted(store, actor, 'bulkUpsertSnapshots', written);
  return {
    status: 200,
    body: {
      received: rows.length,
      inserted,
      updated: accepted.length - inserted,
      skipped,
      webhooks_attempted: delivery.subscriptions.length,
    },
    delivery,
    ...(whys.length > 0 ? { reason: `${whys.length} of ${rows.length} rows skipped: ${listSome(whys)}` } : {}),
  };
}
