import type { BulkPendingRow, BulkUpsertFailureReason, BulkUpsertReport } from '../bulk/types';
import { LedgerError, nameErrorClass } from './ledger-error';

/** What a {@link BulkUpsertError} is built from. */
export interface BulkUpsertErrorInit {
  reason: BulkUpsertFailureReason;
  report: BulkUpsertReport;
  pending: BulkPendingRow[];
  /** The error that stopped the run (an SDK error, your input's error, or the abort reason). @default undefined */
  cause?: unknown;
}

/**
 * A bulk upsert stopped before its end. `report` says what was confirmed; `pending` lists, in input order, every
 * row read whose outcome is not confirmed (the failed chunk, chunks in flight, rows read but not sent). Upserts
 * are keyed by (account_id, snapshot_date), so sending `pending` again is safe:
 * `await bulkUpsertSnapshots(client, err.pending.map((p) => p.row))`. Rows of an async iterable not yet read
 * stay in your iterator. Test with {@link isBulkUpsertError}.
 */
export class BulkUpsertError extends LedgerError {
  /** Why the run stopped: `aborted`, `request_failed`, `input_failed` or `progress_failed`. */
  declare readonly reason: BulkUpsertFailureReason;
  /** What was confirmed before the run stopped. `inserted + updated + skipped.length + pending.length === received`. */
  declare readonly report: BulkUpsertReport;
  /** Rows read but not confirmed, in input order. */
  declare readonly pending: BulkPendingRow[];

  static {
    nameErrorClass(this, 'BulkUpsertError');
  }

  /** Builds the error; thrown by `bulkUpsertSnapshots`. */
  constructor(init: BulkUpsertErrorInit) {
    const { report, pending } = init;
    const why = init.cause instanceof Error && init.reason !== 'aborted' ? `: ${init.cause.message}` : '';
    super(
      `Bulk upsert stopped (${init.reason})${why}. Confirmed ${report.inserted + report.updated} written and ` +
        `${report.skipped.length} skipped of ${report.received} rows read; ${pending.length} not confirmed (see \`pending\`).`,
      init.cause !== undefined ? { cause: init.cause } : undefined,
    );
    this.reason = init.reason;
    this.report = report;
    this.pending = pending;
  }

  /** A plain, loggable summary (counts, not rows). */
  override toJSON(): Record<string, unknown> {
    const { received, inserted, updated, skipped, webhooks_attempted, duplicates, chunks } = this.report;
    return {
      name: this.name,
      message: this.message,
      reason: this.reason,
      received,
      inserted,
      updated,
      skipped: skipped.length,
      webhooks_attempted,
      duplicates: duplicates.length,
      chunks: chunks.length,
      pending: this.pending.length,
    };
  }
}
