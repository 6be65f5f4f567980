// One process per state file: FILE.lock, beside the file, names the process that keeps it. Created with O_EXCL
// ('wx') so two starts cannot both create it; it holds the pid, host, boot and start time, so a lock left by a
// process that no longer runs (kill -9, a crash, a reboot) is recognised and taken over. Node 20 has no flock()
// and this package has no native code, hence a file. Taking over is the one racy step (two starts may find the
// same dead lock): it is done under FILE.lock.takeover, itself created with O_EXCL, and replaces the lock (a rename
// over it) only if it still holds the very text judged dead, so the lock file is never absent on the way: no other
// start can create it between the dead one and the new one, and the start that took it over is the one that holds
// it (and says so). Everything here is synchronous: createLedgerMockServer refuses at once.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { accessFailure, StateFileAccessError } from './state-errors';
import { StateFileError } from './state-format';

/** Who holds (or held) a state file's lock, as its lock file says. */
export interface StateLockHolder {
  pid: number;
  hostname: string;
  /** When that process took the lock (ISO 8601). */
  startedAt: string;
}

/** The state file is kept by another process (or another server in this one): `holder` says which. */
export class StateFileLockedError extends StateFileError {
  override readonly name = 'StateFileLockedError';

  constructor(
    file: string,
    /** The lock file that names the holder. */
    readonly lockFile: string,
    readonly holder: StateLockHolder,
    /** `running`: on this host, and running; `elsewhere`: on another host, whose processes this one cannot see. */
    readonly seen: 'running' | 'elsewhere',
  ) {
    super(file, undefined, lockedReason(lockFile, holder, seen));
  }
}

function lockedReason(lockFile: string, holder: StateLockHolder, seen: 'running' | 'elsewhere'): string {
  const since = `since ${holder.startedAt}`;
  if (seen === 'elsewhere') {
    return `it is in use by pid ${holder.pid} on host ${holder.hostname} (${since}), and this host cannot tell whether that process still runs. If it does not, remove ${lockFile}`;
  }
  if (holder.pid === process.pid)
    return `it is in use by another server in this process (pid ${holder.pid}, ${since}); close that one first`;
  return `it is in use by another ledger-mock, pid ${holder.pid} (${since}). Stop that process first, or use another state file. (If pid ${holder.pid} is not a ledger-mock, its number was reused: remove ${lockFile}.)`;
}

interface LockText {
  pid: number;
  hostname: string;
  started_at: string;
  /** Linux's id of the current boot: a lock from an earlier boot is dead whatever its pid is now. */
  boot_id?: string;
  /** Tells this process's lock from any other, even one with the same pid. */
  nonce: string;
}

/**
 * The locks this process holds (lock path to nonce); removed at exit if close() was not called. Kept on
 * globalThis under a registered symbol, so two copies of this module in one process (the ESM and the CJS build)
 * share it. (Worker threads do not share it: a worker's lock looks like one left by an earlier process.)
 */
const LOCKS_KEY = Symbol.for('personal-ledger-sdk.state-locks');
const globals = globalThis as Record<symbol, unknown>;
globals[LOCKS_KEY] ??= new Map<string, string>();
const held = globals[LOCKS_KEY] as Map<string, string>;
let exitHook = false;

/** A lock older than this that cannot be read was left half-written by a process that died creating it. */
const UNREADABLE_GRACE_MS = 1000;
/** How long to wait for other processes that are taking over the same dead lock. */
const TAKEOVER_WAIT_MS = 5000;

/** A state file's lock, held until release() (or the process's exit). */
export class StateLock {
  private constructor(
    /** The lock file: `<state file>.lock`. */
    readonly path: string,
    private readonly nonce: string,
    /** The dead holder whose lock was taken over; `{}` when its lock file could not be read. */
    readonly tookOver: Partial<StateLockHolder> | undefined,
  ) {}

  /**
   * Takes the lock of the state file at `target` (its resolved path; `file` is the path as given, for messages).
   * Throws StateFileLockedError when a running process holds it, StateFileAccessError when the lock file cannot be
   * created or read.
   */
  static acquire(file: string, target: string): StateLock {
    const path = `${target}.lock`;
    const mine: LockText = {
      pid: process.pid,
      hostname: hostname(),
      started_at: new Date().toISOString(),
      ...(bootId() ? { boot_id: bootId() } : {}),
      nonce: randomBytes(12).toString('hex'),
    };
    const text = `${JSON.stringify(mine)}\n`;
    const deadline = Date.now() + TAKEOVER_WAIT_MS;
    let tookOver: Partial<StateLockHolder> | undefined;
    for (;;) {
      if (createExclusive(file, path, text, 'create its lock file')) break;
      const found = readLock(file, path); // undefined: released since, so try again at once
      if (found) {
        const verdict = judge(found, path);
        if (verdict === 'running' || verdict === 'elsewhere')
          throw new StateFileLockedError(file, path, holderOf(found.lock!), verdict);
        if (verdict === 'stale' && replaceDead(file, path, found.text, text, mine.nonce)) {
          tookOver = found.lock ? holderOf(found.lock) : {};
          break;
        }
      }
      if (Date.now() > deadline) {
        throw new StateFileAccessError(
          file,
          'lock',
          undefined,
          `cannot take its lock file ${path}: it was being written or taken over by other processes for ${TAKEOVER_WAIT_MS / 1000} s`,
        );
      }
      if (found) pause(10); // a lock being written, or another start taking the same dead lock over
    }
    held.set(path, mine.nonce);
    if (!exitHook) {
      exitHook = true;
      // A normal exit, process.exit() on a signal, or an uncaught exception: the lock goes with the process.
      process.on('exit', () =>
        held.forEach((nonce, lock) => {
          removeIfMine(lock, nonce);
        }),
      );
    }
    return new StateLock(path, mine.nonce, tookOver);
  }

