// The docs' test examples are the files of test/docs, which run with the suite: a ```ts block of README.md,
// CONTRIBUTING.md, docs/ or examples/ that begins with `// <name>.test.ts` is test/docs/<name>.test.ts verbatim,
// and every such file is shown in a doc. So the docs show code that passes.
//
// The same for the recipes the runners run from the packed package (test/package/consumer-runners.test.ts,
// consumer-jest.test.ts, consumer-python.test.ts): a file of RECIPE_FOLDERS whose first line is `// <its name>` (or `# <its name>`) is a
// recipe; a block of any language that begins with that line is the file verbatim, and every recipe is shown.
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { isDoc } from '../../scripts/docs/doc-links';
import { repositoryFiles } from '../../scripts/docs/repository-files';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(new URL(path, new URL('../../', import.meta.url)), 'utf8');
const docs = [...repositoryFiles(ROOT)].filter(isDoc);

/** Where the recipes of the other runners are, each run by a consumer project's test. */
const RECIPE_FOLDERS = ['test/package/runners/', 'test/package/consumer-jest/', 'examples/python/'];
const repoFiles = [...repositoryFiles(ROOT)];
/** Each recipe by its name (its first line's comment): the path of the file in the repository. */
const recipes = new Map(
  repoFiles
    .filter((file) => RECIPE_FOLDERS.some((folder) => file.startsWith(folder)))
    .filter((file) => new RegExp(`^(//|#) ${basename(file).replace(/\./g, '\\.')}\n`).test(read(file)))
    .map((file) => [basename(file), file]),
);

const fences = docs.flatMap((doc) =>
  new MarkdownIt()
    .parse(read(doc), {})
    .filter((token) => token.type === 'fence')
    .map((token) => ({
      doc,
      info: token.info.trim(),
      code: token.content,
      first: /^(?:\/\/|#) (\S+)\n/.exec(token.content)?.[1],
    })),
);
/** Every ```ts block of every doc that names a test file of test/docs on its first line. */
const shown = fences.flatMap(({ doc, info, code, first }) =>
  info === 'ts' && first?.endsWith('.test.ts') && !recipes.has(first) ? [{ doc, name: first, code }] : [],
);
/** Every block of every doc that begins with a recipe's name. */
const shownRecipes = fences.flatMap(({ doc, code, first }) =>
  first !== undefined && recipes.has(first) ? [{ doc, name: first, code }] : [],
);
const examples = readdirSync(new URL('.', import.meta.url)).filter(
  (name) => name.endsWith('.test.ts') && read(`test/docs/${name}`).startsWith(`// ${name}\n`),
);

describe('the docs show test files verbatim', () => {
  it('finds the examples: the first test in README, the recipes in docs/testing.md', () => {
    expect(shown.map(({ doc, name }) => `${doc}: ${name}`)).toEqual(
      expect.arrayContaining(['README.md: ledger.test.ts', 'docs/testing.md: testing-recipes.test.ts']),
    );
  });

  it.each(shown)('$doc shows $name verbatim', ({ name, code }) => {
    expect(examples, `test/docs/${name} does not exist`).toContain(name);
    expect(code).toBe(read(`test/docs/${name}`));
  });

  it.each(examples)('%s is shown in a doc', (name) => {
    expect(shown.map((block) => block.name)).toContain(name);
  });

  it('finds the recipes of the runners: Jest, Vitest, node:test, Bun, Playwright, pytest', () => {
    expect([...recipes.keys()].sort()).toEqual([
      'babel.config.js',
      'jest.config.js',
      'ledger-bun.spec.ts',
      'ledger-jest.spec.ts',
      'ledger-node.test.mjs',
      'ledger-vitest.spec.ts',
      'ledger.spec.ts',
      'main.js',
      'playwright.config.ts',
      'test_ledger_mock.py',
    ]);
  });

  it.each(shownRecipes)('$doc shows the recipe $name verbatim', ({ name, code }) => {
    expect(code).toBe(read(recipes.get(name)!));
  });

  it.each([...recipes])('the recipe %s (%s) is shown in a doc', (name) => {
    expect(shownRecipes.map((block) => block.name)).toContain(name);
  });

  it('the first example, the one most readers copy, is under 20 lines of test code', () => {
    expect(read('test/docs/ledger.test.ts').trim().split('\n').length).toBeLessThanOrEqual(20);
  });
});
