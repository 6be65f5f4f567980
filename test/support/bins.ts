// The package's commands as a user runs them once installed: the built bins of dist/ (tsup's output, built before the
// run by ./build-dist.ts), started with plain node. No compile per process, as through tsx.
import { join } from 'node:path';
import { ROOT } from './root';

/** The commands of package.json `bin`. */
export type BinName = 'ledger-mock' | 'ledger-parity' | 'ledger-sync';

/** The built bin's path, `<root>/dist/bin/<name>.js`: start it with `process.execPath`. */
export function binPath(name: BinName): string {
  return join(ROOT, 'dist', 'bin', `${name}.js`);
}
