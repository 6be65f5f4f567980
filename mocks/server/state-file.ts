// `ledger-mock --state FILE`: the store's changes kept in a file, so the data outlives the process and a kill.
// The file is an image of the store followed by one record per group commit (see state-format.ts). Every
// sealed unit of changes is appended and fdatasync'd before store.durable() settles, and answers wait for that;
// units sealed while a write is running go out together in the next one (group commit: one fsync for many).
// A reset or scenario load ("cleared"), or a log grown past the image, rewrites the file as a new image:
// written to FILE.tmp (mode 0600), fsync'd, renamed over FILE, and the directory fsync'd.
// One process keeps a file (state-lock.ts); a symbolic link is written through (state-path.ts). Every append
// goes through O_APPEND, to the file that is at FILE now: an fd whose file was replaced is never written.
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import { close, fchmod, fdatasync, fstat, fsync, open, rename, stat, unlink, write } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { ApiError } from '../errors';
import type { LedgerStore } from '../store/ledger-store';
import { applyChange, ENTITY_TABLES, type ChangeSink, type StoreChange } from '../store/store-changes';
import { accessFailure, StateFileAccessError, type StateFileOperation } from './state-errors';
import {
  decodeChanges,
  decodeRow,
  encodeBatch,
  encodeImage,
  parseStateFile,
  StateFileError,
  type RandomPosition,
  type StateContents,
} from './state-format';
import { StateLock, type StateLockHolder } from './state-lock';
import { resolveStatePath } from './state-path';

const openAsync = promisify(open);
const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);
const fsyncAsync = promisify(fsync);
const fchmodAsync = promisify(fchmod);
const renameAsync = promisify(rename);
const unlinkAsync = promisify(unlink);
const closeAsync = promisify(close);
const fstatAsync = promisify(fstat);
const statAsync = promisify(stat);

/** Owner read and write only: the file holds token hashes and everything else of the fake. */
const FILE_MODE = 0o600;

/** Options of a state file. */
export interface StateFileOptions {
  /**
   * Rewrite the file as one image once the changes appended after the image reach this many bytes (and the
   * image's own size). @default 8 MiB
   */
  compactAfterBytes?: number;
  /** Called before every fsync (tests count them, or hold one to see that no answer goes out first). */
  beforeSync?: () => void | Promise<void>;
  /**
   * Told once, with why (a StateFileAccessError: the file, the step and the system's reason), if the file cannot be
   * written any more: every write is then refused with a 500 `state_not_saved`.
   */
  onFailure?: (error: Error) => void;
}

interface Pending {
  /** A new image (the bytes of the whole file) or an append. */
  kind: 'image' | 'append';
  chunks: Buffer[];
  /** The seal count this item makes durable. */
  upTo: number;
}

/** A state file, opened: what it held at start, and the sink that keeps the store's changes in it. */
export class StateFile implements ChangeSink {
  /** The contents found at start; `undefined` when there was no file (or an empty one). */
  readonly contents: StateContents | undefined;
  /** No file was there at start: this process creates it (and a start that fails removes it again, see discard()). */
  readonly #new: boolean;
  #fd: number | undefined;
  #store: LedgerStore | undefined;
  #open: StoreChange[] = [];
  #queue: Pending[] = [];
  #sealed = 0;
  #durableUpTo = 0;
  #waiters: Array<{ upTo: number; resolve(): void; reject(error: unknown): void }> = [];
  #writing = false;
  #failure: ApiError | undefined;
  /** An image has been written or queued: from then on units are appended. */
  #started: boolean;
  #imageBytes = 0;
  #logBytes = 0;
  /** The last position of every seed this file has seen; the current seed's is kept up to date. */
  #positions = new Map<string, number[]>();
  /** The current seed's position as last written. */
  #random: string | undefined;

  readonly #lock: StateLock;

  private constructor(
    /** The path as given (what messages name). */
    readonly path: string,
    /** Where the file really is: `path` with every symbolic link followed. */
    readonly target: string,
    lock: StateLock,
    private readonly options: StateFileOptions,
    contents: StateContents | undefined,
    fd: number | undefined,
  ) {
    this.#lock = lock;
    this.contents = contents;
    this.#new = fd === undefined; // an existing file is opened at once, even an empty one
    this.#fd = fd;
    this.#started = contents !== undefined;
    if (contents) {
      this.#imageBytes = contents.batches[0]?.offset ?? contents.validBytes;
      this.#logBytes = contents.validBytes - this.#imageBytes;
    }
  }

