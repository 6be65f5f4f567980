import type { BulkUpsertError } from '../errors/bulk-upsert-error';
import type { BulkContext } from './context';
import { DuplicateTracker } from './duplicates';
import { openRows, type RowSource } from './input';
import { normalizeBulkOptions, type NormalizedBulkOptions } from './options';
import { postChunk, type ChunkOutcome } from './send-chunk';
import type {
  BulkChunkResult,
  BulkPendingRow,
  BulkRow,
  BulkRows,
  BulkSkippedRow,
  BulkUpsertFailureReason,
  BulkUpsertOptions,
  BulkUpsertReport,
} from './types';
import { dayNumber } from '../shared/calendar-date';
import { rowProblem } from './validate-row';

/** Rows of one request, with their input positions. */
interface Chunk {
  seq: number;
  rows: BulkRow[];
  indexes: number[];
  /** Chunks in flight that hold an earlier row with a key of this chunk: this one is sent after they finish. */
  after: Set<Promise<void>>;
}

interface InFlight {
  chunk: Chunk;
  first: number;
  last: number;
  done: Promise<void>;
}

// upsertChangedSnapshots checks rows with the engine's check, loaded with the engine.
export { rowProblem };

/**
 * The bulk engine behind `client.snapshots.bulkUpsert`: checks each row locally (a bad row is skipped with a reason
 * and never sent), sends chunks of at most `chunkSize`, maps each skipped row back to its position in your input,
 * and reports duplicates. See {@link bulkUpsertSnapshots}.
 */
export async function runBulkUpsert(
  ctx: BulkContext,
  rows: BulkRows,
  options?: BulkUpsertOptions,
): Promise<BulkUpsertReport> {
  const normalized = normalizeBulkOptions(options, ctx.lib);
  return new BulkRun(ctx, normalized, openRows(rows, ctx.lib)).run();
}

class BulkRun {
  received = 0;
  inserted = 0;
  updated = 0;
  webhooks = 0;
  chunksDone = 0;
  readonly skipped: BulkSkippedRow[] = [];
  readonly chunks: BulkChunkResult[] = [];
  readonly duplicates = new DuplicateTracker();
  readonly inFlight = new Set<InFlight>();
  readonly failed: Chunk[] = [];
  stopped: { reason: BulkUpsertFailureReason; cause: unknown } | undefined;
  inputDone = false;
  /** Rows read but not sent (the chunk being filled, or held back when the run stopped). */
  unsent: Chunk | undefined;
  nextSeq = 0;
  lastProgress = -1;
  readonly knownAccount = (id: string) => this.duplicates.knows(id);

  constructor(
    readonly ctx: BulkContext,
    readonly options: NormalizedBulkOptions,
    readonly source: RowSource,
  ) {}

  async run(): Promise<BulkUpsertReport> {
    const { concurrency } = this.options;
    try {
      while (!this.inputDone && !this.shouldStop()) {
        // Free a slot before reading, so at most `concurrency` chunks of rows are held at once.
        while (this.inFlight.size >= concurrency) await Promise.race([...this.inFlight].map((f) => f.done));
        if (this.shouldStop()) break;
        const chunk = await this.readChunk();
        if (chunk.rows.length === 0) break;
        if (chunk.after.size > 0) await Promise.all(chunk.after);
        if (this.shouldStop()) break;
        this.unsent = undefined;
        this.dispatch(chunk);
      }
    } catch (error) {
      this.stopped ??= { reason: 'input_failed', cause: error };
    }
    await Promise.all([...this.inFlight].map((f) => f.done));
    if (!this.stopped && this.rowsDone() !== this.lastProgress) this.progress();
    if (this.stopped) throw this.failure(this.stopped);
    return this.report([]);
  }

  /**
   * The error of a run that stopped: the report so far, and every row not confirmed. A sync input (an array)
   * is read to its end first, so `pending` covers the rest of it; an async input keeps its unread rows.
   */
  failure(stopped: { reason: BulkUpsertFailureReason; cause: unknown }): BulkUpsertError {
    if (!this.source.async && !this.inputDone && stopped.reason !== 'input_failed') {
      try {
        this.readRest();
      } catch {
        // the input broke while being listed: what was read is still listed
      }
    }
    const unsent = this.unsent;
    const pending = [...this.failed, ...(unsent ? [unsent] : [])]
      .flatMap((chunk) => chunk.rows.map((row, i): BulkPendingRow => ({ index: chunk.indexes[i]!, row })))
      .sort((a, b) => a.index - b.index);
    return new this.ctx.lib.BulkUpsertError({ ...stopped, report: this.report(pending), pending });
  }

  shouldStop(): boolean {
    if (!this.stopped && this.options.signal?.aborted)
      this.stopped = { reason: 'aborted', cause: this.options.signal.reason };
    return this.stopped !== undefined;
  }

