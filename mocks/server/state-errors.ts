// Why a state file cannot be used, in words: which file, what was being done to it, and what the system said.
// One home for these messages, so no file error reaches a user as a bare "EACCES".
import { StateFileError } from './state-format';

/** What was being done to a state file (or its lock or new image) when the system refused. */
export type StateFileOperation = 'resolve' | 'lock' | 'open' | 'read' | 'write' | 'fsync' | 'rename';

/** The state file could not be opened, read, locked or written: `operation` says which, `code` the errno. */
export class StateFileAccessError extends StateFileError {
  override readonly name = 'StateFileAccessError';

  constructor(
    file: string,
    readonly operation: StateFileOperation,
    readonly code: string | undefined,
    /** What failed, without the file's name: `cannot open it for writing: permission denied (EACCES)`. */
    readonly reason: string,
  ) {
    super(file, undefined, reason);
  }
}

/** The errno codes a state file meets, in words (libuv's own texts are terse: "illegal operation on a directory"). */
const ERRNO_WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EIO: 'input/output error, the disk or file system failed',
  EMFILE: 'too many open files in this process',
  ENFILE: 'too many open files on this system',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many levels of symbolic links',
  EBUSY: 'the file is busy',
  EXDEV: 'the new image and the file are on different file systems',
  EFBIG: 'the file is too large',
  EINVAL: 'the file system does not support this operation',
};

/** `permission denied (EACCES)`: the errno in words and its code; the error's own message when it has no code. */
export function errnoInWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string') {
    const words = ERRNO_WORDS[code] ?? /^[A-Z0-9]+: ([^,]+)/.exec((error as Error).message)?.[1] ?? 'system error';
    return `${words} (${code})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** `state file FILE: cannot <doing>: permission denied (EACCES)`, as a StateFileAccessError. */
export function accessFailure(
  file: string,
  operation: StateFileOperation,
  doing: string,
  error: unknown,
): StateFileAccessError {
  if (error instanceof StateFileAccessError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new StateFileAccessError(
    file,
    operation,
    typeof code === 'string' ? code : undefined,
    `cannot ${doing}: ${errnoInWords(error)}`,
  );
}
