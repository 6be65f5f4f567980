// `ledger-sync simplefin claim`, run as the real command (a process) against a fake SimpleFIN server over HTTP on
// 127.0.0.1: what is claimed and kept where (owner-only, never overwritten unless asked), what is refused before
// anything is sent, and that the token and the Access URL never show. Syncing with the Access URL: simplefin.test.ts.
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSimplefin, type FakeSimplefin } from '../support/simplefin-server';
import { tempDir } from './support';
import { accountSet, watchedRuns } from './simplefin-support';

let simplefin: FakeSimplefin;
let dir: Awaited<ReturnType<typeof tempDir>>;
/** Every run of the command, and every secret handed out: checked together at the end. */
const { secrets, run, expectNoSecretShown } = watchedRuns();

beforeAll(async () => {
  [simplefin, dir] = await Promise.all([startFakeSimplefin(accountSet()), tempDir()]);
});

afterAll(async () => {
  await simplefin?.close();
  await dir?.cleanup();
});

beforeEach(() => {
  simplefin.journal.length = 0;
});

describe('ledger-sync simplefin claim', { timeout: 120_000 }, () => {
  it('claims once and keeps the Access URL in a new owner-only file (mode 600), never printed', async () => {
    const token = simplefin.issueToken();
    secrets.push(token);
    const out = join(dir.path, 'simplefin-access');
    const { code, stdout, stderr } = await run(['simplefin', 'claim', token, '--out', out]);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toContain(
      `Claimed: the Access URL for 127.0.0.1:${new URL(simplefin.root).port} is stored in ${out}, readable by you only (mode 600).`,
    );
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    const stored = (await readFile(out, 'utf8')).trim();
    expect(stored).toMatch(/^http:\/\/user[0-9a-f]+:pw[0-9a-f]+@127\.0\.0\.1:\d+\/simplefin$/);
    const { username, password } = new URL(stored);
    secrets.push(stored, username, password);
    expect(stdout).not.toContain(password);
    expect(simplefin.journal.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /simplefin/claim/${Buffer.from(token, 'base64').toString().split('/').pop()}`,
    ]);
    // No temporary file left beside it.
    expect((await readdir(dir.path)).filter((name) => name.includes('simplefin-access'))).toEqual(['simplefin-access']);

    // The same token again: 403, and the user is told to disable it at the Bridge. The file is left as it was.
    const again = await run(['simplefin', 'claim', token, '--out', join(dir.path, 'second'), '--force']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'Error: the SimpleFIN server refused the token (403): it was already claimed, or it does not exist.',
    );
    expect(again.stderr).toContain('disable that token at the Bridge');
    expect(await readdir(dir.path)).not.toContain('second');
  });

  it('refuses to overwrite an existing file unless --force, before claiming anything (the token stays usable)', async () => {
    const token = simplefin.issueToken();
    secrets.push(token);
    const out = await dir.file('existing', 'keep me\n');
    const refused = await run(['simplefin', 'claim', token, '--out', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `Error: ${out} exists already: nothing was claimed. Give another file, or --force to replace it`,
    );
    expect(simplefin.journal).toEqual([]);
    expect(await readFile(out, 'utf8')).toBe('keep me\n');
    const forced = await run(['simplefin', 'claim', token, '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(await readFile(out, 'utf8')).toMatch(/^http:\/\/user/);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    secrets.push((await readFile(out, 'utf8')).trim());
  });

  it('an --out that cannot be written (a folder, even with --force; a path through a file; a missing folder) is refused before claiming (exit 2); the token stays usable', async () => {
    const token = simplefin.issueToken();
    secrets.push(token);
    const folder = join(dir.path, 'access-folder'); // access*: holds an access file at the end
    await mkdir(folder);
    const aFile = await dir.file('a-file', 'not a folder\n');
    const isFolder = `Error: --out ${folder} is a folder: give the name of a file to create, such as ${join(folder, 'simplefin-access')}; nothing was claimed`;
    const cases = [
      [[folder], isFolder],
      [[folder, '--force'], isFolder],
      [
        [join(aFile, 'access'), '--force'],
        `Error: --out ${join(aFile, 'access')}: cannot create a file in ${aFile}: a part of the path is a file, not a folder (ENOTDIR); nothing was claimed`,
      ],
      [
        [join(dir.path, 'no-such-folder', 'access')],
        `cannot create a file in ${join(dir.path, 'no-such-folder')}: no such file or folder (ENOENT); nothing was claimed`,
      ],
    ] as const;
    // The refusals at once (each its own process): had one claimed, the journal below would show it.
    const refusals = await Promise.all(cases.map(([args]) => run(['simplefin', 'claim', token, '--out', ...args])));
    cases.forEach(([args, message], i) => {
      expect([refusals[i]!.code, refusals[i]!.stdout], args.join(' ')).toEqual([2, '']);
      expect(refusals[i]!.stderr).toContain(message);
    });
    expect(simplefin.journal).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
    const claimed = await run(['simplefin', 'claim', token, '--out', join(folder, 'access-claimed')]);
    expect(claimed.code).toBe(0);
    secrets.push((await readFile(join(folder, 'access-claimed'), 'utf8')).trim());
  });

  it.each([
    ['not Base64', '!!not a token!!', 'this is not a SimpleFIN Token: a token is Base64 text'],
    ['Base64 of no URL', Buffer.from('hello there').toString('base64'), 'its Base64 text does not decode to a URL'],
    [
      'a plain-HTTP claim URL to another machine',
      Buffer.from('http://bridge.example/simplefin/claim/abc123secret').toString('base64'),
      'uses plain HTTP to bridge.example: SimpleFIN is spoken over HTTPS only',
    ],
    [
      'an Access URL pasted instead',
      'https://someone:hunter2secret@bridge.example/simplefin',
      'this is a URL, not a SimpleFIN Token',
    ],
  ])(
    'a token that is %s: exit 2, nothing sent, the token never quoted, no file left',
    async (_name, token, message) => {
      const { code, stdout, stderr } = await run(['simplefin', 'claim', token, '--out', join(dir.path, 'never')]);
      expect([code, stdout]).toEqual([2, '']);
      expect(stderr).toContain(message);
      expect(stderr).not.toContain(token);
      expect(stderr).not.toContain('hunter2secret');
      expect(stderr).not.toContain('abc123secret');
      expect((await readdir(dir.path)).filter((f) => f.includes('never'))).toEqual([]);
    },
  );
});

describe('ledger-sync simplefin claim, the server unreachable', { timeout: 120_000 }, () => {
  it('exit 1 naming the host, saying the token was not sent; no file left', async () => {
    const closed = await startFakeSimplefin();
    const token = closed.issueToken();
    secrets.push(token, Buffer.from(token, 'base64').toString());
    await closed.close();
    const { code, stderr } = await run(['simplefin', 'claim', token, '--out', join(dir.path, 'unclaimed')]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Error: could not reach the SimpleFIN server at ${new URL(closed.root).host}: ECONNREFUSED. The token was not sent: try again later.`,
    );
    expect((await readdir(dir.path)).filter((f) => f.includes('unclaimed'))).toEqual([]);
  });
});

describe('ledger-sync simplefin claim: nothing shown', () => {
  it('no secret (token, Access URL, user, password) in any output or file but the access files', async () => {
    const holdsAccess = (name: string) =>
      name.startsWith('access') || name === 'simplefin-access' || name === 'existing';
    expect(await expectNoSecretShown(dir.path, holdsAccess)).toBeGreaterThan(10);
    await writeFile(join(dir.path, 'checked'), 'done');
  });
});
