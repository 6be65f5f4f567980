import type { BulkLib } from './context';
import type { BulkRows } from './types';

/** The caller's rows as one iterator; sync iterators stay sync so an array is read without a microtask per row. */
export type RowSource =
  | { readonly async: false; readonly iterator: Iterator<unknown>; readonly total: number | undefined }
  | { readonly async: true; readonly iterator: AsyncIterator<unknown>; readonly total: undefined };

/**
 * Opens the rows: an array (its length is the total), any iterable, or an async iterable. The iterator is
 * never closed early, so rows an async iterable has not yet yielded stay in it when a run stops.
 */
export function openRows(rows: BulkRows, lib: BulkLib): RowSource {
  if (rows !== null && typeof rows === 'object') {
    if (typeof (rows as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
      return { async: true, iterator: (rows as AsyncIterable<unknown>)[Symbol.asyncIterator](), total: undefined };
    }
    if (typeof (rows as Iterable<unknown>)[Symbol.iterator] === 'function') {
      const total = Array.isArray(rows) ? rows.length : undefined;
      return { async: false, iterator: (rows as Iterable<unknown>)[Symbol.iterator](), total };
    }
  }
  throw new lib.ClientOptionsError(
    'bulkUpsertSnapshots: `rows` must be an array, an iterable or an async iterable of rows',
  );
}
