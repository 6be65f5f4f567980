// `npm run check:package`'s second half, on the package as npm would publish it, packed once: its weight (at most
// MAX_UNPACKED_BYTES unpacked: the sizes and the largest files are printed, and a package above the limit fails), then
// @arethetypeswrong/cli (attw --pack would pack again for each run) under every resolution (attw's strict profile):
// node10 (`module: commonjs`, which finds each entry's types through typesVersions), Node 16+ from ESM and CommonJS, and
// bundlers. ./mocks/vitest is ESM only, as Vitest is: from CommonJS it takes import(), which that one rule alone allows.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The most the package may weigh unpacked (npm's "unpacked size", in its units: 1 MB = 1,000,000 bytes). */
const MAX_UNPACKED_BYTES = 4_000_000;
const LARGEST = 10;

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const kb = (bytes) => `${(bytes / 1e3).toFixed(1)} kB`;

const dir = mkdtempSync(join(tmpdir(), 'check-package-'));
try {
  const packed = execFileSync('npm', ['pack', '--json', '--silent', '--ignore-scripts', '--pack-destination', dir], {
    encoding: 'utf8',
  });
  const { filename, size, unpackedSize, files } = JSON.parse(packed)[0];
  const tarball = join(dir, filename);
  const over = unpackedSize > MAX_UNPACKED_BYTES;
  console.log(
    `${filename}: ${mb(unpackedSize)} unpacked (at most ${mb(MAX_UNPACKED_BYTES)}), ${mb(size)} packed, ${files.length} files`,
  );
  console.log(`The largest ${LARGEST} files:`);
  for (const file of [...files].sort((a, b) => b.size - a.size).slice(0, LARGEST))
    console.log(`  ${kb(file.size).padStart(9)}  ${file.path}`);
  if (over) {
    process.exitCode = 1;
    console.error(
      `The package is ${mb(unpackedSize)} unpacked, above the limit of ${mb(MAX_UNPACKED_BYTES)}: see the largest files above, and CONTRIBUTING.md ("The package's weight").`,
    );
  }
  const attw = (...args) => execFileSync('npx', ['attw', tarball, '--format', 'table', ...args], { stdio: 'inherit' });
  attw('--exclude-entrypoints', './mocks/vitest');
  attw('--entrypoints', './mocks/vitest', '--ignore-rules', 'cjs-resolves-to-esm');
} catch (error) {
  process.exitCode = 1;
  if (error.status === undefined) console.error(error.message); // attw printed its own report; anything else is said here
} finally {
  rmSync(dir, { recursive: true, force: true });
}
