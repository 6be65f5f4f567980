// `npm run check:docs` fails on a merge-conflict marker in any file and on a broken link between the docs, and
// passes on this repository. Each failure is shown on a small repository made for the test, by running the script
// as npm runs it (from the repository's root).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { conflictMarkerLines } from '../../scripts/docs/conflict-markers';
import { anchorsOf, linksOf } from '../../scripts/docs/doc-links';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const SCRIPT = join(ROOT, 'scripts/check-docs.ts');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const REPOSITORY = 'https://github.com/personal-ledger/personal-ledger-sdk';
// Written so that this file holds no marker at the start of a line itself.
const [START, MIDDLE, END] = ['<'.repeat(7), '='.repeat(7), '>'.repeat(7)];

const made: string[] = [];
afterAll(() =>
  made.forEach((dir) => {
    rmSync(dir, { recursive: true, force: true });
  }),
);

/** A git repository (nothing committed: new files count) holding `files`, with this project's package.json fields. */
async function repository(files: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'check-docs-'));
  made.push(dir);
  await run('git', ['init', '-q'], { cwd: dir });
  const all = {
    'package.json': JSON.stringify({ repository: { type: 'git', url: `git+${REPOSITORY}.git` } }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Runs the script in `cwd`: its exit code and what it printed. */
async function checkDocs(cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, SCRIPT], { cwd, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const GOOD_DOCS = {
  'README.md': [
    '# Project',
    '',
    'See [the guide](docs/guide.md#keeping-the-state---state-file), [its second Setup](docs/guide.md#setup-1),',
    `[the state file](${REPOSITORY}/blob/main/docs/guide.md#the-fake--its-control-api), [below](#install),`,
    `[examples](${REPOSITORY}/tree/main/examples/), [a site](https://example.com/missing.md#nowhere) and`,
    '[code](src/index.ts#L3).',
    '',
    '## Install',
    '',
    '```md',
    '[not a link, in a code block](missing.md)',
    '```',
    '',
    'Nor in a code span: `[x](missing.md)`.',
    '',
  ].join('\n'),
  'docs/guide.md': [
    '# Guide',
    '',
    '## Keeping the state: `--state FILE`',
    '## Setup',
    '## Setup',
    '## The fake & its control API',
    '',
    'Back to the [README](../README.md#install).',
    '',
    'Title',
    MIDDLE,
    '',
  ].join('\n'),
  'src/index.ts': 'export {};\n',
  'examples/a.ts': 'export {};\n',
};

describe('npm run check:docs', () => {
  it('passes on this repository', { timeout: 90_000 }, async () => {
    const result = await checkDocs(ROOT);
    expect(result.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^check:docs: \d+ files without conflict markers, links between \d+ docs resolve\n$/);
  });

  it('passes on good docs: anchors by GitHub slug, repeats, links into the repository, code blocks, a setext underline', {
    timeout: 60_000,
  }, async () => {
    const result = await checkDocs(await repository(GOOD_DOCS));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('links between 2 docs resolve');
  });

  it('fails on conflict markers in any file, naming each line', { timeout: 60_000 }, async () => {
    const conflicted = [
      'const a = 1;',
      `${START} HEAD`,
      'const b = 2;',
      MIDDLE,
      'const b = 3;',
      `${END} feature`,
      '',
    ].join('\n');
    const result = await checkDocs(await repository({ ...GOOD_DOCS, 'src/merged.ts': conflicted }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'src/merged.ts:2: merge-conflict marker\nsrc/merged.ts:4: merge-conflict marker\nsrc/merged.ts:6: merge-conflict marker\n',
    );
    expect(result.stderr).toContain('check:docs: 3 problem(s)');
  });

  it('fails on the README this repository had: markers left in a table', { timeout: 60_000 }, async () => {
    const readme = [
      '| Command | What |',
      '|---|---|',
      '| `a` | one |',
      `${START} HEAD`,
      MIDDLE,
      '| `b` | two |',
      `${END} issue16-state`,
      '',
    ].join('\n');
    const result = await checkDocs(await repository({ 'README.md': readme }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'README.md:4: merge-conflict marker\nREADME.md:5: merge-conflict marker\nREADME.md:7: merge-conflict marker\n',
    );
  });

  it('fails on a link to a missing file, a missing anchor in another doc or the same one, and outside the repository', {
    timeout: 60_000,
  }, async () => {
    const readme = [
      '# Project',
      '',
      '[gone](docs/gone.md) [typo](docs/guide.md#setup-2)',
      `[into the repository](${REPOSITORY}/blob/main/docs/guide.md#keeping-state)`,
      '',
      '| a | b |',
      '|---|---|',
      '| x | [here](#instal) |',
      '',
      '[up](../outside.md)',
      '',
      '## Install',
      '',
    ].join('\n');
    const result = await checkDocs(await repository({ ...GOOD_DOCS, 'README.md': readme }));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        'README.md:3: broken link docs/gone.md: there is no file docs/gone.md',
        'README.md:3: broken link docs/guide.md#setup-2: docs/guide.md has no heading with the anchor #setup-2',
        `README.md:4: broken link ${REPOSITORY}/blob/main/docs/guide.md#keeping-state: docs/guide.md has no heading with the anchor #keeping-state`,
        'README.md:8: broken link #instal: README.md has no heading with the anchor #instal',
        'README.md:10: broken link ../outside.md: it leaves the repository',
        'check:docs: 5 problem(s)',
        '',
      ].join('\n'),
    );
  });

  it('fails on a link to a file that exists but git ignores (it would be missing from a clean clone)', {
    timeout: 60_000,
  }, async () => {
    const dir = await repository({
      ...GOOD_DOCS,
      '.gitignore': 'docs/api/\n',
      'docs/api/index.html': '<html></html>\n',
      'docs/guide.md': '# Guide\n\n[API](api/index.html)\n',
    });
    const result = await checkDocs(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'docs/guide.md:3: broken link api/index.html: there is no file docs/api/index.html',
    );
  });
});

describe('what counts as a conflict marker', () => {
  it('a start, a middle and an end line, also with CRLF and diff3 base lines', () => {
    const text = [`${START} ours`, 'a', `${'|'.repeat(7)} base`, 'b', MIDDLE, 'c', `${END} theirs`].join('\r\n');
    expect(conflictMarkerLines(text)).toEqual([1, 3, 5, 7]);
  });

  it('a start or an end left alone by a half-done resolution', () => {
    expect(conflictMarkerLines(`x\n${START} HEAD\ny\n`)).toEqual([2]);
    expect(conflictMarkerLines(`x\n${END} main\n`)).toEqual([2]);
  });

  it('not a setext underline, a longer rule, or markers inside a line', () => {
    expect(conflictMarkerLines(`Title\n${MIDDLE}\n\n${'='.repeat(8)}\n'${START} quoted'\n  ${END} indented\n`)).toEqual(
      [],
    );
  });
});

describe('links and anchors as GitHub reads them', () => {
  it('slugs: lower case, punctuation dropped, spaces to hyphens, code spans kept, repeats numbered', () => {
    const anchors = anchorsOf(
      '# Retries, timeouts and cancellation\n## Keeping the state: `--state FILE`\n## MSW\n## MSW\n<a id="custom"></a>\n',
    );
    expect([...anchors]).toEqual([
      'retries-timeouts-and-cancellation',
      'keeping-the-state---state-file',
      'msw',
      'msw-1',
      'custom',
    ]);
  });

  it('finds links in text, lists and tables with their line, and none in code', () => {
    const text =
      'a [one](x.md)\nand [two](y.md#z)\n\n- [three](z.md)\n\n| h |\n|---|\n| [four](w.md) |\n\n```\n[no](n.md)\n```\n`[no](n.md)`\n';
    expect(linksOf(text)).toEqual([
      { target: 'x.md', line: 1 },
      { target: 'y.md#z', line: 2 },
      { target: 'z.md', line: 4 },
      { target: 'w.md', line: 8 },
    ]);
  });
});
