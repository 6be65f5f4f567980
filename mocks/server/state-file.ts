// `ledger-mock --state FILE`: the store's changes kept in a file, so the data outlives the process and a kill.
// The file is an image of the store followed by one record per group commit (see state-format.ts). Every
// sealed unit of changes is appended and fdatasync'd before store.durable() settles, and answers wait for that;
// units sealed while a write is running go out together in the next one (group commit: one fsync for many).
// A reset or scenario load ("cleared"), or a log grown past the image, rewrites the file as a new image:
// written to FILE.tmp (mode 0600), fsync'd, renamed over FILE, and the directory fsync'd.
import { accessSync, closeSync, constants, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, statSync } from 'node:fs';
import { close, fchmod, fdatasync, fsync, open, rename, unlink, write } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { ApiError } from '../errors';
import type { LedgerStore } from '../store/ledger-store';
import { applyChange, ENTITY_TABLES, type ChangeSink, type StoreChange } from '../store/store-changes';
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

const openAsync = promisify(open);
const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);
const fsyncAsync = promisify(fsync);
const fchmodAsync = promisify(fchmod);
const renameAsync = promisify(rename);
const unlinkAsync = promisify(unlink);
const closeAsync = promisify(close);

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
  /** Told once if the file cannot be written any more (every answer is then a 500 `state_not_saved`). */
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

  private constructor(
    readonly path: string,
    private readonly options: StateFileOptions,
    contents: StateContents | undefined,
    fd: number | undefined,
  ) {
    this.contents = contents;
    this.#fd = fd;
    this.#started = contents !== undefined;
    if (contents) {
      this.#imageBytes = contents.batches[0]?.offset ?? contents.validBytes;
      this.#logBytes = contents.validBytes - this.#imageBytes;
    }
  }

  /**
   * Opens FILE: reads and checks it when it exists (a torn last record is cut off the file; any other damage
   * throws StateFileError naming the byte offset, and the file is left as it is). Nothing is written yet.
   */
  static open(path: string, options: StateFileOptions = {}): StateFile {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new StateFileError(path, undefined, `cannot read it: ${(error as Error).message}`);
      checkCreatable(path);
      return new StateFile(path, options, undefined, undefined);
    }
    if (bytes.length === 0) return new StateFile(path, options, undefined, undefined); // nothing to lose: start from the scenario
    const contents = parseStateFile(path, bytes);
    const fd = openSync(path, 'a'); // O_APPEND: every write goes to the end
    try {
      if (contents.torn) {
        ftruncateSync(fd, contents.validBytes); // so the next append follows the last whole record
        fsyncSync(fd);
      }
      if (fstatSync(fd).size !== contents.validBytes) throw new StateFileError(path, undefined, 'it changed while it was read');
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    return new StateFile(path, options, contents, fd);
  }

  /** The unterminated last record dropped at start, if there was one. */
  get dropped(): { offset: number; bytes: number } | undefined {
    return this.contents?.torn;
  }

  /** Puts the file's contents into an empty store (nothing is recorded while doing so). */
  async restoreInto(store: LedgerStore): Promise<void> {
    const contents = this.contents;
    if (!contents) return;
    const at = (offset: number, inLog = false) => (reason: string) => new StateFileError(this.path, offset, reason, inLog);
    for (const { table, records, offset } of contents.entities) {
      for (const record of records) await guarded(at(offset), () => applyChange(store, { kind: 'put', table, record } as StoreChange));
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

  /** Starts keeping `store`'s changes. When the file did not exist, its first image is written with the next unit. */
  attach(store: LedgerStore): void {
    this.#store = store;
    store.attachChangeSink(this);
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

  /** Writes what is sealed, stops keeping changes and closes the file. */
  async close(): Promise<void> {
    this.#store?.attachChangeSink(undefined);
    await this.durable().catch(() => undefined);
    if (this.#fd !== undefined) {
      const fd = this.#fd;
      this.#fd = undefined;
      await closeAsync(fd);
    }
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
        this.#waiters = this.#waiters.filter((waiter) => (waiter.upTo <= upTo ? (waiter.resolve(), false) : true));
      }
    } catch (error) {
      this.#fail(error as Error);
    } finally {
      this.#writing = false;
    }
  }

  async #append(chunks: Buffer[]): Promise<void> {
    const fd = this.#fd!;
    await writeAll(fd, chunks);
    await this.options.beforeSync?.();
    await fdatasyncAsync(fd);
  }

  async #replace(chunks: Buffer[]): Promise<void> {
    const temp = `${this.path}.tmp`;
    await unlinkAsync(temp).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    const fd = await openAsync(temp, 'wx', FILE_MODE);
    try {
      await fchmodAsync(fd, FILE_MODE); // whatever the umask
      await writeAll(fd, chunks);
      await this.options.beforeSync?.();
      await fsyncAsync(fd);
      await renameAsync(temp, this.path);
      await syncDirectory(dirname(this.path));
    } catch (error) {
      await closeAsync(fd).catch(() => undefined);
      throw error;
    }
    const old = this.#fd;
    this.#fd = fd; // the renamed file: appends continue at its end
    if (old !== undefined) await closeAsync(old).catch(() => undefined);
  }

  #fail(error: Error): void {
    this.#failure = new ApiError(
      500,
      'state_not_saved',
      `ledger-mock could not write its state file ${this.path} (${error.message}); changes since the last answer may be lost. Restart it.`,
    );
    for (const waiter of this.#waiters) waiter.reject(this.#failure);
    this.#waiters = [];
    this.options.onFailure?.(this.#failure);
  }
}

/** A new file is written next to where it goes, then renamed: its directory must exist and be writable. */
function checkCreatable(path: string): void {
  const directory = dirname(path);
  try {
    if (!statSync(directory).isDirectory()) throw new Error(`${directory} is not a directory`);
    accessSync(directory, constants.W_OK);
  } catch (error) {
    throw new StateFileError(path, undefined, `cannot create it: ${(error as Error).message}`);
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
