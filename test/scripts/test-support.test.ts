// The suite's own machinery: when dist/ counts as stale (test/support/dist-freshness.ts, which decides whether the run
// builds it first) and which files `npm run test:quick` runs (scripts/repeat/luck-files.ts quickFiles).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { quickFiles } from '../../scripts/repeat/luck-files';
import { distStaleness } from '../support/dist-freshness';
import { ROOT } from '../support/root';

const OUTPUTS = [
  'index.js',
  'index.d.ts',
  'mocks/index.js',
  'mocks/vitest.js',
  'mocks/matchers.js',
  'parity/index.js',
  'statements/index.js',
  'bin/ledger-mock.js',
  'bin/ledger-parity.js',
  'bin/ledger-sync.js',
];
let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A repository with one source file and every output, the outputs written at `builtAt` and the source at `editedAt`. */
function repo(editedAt: number, builtAt: number): string {
  const root = mkdtempSync(join(tmpdir(), 'dist-freshness-'));
  roots.push(root);
  const write = (file: string, at: number) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '');
    utimesSync(join(root, file), at, at);
  };
  write('sync/cli.ts', editedAt);
  for (const output of OUTPUTS) write(`dist/${output}`, builtAt);
  return root;
}

describe('dist/ is rebuilt before a run when it is stale', () => {
  it('is up to date when every output is newer than every source', () => {
    expect(distStaleness(repo(1_000, 2_000))).toBeUndefined();
  });

  it('is stale when a source was changed after the build, and names the source', () => {
    expect(distStaleness(repo(3_000, 2_000))).toBe('is older than sync/cli.ts');
  });

  it('is stale when an output is missing, and names it', () => {
    const root = repo(1_000, 2_000);
    rmSync(join(root, 'dist/bin/ledger-sync.js'));
    expect(distStaleness(root)).toBe('is missing dist/bin/ledger-sync.js');
  });
});

describe('npm run test:quick', () => {
  const quick = quickFiles(ROOT);

  it('runs no file that starts a process or a browser or opens a socket', () => {
    const starts = quick.filter((file) =>
      /node:child_process|chromium|'node:(?:http|https|net)'|127\.0\.0\.1/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(starts).toEqual([]);
  });

  it('runs the in-process tests: the fake, the client, the readers', () => {
    expect(quick).toEqual(
      expect.arrayContaining([
        'test/mocks/auth.test.ts',
        'test/client/errors.test.ts',
        'test/statements/mt940.test.ts',
      ]),
    );
    expect(quick).not.toContain('test/sync/simplefin.test.ts');
    expect(quick).not.toContain('test/package/consumer.test.ts');
  });
});
