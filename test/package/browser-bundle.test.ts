// Entry points by environment: the built `personal-ledger-sdk/mocks` bundles for the browser with no configuration,
// and reaches no node built-in, not even through a lazy import(); only `mocks/msw` imports msw.
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Bundles `entry` for the browser; every import esbuild meets is recorded, none is left unresolved. */
async function bundleForBrowser(
  entry: string,
  external: string[] = [],
): Promise<{ imports: string[]; external: string[] }> {
  const result = await build({
    entryPoints: [join(repo, entry)],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    outdir: join(repo, '.tmp/browser-bundle'),
    metafile: true,
    logLevel: 'silent',
    external,
  });
  const inputs = Object.values((result.metafile as Metafile).inputs);
  const imports = inputs.flatMap((input) => input.imports.map((i) => i.original ?? i.path));
  return { imports, external: inputs.flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path)) };
}

describe('personal-ledger-sdk/mocks in a browser bundle', () => {
  it('dist/ is built', () => {
    expect(existsSync(join(repo, 'dist/mocks/index.js')), 'run `npm run build` first (npm test does)').toBe(true);
  });

  it('the mocks entry bundles with esbuild, platform browser, and imports no node built-in and no msw', async () => {
    const { imports } = await bundleForBrowser('dist/mocks/index.js');
    expect(imports.filter((name) => NODE_BUILTINS.has(name))).toEqual([]);
    expect(imports.filter((name) => name === 'msw' || name.startsWith('msw/'))).toEqual([]);
  });

  it('the msw entry imports msw (left to the page) and no node built-in', async () => {
    const { imports, external } = await bundleForBrowser('dist/mocks/msw.js', ['msw']);
    expect(external).toEqual(['msw']);
    expect(imports.filter((name) => NODE_BUILTINS.has(name))).toEqual([]);
  });

  it('the node entry is the one that needs node:http (a browser bundle of it fails)', async () => {
    // esbuild's message shows its first five errors; every one of them is in `errors`.
    const failure = await bundleForBrowser('dist/mocks/node.js').then(
      () => undefined,
      (error: { errors?: Array<{ text: string }> }) => error,
    );
    expect(failure?.errors?.map((e) => e.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/"(node:)?http"/)]),
    );
  });
});

describe('personal-ledger-sdk/statements in a browser bundle', () => {
  it('bundles with esbuild, platform browser, and imports no node built-in', async () => {
    const { imports } = await bundleForBrowser('dist/statements/index.js');
    expect(imports.filter((name) => NODE_BUILTINS.has(name))).toEqual([]);
  });
});