  /** Reads rows until a chunk is full or the input ends; bad rows go straight to `skipped`. */
  async readChunk(): Promise<Chunk> {
    const chunk: Chunk = { seq: this.nextSeq, rows: [], indexes: [], after: new Set() };
    this.unsent = chunk;
    const { chunkSize } = this.options;
    const source = this.source;
    while (chunk.rows.length < chunkSize) {
      const step = source.async ? await source.iterator.next() : source.iterator.next();
      if (step.done) {
        this.inputDone = true;
        break;
      }
      this.take(chunk, step.value, this.received++);
    }
    if (chunk.rows.length > 0) this.nextSeq += 1;
    return chunk;
  }

  /** Reads the rest of a sync input into the unsent rows (checked, so bad rows are reported as skipped). */
  readRest(): void {
    this.unsent ??= { seq: this.nextSeq, rows: [], indexes: [], after: new Set() };
    const chunk = this.unsent;
    const iterator = this.source.iterator as Iterator<unknown>;
    for (let step = iterator.next(); !step.done; step = iterator.next()) this.take(chunk, step.value, this.received++);
    this.inputDone = true;
  }

  take(chunk: Chunk, row: unknown, index: number): void {
    const reason = rowProblem(row, this.knownAccount);
    if (reason !== undefined) {
      this.skipped.push({ index, reason, row });
      return;
    }
    const good = row as BulkRow;
    const day = dayNumber(good.snapshot_date)!; // a real date: rowProblem said so
    const previous = this.duplicates.note(index, good.account_id, good.snapshot_date, day, good.balance);
    const first = chunk.indexes[0] ?? index;
    if (previous >= 0 && previous < first) {
      // Same key in a chunk still in flight: send this chunk after it, so the later row wins (spec-gaps 9).
      for (const flight of this.inFlight)
        if (flight.first <= previous && previous <= flight.last) chunk.after.add(flight.done);
    }
    chunk.rows.push(good);
    chunk.indexes.push(index);
  }

  dispatch(chunk: Chunk): void {
    const flight: InFlight = {
      chunk,
      first: chunk.indexes[0]!,
      last: chunk.indexes[chunk.indexes.length - 1]!,
      done: Promise.resolve(),
    };
    flight.done = this.send(chunk).finally(() => this.inFlight.delete(flight));
    this.inFlight.add(flight);
  }

  async send(chunk: Chunk): Promise<void> {
    let outcome: ChunkOutcome;
    try {
      outcome = await postChunk(this.ctx, chunk.rows);
    } catch (error) {
      this.stopped ??= { reason: 'request_failed', cause: error };
      this.failed.push(chunk);
      return;
    }
    this.apply(chunk, outcome);
    this.progress();
  }

  /** Counts what the service said; skipped `index` (position in the chunk) becomes the input position. */
  apply(chunk: Chunk, { status, result, fallbackReason, attempts }: ChunkOutcome): void {
    const size = chunk.rows.length;
    const listed = new Uint8Array(size);
    let skipped = 0;
    const skip = (i: number, reason: string) => {
      listed[i] = 1;
      skipped += 1;
      this.skipped.push({ index: chunk.indexes[i]!, reason, row: chunk.rows[i] });
    };
    for (const { index, reason } of result.skipped) {
      if (Number.isInteger(index) && index >= 0 && index < size && listed[index] === 0) skip(index, reason);
    }
    if (fallbackReason !== undefined) for (let i = 0; i < size; i += 1) if (listed[i] === 0) skip(i, fallbackReason);
    this.inserted += result.inserted;
    this.updated += result.updated;
    this.webhooks += result.webhooks_attempted;
    this.chunksDone += 1;
    this.chunks.push({
      chunk: chunk.seq,
      first_index: chunk.indexes[0]!,
      rows: size,
      inserted: result.inserted,
      updated: result.updated,
      skipped,
      status,
      attempts,
    });
  }

  rowsDone(): number {
    return this.inserted + this.updated + this.skipped.length;
  }

  progress(): void {
    const { onProgress } = this.options;
    this.lastProgress = this.rowsDone();
    if (!onProgress) return;
    const total = this.source.total;
    try {
      onProgress({
        rowsDone: this.lastProgress,
        ...(total === undefined ? {} : { rowsTotal: total }),
        chunksDone: this.chunksDone,
        skipped: this.skipped.length,
      });
    } catch (error) {
      this.stopped ??= { reason: 'progress_failed', cause: error };
    }
  }

  report(pending: BulkPendingRow[]): BulkUpsertReport {
    const skipped = this.skipped.sort((a, b) => a.index - b.index);
    const skippedIndexes = new Set(skipped.map((s) => s.index));
    const unconfirmed = new Set(pending.map((p) => p.index));
    return {
      received: this.received,
      inserted: this.inserted,
      updated: this.updated,
      skipped,
      webhooks_attempted: this.webhooks,
      duplicates: this.duplicates.report(skippedIndexes, unconfirmed),
      chunks: this.chunks.sort((a, b) => a.chunk - b.chunk),
    };
  }
}

// upsertChangedSnapshots is loaded with the engine (one chunk on first use), as it shares the engine's row checks.
