// The file that keeps the Access URL: created owner-only (mode 600) before anything is written to it, never
// overwritten unless asked (--force), and never printed. The URL is written to a new temporary file beside it first
// and then moved into place, so the file is never half-written.
import { randomBytes } from 'node:crypto';
import { link, lstat, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SetupError } from '../errors';
import { fileProblem, say, type Output } from '../io';
import { accessPointOf, AddressError, type AccessPoint } from './address';

/** The longest access file read: an Access URL is a line of text. */
const MAX_FILE_BYTES = 64 * 1024;

/** A temporary owner-only file beside `path`, ready for the URL: made before the token is claimed, to learn early that the folder is writable. */
export interface PendingAccessFile {
  /** Writes `url` and moves it to `path` (over an old file only with `force`). */
  commit(url: string): Promise<void>;
  /** Removes the temporary file (nothing was claimed). */
  discard(): Promise<void>;
}

/**
 * Checks that `path` can be written (it must not exist, unless `force`; never a folder) and creates the temporary
 * file, mode 600. Throws SetupError before anything is claimed.
 */
export async function prepareAccessFile(path: string, force: boolean): Promise<PendingAccessFile> {
  const existing = await lstat(path).catch(() => undefined); // a dangling link counts: it must not be written through
  if (existing?.isDirectory()) {
    throw new SetupError(
      `--out ${path} is a folder: give the name of a file to create, such as ${join(path, 'simplefin-access')}; nothing was claimed`,
    );
  }
  if (!force && existing) {
    throw new SetupError(
      `${path} exists already: nothing was claimed. Give another file, or --force to replace it (the Access URL in it then stops being kept here)`,
    );
  }
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle;
  try {
    // 'wx': a new file, never one that exists (nor a link planted there); 0o600 before a byte is in it.
    handle = await open(temporary, 'wx', 0o600);
    await handle.chmod(0o600); // in case a umask or a file system gave more
  } catch (error) {
    await handle?.close();
    throw new SetupError(
      `--out ${path}: cannot create a file in ${dirname(path)}: ${fileProblem(error)}; nothing was claimed`,
    );
  }
  const file = handle;
  return {
    async commit(url) {
      try {
        await file.writeFile(`${url}\n`, 'utf8');
        await file.sync();
        await file.close();
        if (force) await rename(temporary, path);
        else {
          await link(temporary, path); // fails if the file appeared meanwhile: never overwritten without --force
          await unlink(temporary);
        }
      } catch (error) {
        await file.close().catch(() => undefined);
        await unlink(temporary).catch(() => undefined);
        throw new Error(
          `the Access URL was claimed but could not be stored in ${path} (${(error as NodeJS.ErrnoException).code ?? 'write failed'}); the token is used up: create a new one at the Bridge and claim it again`,
        );
      }
    },
    async discard() {
      await file.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
    },
  };
}

/**
 * Reads the Access URL from `path`. Warns on `warn` when other users of the machine may read the file. Throws
 * SetupError (never quoting the content) when the file cannot be read or holds no Access URL.
 */
export async function readAccessFile(path: string, warn: Output): Promise<AccessPoint> {
  if (path.includes('://'))
    throw new SetupError(
      '--access-file takes the name of the file that holds the Access URL, not the URL itself (value not shown): put the URL in SIMPLEFIN_ACCESS_URL or in a file',
    );
  let text: string;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new SetupError(`--access-file ${path} is not a file`);
    if (info.size > MAX_FILE_BYTES)
      throw new SetupError(`--access-file ${path} is ${info.size} bytes: an access file holds one URL`);
    if ((info.mode & 0o077) !== 0)
      say(
        warn,
        `Warning: ${path} can be read by other users of this machine; it holds your SimpleFIN credentials: chmod 600 ${path}`,
      );
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof SetupError) throw error;
    throw new SetupError(`cannot read --access-file ${path}: ${fileProblem(error)}`);
  }
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length !== 1)
    throw new SetupError(
      `--access-file ${path} must hold one line, the Access URL that \`ledger-sync simplefin claim\` stores (it has ${lines.length}; content not shown)`,
    );
  return pointOrSetupError(lines[0]!, path);
}

/** An Access URL from the environment or a file, as an access point; a bad one is SetupError. */
export function pointOrSetupError(text: string, where: string): AccessPoint {
  try {
    return accessPointOf(text, where);
  } catch (error) {
    if (error instanceof AddressError) throw new SetupError(error.message);
    throw error;
  }
}
