// Whether dist/ is what `npm run build` would make now: every output the tests use exists and is newer than every
// file it is built from. By modification times, the way make decides; a checkout or an edit makes a source newer.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: the sources of every entry and bin, and the files that configure it. */
const INPUTS = [
  'src',
  'mocks',
  'statements',
  'sync',
  'parity',
  'reading',
  'openapi.json',
  'package.json',
  'tsup.config.ts',
  'tsconfig.json',
  'tsconfig.types.json',
];
/** One output of each of tsup's builds (tsup.config.ts): each is rewritten whenever the build runs. */
const OUTPUTS = [
  'dist/index.js',
  'dist/index.d.ts',
  'dist/mocks/index.js',
  'dist/mocks/vitest.js',
  'dist/mocks/matchers.js',
  'dist/parity/index.js',
  'dist/statements/index.js',
  'dist/bin/ledger-mock.js',
  'dist/bin/ledger-parity.js',
  'dist/bin/ledger-sync.js',
];

/** Undefined when dist/ is up to date; otherwise why not, in words (`is missing dist/bin/ledger-sync.js`). */
export function distStaleness(root: string): string | undefined {
  let oldest = Infinity;
  for (const output of OUTPUTS) {
    const time = mtimeOf(join(root, output));
    if (time === undefined) return `is missing ${output}`;
    oldest = Math.min(oldest, time);
  }
  const newer = newestInput(root);
  return newer.time > oldest ? `is older than ${newer.path}` : undefined;
}

function newestInput(root: string): { path: string; time: number } {
  let newest = { path: '', time: -Infinity };
  const visit = (relative: string) => {
    const path = join(root, relative);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(relative, entry));
    } else if (stat.mtimeMs > newest.time) newest = { path: relative, time: stat.mtimeMs };
  };
  for (const input of INPUTS) visit(input);
  return newest;
}

function mtimeOf(path: string): number | undefined {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs;
}
