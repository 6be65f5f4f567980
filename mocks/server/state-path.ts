// Where a state file really is. A symbolic link is written through: the lock, the new image and its rename go
// to the link's target, in the target's directory, so the link stays a link and two paths to one file share a lock.
import { readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { accessFailure, StateFileAccessError } from './state-errors';

/** At most this many links are followed to a file that does not exist yet (as the kernel's ELOOP limit). */
const MAX_LINKS = 40;

/**
 * The absolute path of the file `file` names, every symbolic link followed. A file that does not exist yet
 * (or a link to one) resolves to its place in its directory, which must exist.
 */
export function resolveStatePath(file: string): string {
  let path = resolve(file);
  for (let links = 0; links <= MAX_LINKS; links++) {
    try {
      return realpathSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw accessFailure(file, 'resolve', 'resolve its path', error);
    }
    const link = readLink(path);
    if (link === undefined) return placeInDirectory(file, path);
    path = resolve(dirname(path), link); // a link to a file not created yet: the file is created where it points
  }
  throw new StateFileAccessError(
    file,
    'resolve',
    'ELOOP',
    `cannot resolve its path: more than ${MAX_LINKS} symbolic links`,
  );
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined; // not there, or not a link
  }
}

function placeInDirectory(file: string, path: string): string {
  const directory = dirname(path);
  let real: string;
  try {
    real = realpathSync(directory);
  } catch (error) {
    throw accessFailure(file, 'resolve', `create it in ${directory}`, error);
  }
  if (!statSync(real).isDirectory()) {
    throw new StateFileAccessError(
      file,
      'resolve',
      'ENOTDIR',
      `cannot create it in ${directory}: that is not a directory (ENOTDIR)`,
    );
  }
  return join(real, basename(path));
}
