// Benchmark 5: the client entry (src/index.ts) bundled and minified with esbuild (platform neutral, ESM), minified
// and gzipped bytes, and the same for a typical import (`createLedgerClient` only, tree-shaken). Built with code
// splitting, as an ESM bundler does: what `import` loads at once (the entry chunk and the chunks it imports
// statically) is reported apart from what loads on first use through `import()` (the bulk engine, the events of
// a watched call), and so is the total. The same code as one file (splitting off: the `import()` inlined, as a bundler without code splitting and
// the CJS build ship it) is reported too. For the typical import it also lists what is left of what `import` loads:
// each area's share of the gzipped bytes (the bytes it loses without that area's code). The sizes are exact, so one
// run is enough: node --import tsx bench/client-bundle.bench.ts
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { report } from './lib/child';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Minified and gzipped bytes (each file gzipped on its own, as served). */
export interface Bytes {
  minified: number;
  gzipped: number;
}

/** Sizes of one import: what `import` loads (the bars are read here), and the rest. */
export interface BundleSize extends Bytes {
  /** Chunks reached only through `import()`: loaded on first use (the bulk engine, a watched call's events). */
  lazy: Bytes;
  /** What `import` loads and the lazy chunks together. */
  total: Bytes;
  /** The same code as one file, splitting off (`import()` inlined), as a bundler without code splitting ships it. */
  single: Bytes;
  /** Largest modules of what `import` loads, minified bytes. */
  modules: Array<{ file: string; bytes: number }>;
}

/** One area of the client's code (a folder of src/, or a dependency) and its share of the gzipped bytes. */
export interface AreaShare {
  area: string;
  /** Gzipped bytes of the whole bundle minus those of the bundle without this area's code. */
  gzipped: number;
  /** The area's minified bytes. */
  minified: number;
}

const options = (contents: string) =>
  ({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-entry.ts' },
    absWorkingDir: ROOT, // metafile paths relative to the repository
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false as const,
    metafile: true as const,
    logLevel: 'silent',
    define: { __SDK_VERSION__: '"0.0.0-bench"' },
  }) satisfies BuildOptions;
/** Never written (write: false); esbuild needs an output folder to split. */
const OUT = `${ROOT}bench-out`;

const gzipped = (code: Uint8Array | string) => gzipSync(code, { level: 9 }).byteLength;

const sum = (files: Bytes[]): Bytes => ({
  minified: files.reduce((n, f) => n + f.minified, 0),
  gzipped: files.reduce((n, f) => n + f.gzipped, 0),
});

/** The files of a split build: which of them `import` loads (the entry and its static imports, transitively). */
function initialFiles(result: { metafile: Metafile }): Set<string> {
  const outputs = result.metafile.outputs;
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const i of outputs[key]!.imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(Object.keys(outputs).find((key) => outputs[key]!.entryPoint !== undefined)!);
  return initial;
}

/** The metafile's key of an output file (its path relative to the working directory). */
const keyOf = (path: string, result: { metafile: Metafile }) =>
  Object.keys(result.metafile.outputs).find((key) => path.endsWith(key.replace(/^bench-out/, '')))!;

async function size(contents: string): Promise<BundleSize> {
  const split = await build({ ...options(contents), splitting: true, outdir: OUT });
  const initial = initialFiles(split);
  const files = split.outputFiles.map((file) => ({
    key: keyOf(file.path, split),
    minified: file.contents.byteLength,
    gzipped: gzipped(file.contents),
  }));
  const single = (await build(options(contents))).outputFiles[0]!.contents;
  return {
    ...sum(files.filter((f) => initial.has(f.key))),
    lazy: sum(files.filter((f) => !initial.has(f.key))),
    total: sum(files),
    single: { minified: single.byteLength, gzipped: gzipped(single) },
    modules: [...initial].flatMap((key) => modulesOf(split.metafile.outputs[key]!)).sort((a, b) => b.bytes - a.bytes),
  };
}

/** `src/bulk/x.ts` -> `src/bulk/`, `src/client.ts` -> `src/client.ts`, a dependency -> its package name. */
function areaOf(file: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (dependency) return dependency[1]!;
  const parts = file.split('/');
  return parts.length > 2 ? `${parts.slice(0, 2).join('/')}/` : file;
}

/**
 * What `import` of `contents` loads (the initial files of the split build), by area, largest share first. Each module
 * starts with a marker comment (a legal comment, which minifying keeps in place), so each minified file can be cut
 * into modules; an area's share is the gzipped size of the initial files minus that of the same files without the
 * area's modules (each file gzipped on its own, as served).
 */
async function areas(contents: string): Promise<AreaShare[]> {
  const MARK = '@@bench-module ';
  const marker: Plugin = {
    name: 'module-marker',
    setup(b) {
      b.onLoad({ filter: /\.(ts|js|mjs)$/ }, async (args) => ({
        contents: `/*! ${MARK}${args.path.slice(ROOT.length)} */\n${await readFile(args.path, 'utf8')}`,
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
      }));
    },
  };
  const result = await build({
    ...options(contents),
    splitting: true,
    outdir: OUT,
    legalComments: 'inline',
    plugins: [marker],
  });
  const initial = initialFiles(result);
  /** Each initial file as its code before the first module, then its modules. */
  const files = result.outputFiles
    .filter((file) => initial.has(keyOf(file.path, result)))
    .map((file) => {
      const [head = '', ...rest] = file.text.split(new RegExp(`/\\*! ${MARK}(\\S+) \\*/\\n?`));
      const modules: Array<{ area: string; code: string }> = [];
      for (let i = 0; i < rest.length; i += 2) modules.push({ area: areaOf(rest[i]!), code: rest[i + 1]! });
      return { head, modules };
    });
  const gzippedWithout = (area: string | undefined) =>
    files.reduce(
      (n, f) =>
        n +
        gzipped(
          f.head +
            f.modules
              .filter((m) => m.area !== area)
              .map((m) => m.code)
              .join(''),
        ),
      0,
    );
  const whole = gzippedWithout(undefined);
  const all = files.flatMap((f) => f.modules);
  return [...new Set(all.map((m) => m.area))]
    .map((area) => ({
      area,
      gzipped: whole - gzippedWithout(area),
      minified: all.filter((m) => m.area === area).reduce((n, m) => n + m.code.length, 0),
    }))
    .sort((a, b) => b.gzipped - a.gzipped);
}

function modulesOf(output: Metafile['outputs'][string]): Array<{ file: string; bytes: number }> {
  return Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
    .filter((m) => m.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

const whole = await size(`export * from './src/index.ts';`);
const TYPICAL = `export { createLedgerClient } from './src/index.ts';`;
const typical = { ...(await size(TYPICAL)), areas: await areas(TYPICAL) };
const openapiFetch = await size(`import createClient from 'openapi-fetch'; export { createClient };`);
report({ whole, typical, openapiFetch });
