// vitest globalSetup: the tests that start the package's bins or pack it use dist/, so dist/ is built before any of
// them runs when it is missing or older than a source it is built from. `npm test` has just built it (no work here);
// `npx vitest run <file>` after an edit rebuilds it once, instead of testing yesterday's build.
import { execFileSync } from 'node:child_process';
import { distStaleness } from './dist-freshness';
import { ROOT } from './root';

export default function buildDist(): void {
  const why = distStaleness(ROOT);
  if (why === undefined) return;
  console.log(`dist/ ${why}: building it (npm run build) before the tests`);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const still = distStaleness(ROOT);
  if (still !== undefined) throw new Error(`npm run build ran, but dist/ ${still}`);
}
