// The files a run reads: the paths given, and every file inside a folder given (recursively, in name order, hidden
// files left out, symbolic links followed). A path that cannot be read is refused with the reason, and the others
// are still read; nothing but a regular file is ever opened (a named pipe would wait for a writer forever).
import type { Stats } from 'node:fs';
import { readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileProblem } from './io';

/** A file that could not be used at all: nothing in it was read. */
export interface RefusedFile {
  /** The path as given on the command line (or found in a folder given). */
  file: string;
  reason: string;
}

/** Files larger than this are refused: statement files are far smaller, and reading one takes about 10 times its size. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/**
 * The files to read, in order, and the paths refused. A path that is not a folder is a file: readInput says why it
 * cannot be read. `leaveOut` (the --mapping file) is not read when found inside a folder given: it is no statement.
 */
export async function expandInputs(
  paths: readonly string[],
  leaveOut: readonly string[] = [],
): Promise<{ files: string[]; refused: RefusedFile[] }> {
  const files: string[] = [];
  const refused: RefusedFile[] = [];
  const left = new Set(await Promise.all(leaveOut.map((path) => realpath(path).catch(() => path))));
  for (const path of paths) {
    if (!(await isFolder(path))) {
      files.push(path);
      continue;
    }
    const before = refused.length;
    const found = await filesIn(path, [await realpath(path)], refused);
    const inside =
      left.size === 0
        ? found
        : await filterAsync(found, async (file) => !left.has(await realpath(file).catch(() => file)));
    if (inside.length === 0 && refused.length === before)
      refused.push({
        file: path,
        reason: found.length > 0 ? 'a folder with no file in it but the --mapping file' : 'a folder with no file in it',
      });
    files.push(...inside);
  }
  return { files, refused };
}

async function filterAsync<T>(items: readonly T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const kept = await Promise.all(items.map(keep));
  return items.filter((_, i) => kept[i]);
}

/** True for a folder or a link to one. */
async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

/** The files below `folder`; `above` holds the real paths of the folders being read, so a link back to one is not followed. */
async function filesIn(folder: string, above: readonly string[], refused: RefusedFile[]): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    refused.push({ file: folder, reason: `cannot read the folder: ${fileProblem(error)}` });
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() || (entry.isSymbolicLink() && (await isFolder(path)))) {
      const real = await realpath(path);
      if (above.includes(real))
        refused.push({ file: path, reason: `a link to ${real}, a folder it is in (a loop): not followed` });
      else files.push(...(await filesIn(path, [...above, real], refused)));
    } else {
      files.push(path); // a file, a link to one, or what readInput refuses (a dangling link, a named pipe)
    }
  }
  return files;
}

/** A file's bytes, or why it cannot be read. Only a regular file is opened. */
export async function readInput(file: string): Promise<Uint8Array | RefusedFile> {
  let info: Stats;
  try {
    info = await stat(file);
  } catch (error) {
    const target =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? await readlink(file).catch(() => undefined) : undefined;
    return {
      file,
      reason:
        target !== undefined
          ? `a symbolic link to ${target}, which does not exist`
          : `cannot read it: ${fileProblem(error)}`,
    };
  }
  if (!info.isFile()) return { file, reason: `not a regular file (${kindOf(info)}): not opened` };
  if (info.size === 0) return { file, reason: 'the file is empty (0 bytes)' };
  if (info.size > MAX_FILE_BYTES)
    return {
      file,
      reason: `it is ${Math.round(info.size / 1024 / 1024)} MB, over the ${MAX_FILE_BYTES / 1024 / 1024} MB a statement file may be`,
    };
  try {
    return await readFile(file); // a Buffer is a Uint8Array: not copied
  } catch (error) {
    return { file, reason: `cannot read it: ${fileProblem(error)}` };
  }
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'a folder';
}
