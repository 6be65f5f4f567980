// What the npm tarball holds, read from the run's packed tarball itself (packedTarball): everything the README and
// the ledger-mock guide point a user of the installed package to, a LICENSE, and package.json fields that make the
// registry's page link back here.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { packedTarball } from '../support/packed';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const REPOSITORY = 'https://github.com/personal-ledger/personal-ledger-sdk';
const BLOB = `${REPOSITORY}/blob/main/`;
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  license: string;
  files: string[];
  exports: Record<string, unknown>;
  repository?: { type: string; url: string };
  homepage?: string;
  bugs?: { url: string };
};
let packed: Set<string>;

beforeAll(async () => {
  // npm puts every file under package/ and lists no directory.
  const { stdout } = await run('tar', ['-tzf', await packedTarball()], { timeout: 60_000 });
  packed = new Set(
    stdout
      .trim()
      .split('\n')
      .map((entry) => entry.replace(/^package\//, '')),
  );
}, 90_000);

/** Every `[text](target)` of the README whose target is not an anchor of the README itself. */
function readmeLinks(): string[] {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !target.startsWith('#'));
}

describe('the packed package', () => {
  it('ships what the docs name for a user of the installed package: the scenario schema and demo scenario, the Python client, spec-gaps, openapi.json', () => {
    for (const file of [
      'mocks/scenarios/scenario.schema.json',
      'mocks/scenarios/demo.json',
      'examples/python/ledger_client_demo.py',
      'docs/spec-gaps.md',
      'openapi.json',
      'README.md',
    ]) {
      expect(packed, file).toContain(file);
    }
  });

  it('ships an MIT LICENSE, as package.json says', () => {
    expect(pkg.license).toBe('MIT');
    expect(packed).toContain('LICENSE');
    const license = readFileSync(join(repo, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} personal-ledger-sdk contributors\n/);
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it('every entry of `files` exists (no CHANGELOG.md before the first release)', () => {
    expect(pkg.files.filter((file) => !existsSync(join(repo, file)))).toEqual([]);
  });

  it('every file `exports` names is in the tarball, the scenario schema among them', () => {
    expect(pkg.exports['./mocks/scenario.schema.json']).toBe('./mocks/scenarios/scenario.schema.json');
    const targetsOf = (value: unknown): string[] =>
      typeof value === 'string' ? [value.slice(2)] : Object.values(value as Record<string, unknown>).flatMap(targetsOf);
    const files = targetsOf(pkg.exports).filter((t) => !t.startsWith('dist/') && t !== 'package.json');
    expect(files).toContain('mocks/scenarios/scenario.schema.json');
    expect(files.filter((file) => !packed.has(file))).toEqual([]);
  });

  it('names its repository, homepage and issue tracker, so the registry page links back', () => {
    expect(pkg.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git` });
    expect(pkg.homepage).toBe(`${REPOSITORY}#readme`);
    expect(pkg.bugs).toEqual({ url: `${REPOSITORY}/issues` });
  });

  it('every relative README link points at a file in the tarball; links to files only in the repository are absolute', () => {
    const links = readmeLinks();
    expect(links.length).toBeGreaterThan(5);
    const relative = links.filter((target) => !/^[a-z]+:/.test(target));
    expect(relative.filter((target) => !packed.has(target.split('#')[0]!))).toEqual([]);
    // An absolute link into this repository must name a file that exists here.
    const intoRepo = links
      .filter((target) => target.startsWith(BLOB))
      .map((target) => target.slice(BLOB.length).split('#')[0]!);
    expect(intoRepo.filter((file) => !existsSync(join(repo, file)))).toEqual([]);
  });
});
