// docs/statements.md's code runs as pasted: each ```ts block (none of them a test file) is a program in a fresh ESM
// project that has the built package installed and the files the examples read. As a .ts file it is type-checked
// against the package's declarations; as a .mjs file it runs with plain node (the doc says either works). So an
// example never shows an undefined variable, a missing import or an option the library does not have.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import MarkdownIt from 'markdown-it';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const DOC = 'docs/statements.md';

/** The files the examples read, by the name they use: made-up statements of this repository. */
const FILES: Record<string, string> = {
  'oct.sta': 'test/statements/fixtures/mt940-sparkasse.sta',
  'chase.csv': 'examples/data/banks/chase-us.csv',
};

/** Every ```ts or ```js block of the doc that is not a test file (those are test/docs' own: doc-snippets.test.ts). */
const examples = new MarkdownIt()
  .parse(readFileSync(join(repo, DOC), 'utf8'), {})
  .filter(
    (token) =>
      token.type === 'fence' &&
      ['ts', 'js'].includes(token.info.trim()) &&
      !/^\/\/ \S+\.test\.ts\n/.test(token.content),
  )
  .map((token, i) => ({ name: `example-${i + 1}`, line: token.map![0] + 1, code: token.content }));

let project: string;

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/statements/index.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  project = mkdtempSync(join(tmpdir(), 'statements-examples-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  // The package as installed: its name resolves through package.json's exports to dist/.
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(repo, join(project, 'node_modules', 'personal-ledger-sdk'), 'dir');
  for (const [name, from] of Object.entries(FILES)) copyFileSync(join(repo, from), join(project, name));
  for (const { name, code } of examples) {
    writeFileSync(join(project, `${name}.ts`), code);
    writeFileSync(join(project, `${name}.mjs`), code);
  }
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe(`${DOC}: every code example runs as pasted`, { timeout: 120_000 }, () => {
  it('finds the examples: reading a statement file, and a CSV export by its layout id', () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.some(({ code }) => code.includes("profile: 'chase-us'"))).toBe(true);
  });

  it('type-checks against the built package (strict, as an ESM project under Node)', () => {
    const program = ts.createProgram(
      examples.map(({ name }) => join(project, `${name}.ts`)),
      {
        module: ts.ModuleKind.Node16,
        moduleResolution: ts.ModuleResolutionKind.Node16,
        target: ts.ScriptTarget.ES2022,
        strict: true,
        noEmit: true,
        skipLibCheck: true, // the package's own declarations are checked by test/package/consumer-types-*.test.ts
        types: ['node'],
        typeRoots: [join(repo, 'node_modules/@types')],
      },
    );
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const at = d.file
        ? `${d.file.fileName.slice(project.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `
        : '';
      return at + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
    expect(problems).toEqual([]);
  });

  it.each(examples)('$name (line $line of the doc) runs with node as an .mjs file', async ({ name }) => {
    const { stdout, stderr } = await run(process.execPath, [`${name}.mjs`], { cwd: project, timeout: 60_000 });
    expect(stderr).toBe('');
    expect(stdout).not.toBe('');
  });
});
