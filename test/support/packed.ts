// The package as npm would publish it: `npm pack` of the built dist/, once per test run, shared by every test that
// installs or unpacks it (test/package, test/browser, test/docs).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { oncePerRun } from './once-per-run.js';
import { ROOT } from './root.js';

/** The path of the packed tarball (`personal-ledger-sdk-<version>.tgz`), packed once per run. Never modify it. */
export function packedTarball(runDir?: string): Promise<string> {
  return oncePerRun(
    'packed-tarball',
    async (dir) => {
      const { stdout } = await promisify(execFile)(
        'npm',
        ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir],
        { cwd: ROOT, timeout: 120_000 },
      );
      return join(dir, stdout.trim().split('\n').pop()!);
    },
    runDir,
  );
}
