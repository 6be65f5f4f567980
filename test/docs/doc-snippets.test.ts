// The docs' test examples are the files of test/docs, which run with the suite: a ```ts block of README.md,
// CONTRIBUTING.md, docs/ or examples/ that begins with `// <name>.test.ts` is test/docs/<name>.test.ts verbatim,
// and every such file is shown in a doc. So the docs show code that passes. The same for the files of the consumer
// projects (test/package/consumer-*/) that begin with `// <their name>`, which run in a project of their own (Jest's).
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

/** Every ```ts block of every doc that names a test file on its first line. */
const shown = docs.flatMap((doc) =>
  new MarkdownIt()
    .parse(read(doc), {})
    .filter((token) => token.type === 'fence' && token.info.trim() === 'ts')
    .flatMap((token) => {
      const name = /^\/\/ (\S+\.test\.ts)\n/.exec(token.content)?.[1];
      return name ? [{ doc, name, code: token.content }] : [];
    }),
);
const examples = readdirSync(new URL('.', import.meta.url)).filter(
  (name) => name.endsWith('.test.ts') && read(`test/docs/${name}`).startsWith(`// ${name}\n`),
);

/** The files of the consumer projects that a doc must show: each begins with `// <its name>`. */
const projectFiles = readdirSync(new URL('../package/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('consumer-'))
  .flatMap((entry) =>
    readdirSync(new URL(`../package/${entry.name}/`, import.meta.url)).map(
      (name) => `test/package/${entry.name}/${name}`,
    ),
  )
  .filter((path) => /\.[cm]?[jt]s$/.test(path) && read(path).startsWith(`// ${basename(path)}\n`));
/** Every ```ts or ```js block of every doc whose first line names one of them. */
const shownProjectFiles = docs.flatMap((doc) =>
  new MarkdownIt()
    .parse(read(doc), {})
    .filter((token) => token.type === 'fence' && ['ts', 'js'].includes(token.info.trim()))
    .flatMap((token) => {
      const name = /^\/\/ (\S+)\n/.exec(token.content)?.[1];
      const path = projectFiles.find((file) => basename(file) === name);
      return path ? [{ doc, path, code: token.content }] : [];
    }),
);

describe("the docs show the consumer projects' files verbatim", () => {
  it('finds the Jest recipe and its configuration in docs/testing.md', () => {
    expect(shownProjectFiles.map(({ doc, path }) => `${doc}: ${path}`)).toEqual(
      expect.arrayContaining([
        'docs/testing.md: test/package/consumer-jest/ledger-jest.spec.ts',
        'docs/testing.md: test/package/consumer-jest/jest.config.js',
        'docs/testing.md: test/package/consumer-jest/babel.config.js',
      ]),
    );
  });

  it.each(shownProjectFiles)('$doc shows $path verbatim', ({ path, code }) => {
    expect(code).toBe(read(path));
  });

  it.each(projectFiles)('%s is shown in a doc', (path) => {
    expect(shownProjectFiles.map((block) => block.path)).toContain(path);
  });
});

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

  it('the first example, the one most readers copy, is under 20 lines of test code', () => {
    expect(read('test/docs/ledger.test.ts').trim().split('\n').length).toBeLessThanOrEqual(20);
  });
});
