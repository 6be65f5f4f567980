// The request journal as GET /__mock/journal answers it: snake_case, as everything under /__mock
// (journal.entries() in code is camelCase, as code is).
import type { JournalEntry } from '../core/journal';
import type { JournalFilter } from '../core/journal-filter';
import { MockControlError } from '../errors';
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

/** The query parameters of GET /__mock/journal, by their field of a journal filter. */
const FILTER_PARAMS: Readonly<Record<string, keyof JournalFilter>> = {
  operation: 'operation',
  method: 'method',
  status: 'status',
  code: 'code',
  token_id: 'tokenId',
  from: 'from',
  to: 'to',
};

/**
 * A journal filter from GET /__mock/journal's query (`?operation=getMe&status=4xx&token_id=...`); the filter itself
 * is checked by the control API. A parameter that is not one, or given twice, is refused (400 `invalid_filter`).
 */
export function journalFilterFromQuery(query: URLSearchParams): JournalFilter {
  const filter: Record<string, unknown> = {};
  for (const [name, value] of query) {
    const field = Object.hasOwn(FILTER_PARAMS, name) ? FILTER_PARAMS[name] : undefined;
    if (field === undefined)
      throw new MockControlError(
        400,
        'invalid_filter',
        `Invalid journal filter: ${name} is not a filter of the journal (the filters: ${Object.keys(FILTER_PARAMS).join(', ')})`,
      );
    if (field in filter)
      throw new MockControlError(400, 'invalid_filter', `Invalid journal filter: ${name} is given twice`);
    filter[field] = field === 'status' && /^\d+$/.test(value) ? Number(value) : value;
  }
  return filter as JournalFilter;
}
