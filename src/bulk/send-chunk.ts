import type { Traced } from '../retry/transport';
import type { BulkUpsertResult, SkippedRow } from '../types';
import type { BulkContext } from './context';
import type { BulkRow } from './types';

const BULK_PATH = '/api/public/v1/snapshots/bulk';

/** What the service said about one chunk, for the attempt that got an answer. */
export interface ChunkOutcome {
  /** 200, or 422 when none of the chunk's rows was written. */
  status: number;
  result: BulkUpsertResult;
  /** For a 422: the reason given to rows its body does not list (the error message). */
  fallbackReason?: string;
  /** Attempts it took, retries included. */
  attempts: number;
}

/**
 * POST /snapshots/bulk for one chunk, through the client (so middleware, timeouts and retries apply).
 * A 422 is an outcome (every row skipped; reasons from the body's `skipped` when it has them, spec-gaps 6);
 * any other failure throws the SDK error for it.
 */
export async function postChunk(ctx: BulkContext, rows: BulkRow[]): Promise<ChunkOutcome> {
  const { data, error, response, attempts, request } = (await ctx.api.POST(BULK_PATH, {
    body: { snapshots: rows },
  })) as Traced<{
    data?: BulkUpsertResult;
    error?: unknown;
    response: Response;
  }>;
  if (response.ok) {
    if (!isBulkResult(data))
      throw new ctx.lib.LedgerError(`HTTP ${response.status} from POST ${BULK_PATH} without a bulk result`);
    return {
      status: response.status,
      result: { ...data, skipped: ctx.lib.redact(data.skipped, ctx.secrets) },
      attempts,
    };
  }
  const apiError = ctx.lib.createApiError(response, error, request, { redact: ctx.secrets });
  if (response.status !== 422) throw apiError;
  const listed = (apiError.body as { skipped?: unknown } | undefined)?.skipped;
  const skipped = Array.isArray(listed) ? listed.filter(isSkippedRow) : [];
  return {
    status: 422,
    result: { received: rows.length, inserted: 0, updated: 0, skipped, webhooks_attempted: 0 },
    fallbackReason: apiError.message,
    attempts,
  };
}

function isBulkResult(value: unknown): value is BulkUpsertResult {
  const r = value as Partial<BulkUpsertResult> | null | undefined;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.inserted === 'number' &&
    typeof r.updated === 'number' &&
    Array.isArray(r.skipped) &&
    typeof r.webhooks_attempted === 'number'
  );
}

function isSkippedRow(value: unknown): value is SkippedRow {
  const s = value as Partial<SkippedRow> | null;
  return typeof s === 'object' && s !== null && typeof s.index === 'number' && typeof s.reason === 'string';
}
