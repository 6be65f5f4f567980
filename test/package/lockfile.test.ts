// A fresh clone's `npm install` must leave package-lock.json as committed: the lockfile is in step with
// package.json (its root entry included). Run on a copy, so the working tree is never touched; npm may
// ask the registry for metadata, so the run is bounded.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');

describe('package-lock.json', () => {
  it('is left byte for byte as it is by `npm install --package-lock-only` on package.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-lockfile-'));
    try {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(repo, file), join(dir, file));
      await run(
        'npm',
        ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
        { cwd: dir, timeout: 120_000 },
      );
      const committed = readFileSync(join(repo, 'package-lock.json'), 'utf8');
      const after = readFileSync(join(dir, 'package-lock.json'), 'utf8');
      // toEqual on the text shows the changed lines; the byte comparison is the actual rule.
      expect(after).toEqual(committed);
      expect(
        Buffer.compare(readFileSync(join(dir, 'package-lock.json')), readFileSync(join(repo, 'package-lock.json'))),
      ).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