  /** Removes the lock file (if it is still this lock's); later calls do nothing. */
  release(): void {
    if (held.get(this.path) !== this.nonce) return;
    held.delete(this.path);
    removeIfMine(this.path, this.nonce);
  }
}

/** Creates `path` holding `text` unless it exists (O_CREAT | O_EXCL): `false` when it does. */
function createExclusive(file: string, path: string, text: string, doing: string): boolean {
  try {
    writeFileSync(path, text, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw accessFailure(file, 'lock', `${doing} ${path}`, error);
  }
}

interface FoundLock {
  text: string;
  /** Undefined when the text is not a whole lock (being written, or left half-written). */
  lock: LockText | undefined;
  /** When the file was last written (ms). */
  writtenAt: number;
}

function readLock(file: string, path: string): FoundLock | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    return { text, lock: parseLock(text), writtenAt: statSync(path).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw accessFailure(file, 'lock', `read its lock file ${path}`, error);
  }
}

function parseLock(text: string): LockText | undefined {
  try {
    const lock = JSON.parse(text) as LockText;
    // A positive integer only: process.kill(0 or -1, 0) would ask about whole process groups.
    const ok =
      Number.isSafeInteger(lock?.pid) &&
      lock.pid > 0 &&
      typeof lock.hostname === 'string' &&
      typeof lock.started_at === 'string' &&
      typeof lock.nonce === 'string';
    return ok ? lock : undefined;
  } catch {
    return undefined;
  }
}

function holderOf(lock: LockText): StateLockHolder {
  return { pid: lock.pid, hostname: lock.hostname, startedAt: lock.started_at };
}

/**
 * `running`: the holder is alive (or may be: a pid that exists, even another user's); `elsewhere`: another host's;
 * `stale`: it is dead; `wait`: a lock being written right now.
 */
function judge(found: FoundLock, path: string): 'running' | 'elsewhere' | 'stale' | 'wait' {
  const lock = found.lock;
  if (!lock) return Date.now() - found.writtenAt > UNREADABLE_GRACE_MS ? 'stale' : 'wait';
  if (lock.hostname !== hostname()) return 'elsewhere';
  if (lock.boot_id !== undefined && bootId() !== undefined && lock.boot_id !== bootId()) return 'stale';
  // Our own pid: held by this process, or left by an earlier one that had the same pid (a restarted container).
  if (lock.pid === process.pid) return held.get(path) === lock.nonce ? 'running' : 'stale';
  return processRuns(lock.pid) ? 'running' : 'stale';
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, but is another user's
  }
  return !isZombie(pid);
}

/** A process killed but not yet reaped by its parent still answers signal 0; Linux tells it by its state. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return false;
  }
}

/**
 * Replaces the dead lock whose text is `dead` with `mine`, under the takeover lock, so that of two starts that judged
 * the same lock dead, the second cannot replace the lock the first has just taken. The new lock is written beside it
 * and renamed over it: the lock file exists all along, so no start creates one in between. `true` when the lock is
 * now this start's.
 */
function replaceDead(file: string, path: string, dead: string, mine: string, nonce: string): boolean {
  const takeover = `${path}.takeover`;
  if (!createExclusive(file, takeover, mine, 'create the takeover lock')) {
    // Another start is taking over this moment, or died doing so (then its takeover lock is dead too, and goes:
    // the one window left open is two starts finding that, after such a crash, at the same instant).
    const other = readLock(file, takeover);
    if (other && judge(other, takeover) === 'stale') removeIfText(takeover, other.text);
    return false;
  }
  const fresh = `${path}.${nonce}`;
  try {
    if (!holdsText(path, dead)) return false; // taken over or released since it was judged
    if (!createExclusive(file, fresh, mine, 'write its new lock file')) return false;
    try {
      renameSync(fresh, path);
    } catch (error) {
      removeIfText(fresh, mine);
      throw accessFailure(file, 'lock', `replace its lock file ${path}`, error);
    }
    return true;
  } finally {
    removeIfText(takeover, mine);
  }
}

/** True when the file at `path` holds exactly `text` (false when it is gone). */
function holdsText(path: string, text: string): boolean {
  try {
    return readFileSync(path, 'utf8') === text;
  } catch {
    return false;
  }
}

function removeIfText(path: string, text: string): boolean {
  try {
    if (readFileSync(path, 'utf8') !== text) return false;
    unlinkSync(path);
    return true;
  } catch {
    return false; // gone already
  }
}

function removeIfMine(path: string, nonce: string): void {
  try {
    if (parseLock(readFileSync(path, 'utf8'))?.nonce === nonce) unlinkSync(path);
  } catch {
    // gone already, or unreadable: nothing of ours to remove
  }
}

let boot: string | null | undefined;
function bootId(): string | undefined {
  if (boot === undefined) {
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      boot = null; // not Linux: the pid alone decides
    }
  }
  return boot ?? undefined;
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
