// `npm run check:package`'s second half: @arethetypeswrong/cli on the package as npm would publish it, packed once
// (attw --pack packs again for each run): every entry but ./mocks/vitest as Node 16+ resolves it from ESM and
// CommonJS, and ./mocks/vitest with the esm-only profile (importing it from CommonJS needs import(), as Vitest does).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'check-package-'));
try {
  const name = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop();
  const tarball = join(dir, name);
  const attw = (...args) => execFileSync('npx', ['attw', tarball, '--format', 'table', ...args], { stdio: 'inherit' });
  attw('--profile', 'node16', '--exclude-entrypoints', './mocks/vitest');
  attw('--profile', 'esm-only', '--entrypoints', './mocks/vitest');
} catch (error) {
  process.exitCode = 1;
  if (error.status === undefined) console.error(error.message); // attw printed its own report; anything else is said here
} finally {
  rmSync(dir, { recursive: true, force: true });
}
