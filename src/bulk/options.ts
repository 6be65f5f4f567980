import { MAX_BULK_ROWS } from '../generated/api-constants';
import type { BulkLib } from './context';
import type { BulkProgress, BulkUpsertOptions } from './types';

/** The most chunks a run keeps in flight. */
export const MAX_CONCURRENCY = 16;

/** Bulk options after validation and defaults. */
export interface NormalizedBulkOptions {
  chunkSize: number;
  concurrency: number;
  onProgress: ((progress: BulkProgress) => void) | undefined;
  signal: AbortSignal | undefined;
}

/** Validates the options of `bulkUpsertSnapshots` and fills defaults. Throws `ClientOptionsError`. */
export function normalizeBulkOptions(options: BulkUpsertOptions | undefined, lib: BulkLib): NormalizedBulkOptions {
  const fail = (message: string): never => {
    throw new lib.ClientOptionsError(`bulkUpsertSnapshots: ${message}`);
  };
  if (options !== undefined && (typeof options !== 'object' || options === null)) fail('options must be an object');
  const { chunkSize = MAX_BULK_ROWS, concurrency = 1, onProgress, signal } = options ?? {};
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_BULK_ROWS) {
    fail(
      `\`chunkSize\` must be a whole number from 1 to ${MAX_BULK_ROWS} (the API's limit per request); got ${String(chunkSize)}`,
    );
  }
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) {
    fail(`\`concurrency\` must be a whole number from 1 to ${MAX_CONCURRENCY}; got ${String(concurrency)}`);
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') fail('`onProgress` must be a function');
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean')) {
    fail('`signal` must be an AbortSignal');
  }
  return { chunkSize, concurrency, onProgress, signal };
}
