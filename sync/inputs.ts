// The files a run reads: the paths given, and every file inside a folder given (recursively, in name order, hidden
// files left out). A path that cannot be read is refused with the reason, and the others are still read.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A file that could not be used at all: nothing in it was read. */
export interface RefusedFile {
  /** The path as given on the command line (or found in a folder given). */
  file: string;
  reason: string;
}

/** Files larger than this are refused: statement files are far smaller, and reading one takes about 10 times its size. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/** The files to read, in order, and the paths refused. */
export async function expandInputs(paths: readonly string[]): Promise<{ files: string[]; refused: RefusedFile[] }> {
  const files: string[] = [];
  const refused: RefusedFile[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch (error) {
      refused.push({ file: path, reason: `cannot read it: ${(error as Error).message}` });
      continue;
    }
    if (!isFolder) files.push(path);
    else {
      const inside = await filesIn(path);
      if (inside.length === 0) refused.push({ file: path, reason: 'a folder with no file in it' });
      files.push(...inside);
    }
  }
  return { files, refused };
}

async function filesIn(folder: string): Promise<string[]> {
  const entries = (await readdir(folder, { withFileTypes: true })).filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : 1));
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await filesIn(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** A file's bytes, or why it cannot be read. */
export async function readInput(file: string): Promise<Uint8Array | RefusedFile> {
  try {
    const size = (await stat(file)).size;
    if (size > MAX_FILE_BYTES) return { file, reason: `it is ${Math.round(size / 1024 / 1024)} MB, over the ${MAX_FILE_BYTES / 1024 / 1024} MB a statement file may be` };
    return await readFile(file); // a Buffer is a Uint8Array: not copied
  } catch (error) {
    return { file, reason: `cannot read it: ${(error as Error).message}` };
  }
}
