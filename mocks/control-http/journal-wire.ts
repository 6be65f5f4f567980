// The request journal as GET /__mock/journal answers it: snake_case, as everything under /__mock
// (journal.entries() in code is camelCase, as code is).
import type { JournalEntry } from '../core/journal';
import { faultDescriptionToJson } from './fault-wire';

/** A journal entry in the surface's snake_case. */
export function journalEntryToJson(entry: JournalEntry): Record<string, unknown> {
  return {
    seq: entry.seq,
    at: entry.at,
    method: entry.method,
    path: entry.path,
    operation_id: entry.operationId,
    status: entry.status,
    token_id: entry.tokenId,
    duration_ms: entry.durationMs,
    fault: entry.fault && faultDescriptionToJson(entry.fault),
    ...(entry.code !== undefined ? { code: entry.code } : {}),
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
    ...(entry.appliedStatus !== undefined ? { applied_status: entry.appliedStatus } : {}),
    ...(entry.internalError !== undefined ? { internal_error: entry.internalError } : {}),
  };
}