  /**
   * Opens FILE: takes its lock (StateFileLockedError when another process keeps it), reads and checks it when it
   * exists (a torn last record is cut off the file; any other damage throws StateFileError naming the byte
   * offset, and the file is left as it is) and opens it for appending, so a file that cannot be written is
   * refused here (StateFileAccessError), not at the first write. Nothing is written yet.
   */
  static open(path: string, options: StateFileOptions = {}): StateFile {
    const target = resolveStatePath(path);
    const lock = StateLock.acquire(path, target); // also proves that the directory takes new files (FILE.tmp)
    try {
      return StateFile.#read(path, target, lock, options);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  static #read(path: string, target: string, lock: StateLock, options: StateFileOptions): StateFile {
    let bytes: Buffer;
    try {
      bytes = readFileSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw accessFailure(path, 'read', 'read it', error);
      return new StateFile(path, target, lock, options, undefined, undefined);
    }
    const contents = bytes.length === 0 ? undefined : parseStateFile(path, bytes); // empty: nothing to lose, start from the scenario
    let fd: number;
    try {
      fd = openSync(target, 'a'); // O_APPEND: every write goes to the end of the file
    } catch (error) {
      throw accessFailure(path, 'open', 'open it for writing', error);
    }
    if (!contents) return new StateFile(path, target, lock, options, undefined, fd);
    try {
      if (contents.torn) {
        ftruncateSync(fd, contents.validBytes); // so the next append follows the last whole record
        fsyncSync(fd);
      }
      if (fstatSync(fd).size !== contents.validBytes)
        throw new StateFileError(path, undefined, 'it changed while it was read');
    } catch (error) {
      closeSync(fd);
      throw error instanceof StateFileError
        ? error
        : accessFailure(path, 'write', 'cut off its unfinished last record', error);
    }
    return new StateFile(path, target, lock, options, contents, fd);
  }

  /** The holder of a lock left by a process that no longer runs, taken over at start (`{}`: an unreadable lock). */
  get lockTakenOver(): Partial<StateLockHolder> | undefined {
    return this.#lock.tookOver;
  }

  /** The unterminated last record dropped at start, if there was one. */
  get dropped(): { offset: number; bytes: number } | undefined {
    return this.contents?.torn;
  }

  /** Puts the file's contents into an empty store (nothing is recorded while doing so). */
  async restoreInto(store: LedgerStore): Promise<void> {
    const contents = this.contents;
    if (!contents) return;
    const at =
      (offset: number, inLog = false) =>
      (reason: string) =>
        new StateFileError(this.path, offset, reason, inLog);
    for (const { table, records, offset } of contents.entities) {
      for (const record of records)
        await guarded(at(offset), () => applyChange(store, { kind: 'put', table, record } as StoreChange));
    }
    for (const { accountId, rows, offset } of contents.rows) {
      const damaged = at(offset);
      for (const row of rows) {
        if (!Array.isArray(row)) throw damaged('a malformed snapshot row');
        const data = decodeRow(row[0], accountId, row[1], row[2], row[3], damaged);
        try {
          store.snapshots.restore(data);
        } catch (error) {
          throw damaged(`a record cannot be applied (${(error as Error).message})`);
        }
      }
    }
    store.snapshots.reserveSeq(contents.nextSnapshotSeq);
    for (const { changes, offset } of contents.batches) {
      const damaged = at(offset, true);
      for (const change of decodeChanges(changes, damaged)) await guarded(damaged, () => applyChange(store, change));
    }
    this.#positions = new Map(contents.random);
    const position = store.seed === undefined ? undefined : contents.random.get(String(store.seed));
    if (position) {
      store.restoreRandomState(position);
      this.#random = JSON.stringify({ seed: String(store.seed), state: position });
    }
  }

  /** Starts keeping `store`'s changes (a new file gets its first image from writeImage(), else with the first unit). */
  attach(store: LedgerStore): void {
    this.#store = store;
    store.attachChangeSink(this);
  }

  /** Writes the attached store as the file's whole image now; settles once it is durable. */
  writeImage(): Promise<void> {
    this.#queueImage();
    return this.durable();
  }

  record(change: StoreChange): void {
    this.#open.push(change);
  }

  seal(): void {
    if (this.#open.length === 0) return;
    const changes = this.#open;
    this.#open = [];
    const cleared = changes.some((change) => change.kind === 'cleared');
    if (cleared || !this.#started) {
      this.#queueImage(); // a reset or scenario load starts the file afresh, as does a new file
      return;
    }
    const bytes = encodeBatch(changes, this.#randomIfMoved());
    this.#sealed++;
    this.#queue.push({ kind: 'append', chunks: [bytes], upTo: this.#sealed });
    this.#logBytes += bytes.length;
    if (this.#logBytes >= Math.max(this.options.compactAfterBytes ?? 8 * 2 ** 20, this.#imageBytes)) this.#queueImage();
    this.#kick();
  }

  durable(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const upTo = this.#sealed;
    if (this.#durableUpTo >= upTo) return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ upTo, resolve, reject }));
  }

  /** Closes the file and releases its lock at once, before anything is kept in it (a start refused early). */
  abandon(): void {
    if (this.#store) throw new Error('a state file keeping a store is closed with close()');
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#lock.release();
  }

  /** Writes what is sealed, stops keeping changes, closes the file and releases its lock. */
  async close(): Promise<void> {
    await this.#close(false);
  }

  /**
   * Closes the file and releases its lock after a start that failed (a port in use): a file this start created is
   * removed first, so the failure leaves nothing behind; a file that was there before is kept as it is.
   */
  async discard(): Promise<void> {
    await this.#close(this.#new);
  }

  async #close(remove: boolean): Promise<void> {
    this.#store?.attachChangeSink(undefined);
    await this.durable().catch(() => undefined);
    if (this.#fd !== undefined) {
      const fd = this.#fd;
      this.#fd = undefined;
      await closeAsync(fd).catch(() => undefined);
    }
    if (remove) await unlinkAsync(this.target).catch(() => undefined); // under the lock still: nobody else has it
    this.#lock.release();
  }

  // The whole store as it is at this instant (between tasks, so no unit is half in it): it replaces
  // everything queued and not yet written.
  #queueImage(): void {
    const store = this.#store;
    if (!store) throw new Error('attach a store before writing an image');
    const random = this.#position();
    if (random) this.#positions.set(random.seed, random.state);
    const chunks = encodeImage(
      {
        entities: ENTITY_TABLES.map((table) => ({ table, records: store[table].all() })),
        rows: store.snapshots.rows(),
        nextSnapshotSeq: store.snapshots.nextSeq,
        random: [...this.#positions].map(([seed, state]) => ({ seed, state })),
      },
      new Date().toISOString(),
    );
    this.#random = random ? JSON.stringify(random) : undefined;
    this.#sealed++;
    this.#started = true;
    this.#queue = [{ kind: 'image', chunks, upTo: this.#sealed }];
    this.#imageBytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    this.#logBytes = 0;
    this.#kick();
  }

  #position(): RandomPosition | undefined {
    const state = this.#store?.randomState();
    return state && { seed: String(this.#store!.seed), state };
  }

  #randomIfMoved(): RandomPosition | undefined {
    const position = this.#position();
    const text = position && JSON.stringify(position);
    if (text === this.#random) return undefined;
    this.#random = text;
    if (position) this.#positions.set(position.seed, position.state);
    return position;
  }

  #kick(): void {
    if (this.#writing || this.#failure) return;
    this.#writing = true;
    // Started on the next turn, so units sealed by requests that arrived together share the first write.
    setImmediate(() => void this.#drain());
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const items = this.#queue;
        this.#queue = [];
        const upTo = items[items.length - 1]!.upTo;
        const chunks = items.flatMap((item) => item.chunks);
        if (items[0]!.kind === 'image') await this.#replace(chunks);
        else await this.#append(chunks);
        this.#durableUpTo = upTo;
        const durable = this.#waiters.filter((waiter) => waiter.upTo <= upTo);
        this.#waiters = this.#waiters.filter((waiter) => waiter.upTo > upTo);
        for (const waiter of durable) waiter.resolve();
      }
    } catch (error) {
      this.#fail(error as Error);
    } finally {
      this.#writing = false;
    }
  }

  async #append(chunks: Buffer[]): Promise<void> {
    const fd = this.#fd!;
    await this.#step('write', 'write to it', () => this.#checkStillThere(fd));
    await this.#step('write', 'write to it', () => writeAll(fd, chunks));
    await this.#step('fsync', 'fsync it', async () => {
      await this.options.beforeSync?.();
      await fdatasyncAsync(fd);
    });
  }

  // The lock keeps other ledger-mocks away, not other programs: an fd whose file was renamed over or removed
  // would take writes that no restart reads, so they are refused (a 500) instead of acknowledged.
  async #checkStillThere(fd: number): Promise<void> {
    const [open, there] = await Promise.all([fstatAsync(fd), statAsync(this.target).catch(() => undefined)]);
    if (!there || there.ino !== open.ino || there.dev !== open.dev) {
      throw new StateFileAccessError(
        this.path,
        'write',
        undefined,
        `cannot write to it: ${this.target} was ${there ? 'replaced' : 'removed'} by another program while this process kept it`,
      );
    }
  }

  async #replace(chunks: Buffer[]): Promise<void> {
    const temp = `${this.target}.tmp`; // beside the target, so the rename stays in one directory (and one file system)
    const step = <T>(operation: StateFileOperation, doing: string, run: () => Promise<T>) =>
      this.#step(operation, doing, run);
    await step('write', `remove an old ${temp}`, () =>
      unlinkAsync(temp).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }),
    );
    // O_APPEND from the start: once renamed, this fd is the file at FILE, and appends continue at its end.
    const fd = await step('open', `create its new image ${temp}`, () => openAsync(temp, 'ax', FILE_MODE));
    try {
      await step('write', `write its new image ${temp}`, async () => {
        await fchmodAsync(fd, FILE_MODE); // whatever the umask
        await writeAll(fd, chunks);
      });
      await step('fsync', `fsync its new image ${temp}`, async () => {
        await this.options.beforeSync?.();
        await fsyncAsync(fd);
      });
      await step('rename', `rename ${temp} over it`, () => renameAsync(temp, this.target));
      await step('fsync', `fsync its directory ${dirname(this.target)}`, () => syncDirectory(dirname(this.target)));
    } catch (error) {
      await closeAsync(fd).catch(() => undefined);
      throw error;
    }
    const old = this.#fd;
    this.#fd = fd;
    if (old !== undefined) await closeAsync(old).catch(() => undefined); // the replaced file: never written again
  }

  /** Runs one step of a write; a failure says which step and why, in words. */
  async #step<T>(operation: StateFileOperation, doing: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw accessFailure(this.path, operation, doing, error);
    }
  }

  #fail(error: Error): void {
    const reason = error instanceof StateFileAccessError ? error.reason : error.message;
    this.#failure = new ApiError(
      500,
      'state_not_saved',
      `ledger-mock could not write its state file ${this.path} (${reason}); changes since the last answer may be lost. Restart it.`,
    );
    for (const waiter of this.#waiters) waiter.reject(this.#failure);
    this.#waiters = [];
    this.options.onFailure?.(error);
  }
}

async function writeAll(fd: number, chunks: Buffer[]): Promise<void> {
  const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  for (let done = 0; done < buffer.length; ) {
    const { bytesWritten } = await writeAsync(fd, buffer, done, buffer.length - done, null);
    done += bytesWritten;
  }
}

async function syncDirectory(path: string): Promise<void> {
  if (process.platform === 'win32') return; // a directory cannot be opened for fsync there; NTFS journals the rename itself
  const fd = await openAsync(path, 'r');
  try {
    await fsyncAsync(fd);
  } finally {
    await closeAsync(fd);
  }
}

async function guarded(damaged: (reason: string) => Error, apply: () => unknown): Promise<void> {
  try {
    await apply();
  } catch (error) {
    throw damaged(`a record cannot be applied (${error instanceof Error ? error.message : String(error)})`);
  }
}
