// The files of the repository as git sees them: tracked, and new ones it does not ignore.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The files git tracks in `root`, and new ones it does not ignore, that exist on disk (paths with `/`). */
export function repositoryFiles(root: string): Set<string> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  return new Set(listed.split('\0').filter((file) => file !== '' && existsSync(join(root, file))));
}
